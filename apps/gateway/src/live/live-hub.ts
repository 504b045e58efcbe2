import { AppError, type LiveFeed } from '@lp/contracts';
import { sseEvent } from './sse.js';

/** One open stream, as the hub sees it. */
export interface LiveClient {
  readonly userId: string;
  /** queues a frame; answers how many bytes wait unsent (a client that stopped reading) */
  write(frame: string): number;
  end(): void;
}

/** Frames a client may leave unread before it is cut off: a stalled reader must not hold memory for ever. */
export const MAX_UNSENT_BYTES = 1024 * 1024;

const ALL = '*';
const keyOf = (feed: string, id: string): string => `${feed}\u0000${id}`;

/**
 * The gateway's open live streams, by feed and group or question id, and the in-memory
 * fan-out of one event to the streams that follow it: the event is framed once, then
 * written to each. Counts each user's streams, reserving a place before the (slow) access
 * check so parallel connects cannot overrun the cap.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveClient>>();
  private readonly perUser = new Map<string, number>();
  private readonly feedsByEvent = new Map<string, LiveFeed[]>();

  constructor(
    feeds: readonly LiveFeed[],
    private readonly maxPerUser: number,
  ) {
    for (const feed of feeds) for (const e of feed.events) this.feedsByEvent.set(e.name, [...(this.feedsByEvent.get(e.name) ?? []), feed]);
  }

  /** The event names some feed forwards. */
  get eventNames(): string[] {
    return [...this.feedsByEvent.keys()];
  }

  /** A place for one more stream of this user, or 429; call the answer to give it back. */
  reserve(userId: string): () => void {
    const n = this.perUser.get(userId) ?? 0;
    if (n >= this.maxPerUser) {
      throw new AppError(
        429,
        'TOO_MANY_LIVE_STREAMS',
        `You have ${this.maxPerUser} live connections open already. Close a tab and try again.`,
      );
    }
    this.perUser.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  /** Starts delivering a feed's events (of `id`, or all when the feed has no key); the answer stops it. */
  add(feed: LiveFeed, id: string | null, client: LiveClient): () => void {
    const key = keyOf(feed.name, feed.key ? (id ?? '') : ALL);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(client);
    return () => {
      const s = this.streams.get(key);
      if (!s) return;
      s.delete(client);
      if (s.size === 0) this.streams.delete(key);
    };
  }

  /** Writes an event to every stream following it; answers how many got it. */
  dispatch(eventName: string, payload: unknown): number {
    const feeds = this.feedsByEvent.get(eventName);
    if (!feeds || !payload || typeof payload !== 'object') return 0;
    let frame: string | null = null;
    let delivered = 0;
    for (const feed of feeds) {
      const id = feed.key ? (payload as Record<string, unknown>)[feed.key] : ALL;
      if (typeof id !== 'string') continue;
      const set = this.streams.get(keyOf(feed.name, id));
      if (!set) continue;
      frame ??= sseEvent(eventName, payload);
      for (const client of [...set]) {
        if (client.write(frame) > MAX_UNSENT_BYTES) client.end();
        else delivered++;
      }
    }
    return delivered;
  }

  /** Open streams (all, or of one user). */
  count(userId?: string): number {
    if (userId) return this.perUser.get(userId) ?? 0;
    let n = 0;
    for (const s of this.streams.values()) n += s.size;
    return n;
  }

  /** Ends every stream (shutdown). */
  endAll(): void {
    for (const s of [...this.streams.values()]) for (const c of [...s]) c.end();
  }
}
