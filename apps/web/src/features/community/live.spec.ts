import { describe, expect, it } from '@jest/globals';
import { liveFeedPath, openLiveFeed, type LiveEvent } from './live';

const encoder = new TextEncoder();

/** A stream that sends `chunks`, then ends (or stays open when `hold`). */
function sse(chunks: string[], hold = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!hold) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
const refusal = (status: number) => new Response(JSON.stringify({ detail: 'no', code: 'X', errors: [] }), { status });

interface Call {
  url: string;
  authorization: string | null;
}

function harness(answers: Array<() => Response>, token: string | null = 'tok-1', refreshed: string | null = 'tok-2') {
  const calls: Call[] = [];
  const events: LiveEvent[] = [];
  let reopened = 0;
  let refreshes = 0;
  const close = openLiveFeed('/api/live/study-groups/g1', {
    onEvent: (e) => events.push(e),
    onReopen: () => (reopened += 1),
    token: async () => token,
    refresh: async () => ((refreshes += 1), refreshed),
    random: () => 0,
    retryMs: 20,
    fetch: async (input, init) => {
      calls.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      const next = answers.shift();
      if (!next) return new Promise<Response>(() => undefined);
      return next();
    },
  });
  return { calls, events, close, reopened: () => reopened, refreshes: () => refreshes };
}

const until = async (ok: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('live feed', () => {
  it('has the contract paths', () => {
    expect(liveFeedPath.studyGroup('g1')).toBe('/live/study-groups/g1');
    expect(liveFeedPath.question('q1')).toBe('/live/qa/questions/q1');
    expect(liveFeedPath.questions()).toBe('/live/qa');
  });

  it('sends the token in the Authorization header, never in the URL, and delivers parsed events', async () => {
    const h = harness([
      () =>
        sse(['retry: 3000\n\n: ready\n\n', 'event: community.message.posted\ndata: {"message_id":"m1"}\n\n', 'data: not json\n\n'], true),
    ]);
    await until(() => h.events.length === 1);
    h.close();
    expect(h.calls).toEqual([{ url: '/api/live/study-groups/g1', authorization: 'Bearer tok-1' }]);
    expect(h.events).toEqual([{ event: 'community.message.posted', data: { message_id: 'm1' } }]);
  });

  it('reconnects after the stream ends, after the retry: delay, and reports the reopening', async () => {
    const h = harness([() => sse(['retry: 10\n\n']), () => sse(['event: x\ndata: 1\n\n'], true)]);
    await until(() => h.events.length === 1);
    h.close();
    expect(h.calls).toHaveLength(2);
    expect(h.reopened()).toBe(1);
  });

  it('after a 401 asks for a fresh token once and opens with it', async () => {
    const h = harness([() => refusal(401), () => sse(['event: x\ndata: 2\n\n'], true)]);
    await until(() => h.events.length === 1);
    h.close();
    expect(h.refreshes()).toBe(1);
    expect(h.calls.map((c) => c.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('stops for good when refused (not a member) or signed out', async () => {
    const refused = harness([() => refusal(403), () => sse([], true)]);
    const signedOut = harness([() => refusal(401), () => sse([], true)], 'tok-1', null);
    await new Promise((r) => setTimeout(r, 100));
    expect(refused.calls).toHaveLength(1);
    expect(signedOut.calls).toHaveLength(1);
    refused.close();
    signedOut.close();
  });

  it('keeps trying after a server error, and closing stops it', async () => {
    const h = harness([() => refusal(503), () => sse(['retry: 5\n\n']), () => sse([], true)]);
    await until(() => h.calls.length === 3);
    h.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(h.calls).toHaveLength(3);
  });
});
