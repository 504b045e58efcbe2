import webpush from 'web-push';
import type { Redis } from 'ioredis';
import type { PushPayload } from '@lp/contracts';
import { leadsToPrivateAddress, retryAfterMs } from './endpoint-address.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** who the push services may contact about our pushes: a mailto: or https: URL */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long one push service may take to answer: a slow one must not hold the worker's slot. */
const PUSH_TIMEOUT_MS = 10_000;
/** A push job is retried for well under this; the record of browsers already pushed outlives it. */
const SENT_RECORD_SECONDS = 8 * 24 * 3600;

/** A push service's answer the job cannot get past by itself: retried with backoff. */
export class PushFailed extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    /** the push service's Retry-After (429, 503), in ms from now */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'PushFailed';
  }
}

/**
 * Sends Web Push messages: signed with the VAPID keys and encrypted for the browser (RFC 8291,
 * aes128gcm) by web-push, posted with fetch (web-push's own sender speaks https only, and the
 * tests' push service listens on plain http on this machine). Which browsers a job already
 * reached is kept in Redis under the job's id, so a retry pushes only the ones left.
 */
export class PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    /** production: false, an endpoint leading to a private address is refused (see endpoint-address.ts); the tests' push service listens on loopback */
    private readonly privateEndpoints: boolean,
  ) {}

  /**
   * 'sent'; 'gone' when the push service answers 404 or 410 (the subscription is over), or when the
   * endpoint leads to a private address where those are refused (it is no push service); throws
   * PushFailed otherwise.
   */
  async send(target: PushTarget, payload: PushPayload, ttl: number): Promise<'sent' | 'gone'> {
    if (!this.privateEndpoints && (await leadsToPrivateAddress(target.endpoint))) return 'gone';
    const req = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        TTL: ttl,
        vapidDetails: this.vapid,
        contentEncoding: 'aes128gcm',
      },
    );
    let res: Response;
    try {
      res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body as Buffer) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (err) {
      throw new PushFailed(null, `the push service did not answer: ${(err as Error).message}`);
    }
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    if (!res.ok)
      throw new PushFailed(res.status, `the push service answered ${res.status}`, retryAfterMs(res.headers.get('retry-after'), Date.now()));
    return 'sent';
  }

  private sentKey(jobId: string): string {
    return `${this.keyPrefix}push:sent:${jobId}`;
  }

  async alreadySent(jobId: string, endpoint: string): Promise<boolean> {
    return (await this.redis.sismember(this.sentKey(jobId), endpoint)) === 1;
  }

  async recordSent(jobId: string, endpoint: string): Promise<void> {
    await this.redis.multi().sadd(this.sentKey(jobId), endpoint).expire(this.sentKey(jobId), SENT_RECORD_SECONDS).exec();
  }
}
