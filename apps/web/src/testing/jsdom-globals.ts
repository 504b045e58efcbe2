import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out what React Router reads at import time; Node has both
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Radix measures some controls (Switch) with ResizeObserver; jsdom lays nothing out, so there is nothing to observe
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });

// React Router's data router wraps each navigation in a Request; jsdom has none. Only what the
// router reads of a client-side navigation (url, method, signal, headers) is kept.
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal;
  readonly headers: Headers;
  readonly body: BodyInit | null;
  constructor(input: string | URL | { url: string }, init: RequestInit = {}) {
    this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.signal = init.signal ?? new AbortController().signal;
    this.headers = new Headers(init.headers);
    this.body = init.body ?? null;
  }
}
if (!('Request' in globalThis)) Object.assign(globalThis, { Request: NavigationRequest });
