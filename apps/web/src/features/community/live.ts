import { fillPath, LIVE_FEEDS, LIVE_STREAM } from '@lp/contracts';
import { useEffect, useRef } from 'react';
import { currentToken, refreshAccessToken } from '../../api/token-refresh';
import { API_BASE } from '../../config/product';
import { backoffDelay, SseParser } from './sse';

/** An event of a live feed: its name (`community.message.posted`, ...) and its parsed payload. */
export interface LiveEvent {
  event: string;
  data: unknown;
}

export interface LiveFeedOptions {
  /**
   * Called when a stream opens again after it dropped: events of the gap are not replayed,
   * so the page reloads what it shows.
   */
  onReopen?: () => void;
}

/** The feeds' paths under /api (declared once in the contracts). */
export const liveFeedPath = {
  studyGroup: (id: string) => fillPath(LIVE_FEEDS.studyGroup.path, { id }),
  question: (id: string) => fillPath(LIVE_FEEDS.question.path, { id }),
  questions: () => LIVE_FEEDS.questions.path,
};

export interface LiveConnection {
  onEvent: (event: LiveEvent) => void;
  onReopen?: () => void;
  /** the stored access token, refreshed when about to expire */
  token?: () => Promise<string | null>;
  /** a fresh token after a 401, null when the session ended */
  refresh?: (stale: string) => Promise<string | null>;
  fetch?: typeof fetch;
  random?: () => number;
  /** the delay before the first reconnect until the server says otherwise (`retry:`) */
  retryMs?: number;
}

/** A refusal that another try would only repeat (signed out, not a member, no such question). */
class FinalRefusal extends Error {}

/**
 * Follows one live feed until closed: GET {url} read as a stream with fetch(), so the bearer
 * token travels in the Authorization header (EventSource cannot send one, and a token never
 * goes into a URL). After a drop it reconnects after the server's `retry:` delay, doubled per
 * failed attempt; a stream that ended because the token did is reopened with a fresh one.
 * 401 after a refresh, 403 and 404 stop it for good. Returns the function that closes it.
 */
export function openLiveFeed(url: string, connection: LiveConnection): () => void {
  const abort = new AbortController();
  const { signal } = abort;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });

  void (async () => {
    let failures = 0;
    let opened = false;
    let retryMs: number = connection.retryMs ?? LIVE_STREAM.retryMs;
    while (!signal.aborted) {
      try {
        const next = await follow(url, signal, connection, () => {
          if (opened) connection.onReopen?.();
          opened = true;
          failures = 0;
        });
        if (next !== null) retryMs = next;
      } catch (error) {
        if (signal.aborted || error instanceof FinalRefusal) return;
        failures += 1;
      }
      if (signal.aborted) return;
      await wait(backoffDelay(failures, retryMs, 30_000, connection.random));
    }
  })();

  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}

/** Reads one connection to its end and gives the server's `retry:` delay (null if none); throws when it could not open or broke. */
async function follow(url: string, signal: AbortSignal, connection: LiveConnection, onOpen: () => void): Promise<number | null> {
  const getToken = connection.token ?? currentToken;
  const refresh = connection.refresh ?? refreshAccessToken;
  const doFetch = connection.fetch ?? fetch;
  const open = (token: string | null) => {
    const headers = new Headers({ Accept: 'text/event-stream' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return doFetch(url, { headers, signal, cache: 'no-store' });
  };

  const token = await getToken();
  let response = await open(token);
  if (response.status === 401 && token) {
    const fresh = await refresh(token);
    if (!fresh) throw new FinalRefusal('signed out');
    response = await open(fresh);
  }
  if (response.status === 401 || response.status === 403 || response.status === 404) throw new FinalRefusal(String(response.status));
  if (!response.ok || !response.body) throw new Error(`live feed answered ${response.status}`);
  onOpen();
  const parser = new SseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) {
        let data: unknown;
        try {
          data = JSON.parse(event.data) as unknown;
        } catch {
          continue;
        }
        connection.onEvent({ event: event.event, data });
      }
    }
  } finally {
    reader.releaseLock();
  }
  return parser.retryMs;
}

interface Follower {
  onEvent: (event: LiveEvent) => void;
  onReopen: () => void;
}

/** The streams open now, one per URL, with the components that follow each. */
const openFeeds = new Map<string, { followers: Set<Follower>; close: () => void }>();

/**
 * Follows `url` with one stream however many components follow it (the shell's live toasts and
 * its bell both read the caller's own feed): the first follower opens it, the last one to leave
 * closes it, and every follower gets each event and each reopening.
 */
function followShared(url: string, follower: Follower): () => void {
  let feed = openFeeds.get(url);
  if (!feed) {
    const followers = new Set<Follower>();
    const close = openLiveFeed(url, {
      onEvent: (event) => followers.forEach((f) => f.onEvent(event)),
      onReopen: () => followers.forEach((f) => f.onReopen()),
    });
    feed = { followers, close };
    openFeeds.set(url, feed);
  }
  const joined = feed;
  joined.followers.add(follower);
  return () => {
    joined.followers.delete(follower);
    if (joined.followers.size > 0) return;
    joined.close();
    if (openFeeds.get(url) === joined) openFeeds.delete(url);
  };
}

/**
 * Follows one live feed (a path of `liveFeedPath`, under /api) while the component is shown,
 * and closes it on unmount; `path` null follows nothing. The latest `onEvent` is always the
 * one called, so the page's handler may change without reconnecting. Components following the
 * same path share one stream.
 */
export function useLiveFeed(path: string | null, onEvent: (event: LiveEvent) => void, options: LiveFeedOptions = {}): void {
  const handlers = useRef({ onEvent, onReopen: options.onReopen });
  useEffect(() => {
    handlers.current = { onEvent, onReopen: options.onReopen };
  });
  useEffect(() => {
    if (!path) return;
    return followShared(`${API_BASE}${path}`, {
      onEvent: (event) => handlers.current.onEvent(event),
      onReopen: () => handlers.current.onReopen?.(),
    });
  }, [path]);
}
