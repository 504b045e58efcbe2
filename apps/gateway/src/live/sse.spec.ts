import { describe, expect, it } from '@jest/globals';
import { sseComment, sseEvent, sseRetry } from './sse.js';

/** Parses frames the way a browser's EventSource does (the fields this feed uses). */
function parse(text: string): { event?: string; data?: string; retry?: number; comments: string[] }[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => {
      const out: { event?: string; data?: string; retry?: number; comments: string[] } = { comments: [] };
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) out.comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) out.event = line.slice(7);
        else if (line.startsWith('data: ')) out.data = (out.data === undefined ? '' : `${out.data}\n`) + line.slice(6);
        else if (line.startsWith('retry: ')) out.retry = Number(line.slice(7));
      }
      return out;
    });
}

describe('SSE framing', () => {
  it('frames an event with its name and its payload as one JSON line', () => {
    const payload = { group_id: 'g1', content: 'hello' };
    expect(sseEvent('community.message.posted', payload)).toBe(
      `event: community.message.posted\ndata: {"group_id":"g1","content":"hello"}\n\n`,
    );
    expect(parse(sseEvent('community.message.posted', payload))).toEqual([
      { event: 'community.message.posted', data: JSON.stringify(payload), comments: [] },
    ]);
  });

  it('keeps a message with line breaks and a forged field inside one frame', () => {
    const content = 'line one\n\nevent: community.answer.posted\ndata: {"evil":true}\r\n: x';
    const frames = parse(sseEvent('community.message.posted', { content }));
    expect(frames).toHaveLength(1);
    expect(frames[0]!.event).toBe('community.message.posted');
    expect(JSON.parse(frames[0]!.data!)).toEqual({ content });
  });

  it('writes comments and the retry field on lines of their own', () => {
    expect(sseComment('keep-alive')).toBe(': keep-alive\n\n');
    expect(sseComment('a\nb')).toBe(': a b\n\n');
    expect(sseRetry(3000)).toBe('retry: 3000\n\n');
    expect(parse(sseRetry(3000) + sseComment('ready'))).toEqual([{ retry: 3000, comments: [] }, { comments: ['ready'] }]);
  });
});
