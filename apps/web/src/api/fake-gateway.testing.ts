/**
 * Tests only: a gateway faked at `fetch`, so specs drive the real client (URL, method, body)
 * and the real query options. A window and localStorage exist (query-core polls only where a
 * window does; the token store reads localStorage). Install it before importing the client.
 */
export type FakeAnswer = { status: number; body?: unknown };
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeGateway {
  /** every request, in order */
  readonly sent: SentRequest[];
  /** how the next requests are answered */
  answer: (request: SentRequest) => FakeAnswer;
}

export function installFakeGateway(initial: (request: SentRequest) => FakeAnswer): FakeGateway {
  const gateway: FakeGateway = { sent: [], answer: initial };
  const store = new Map<string, string>();
  Object.assign(globalThis, {
    window: globalThis,
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    fetch: async (url: string, init: RequestInit) => {
      const request = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      gateway.sent.push(request);
      const { status, body } = gateway.answer(request);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return gateway;
}
