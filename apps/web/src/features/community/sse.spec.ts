import { describe, expect, it } from '@jest/globals';
import { backoffDelay, SseParser } from './sse';

describe('server-sent events parser', () => {
  it('reads named events with JSON data, ending at a blank line', () => {
    const parser = new SseParser();
    const events = parser.push('event: community.message.posted\ndata: {"message_id":"m1"}\n\n');
    expect(events).toEqual([{ event: 'community.message.posted', data: '{"message_id":"m1"}', id: null }]);
  });

  it('ignores comment lines (ready, keep-alive) and honours retry:', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 3000\n\n: ready\n\n: keep-alive\n\n')).toEqual([]);
    expect(parser.retryMs).toBe(3000);
    parser.push('retry: soon\n');
    expect(parser.retryMs).toBe(3000);
  });

  it('joins events cut anywhere across chunks, CRLF included', () => {
    const parser = new SseParser();
    const wire = 'event: a\r\ndata: {"x":\r\ndata: 1}\r\n\r\nevent: b\rdata: 2\r\r\n';
    const seen = [];
    for (const char of wire) seen.push(...parser.push(char));
    expect(seen).toEqual([
      { event: 'a', data: '{"x":\n1}', id: null },
      { event: 'b', data: '2', id: null },
    ]);
  });

  it('an event without data is not delivered, and a name does not leak into the next event', () => {
    const parser = new SseParser();
    expect(parser.push('event: lonely\n\ndata: plain\n\n')).toEqual([{ event: 'message', data: 'plain', id: null }]);
  });
});

describe('reconnection backoff', () => {
  it('starts at the server delay, doubles per failure and stops at the cap', () => {
    const none = () => 0;
    expect(backoffDelay(0, 3000, 30_000, none)).toBe(3000);
    expect(backoffDelay(1, 3000, 30_000, none)).toBe(6000);
    expect(backoffDelay(2, 3000, 30_000, none)).toBe(12_000);
    expect(backoffDelay(9, 3000, 30_000, none)).toBe(30_000);
  });

  it('jitters downwards by at most a fifth', () => {
    expect(backoffDelay(0, 3000, 30_000, () => 0.999)).toBeGreaterThanOrEqual(2400);
    expect(backoffDelay(0, 3000, 30_000, () => 0.999)).toBeLessThan(3000);
  });
});
