import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError, type AnyRoute } from '@lp/contracts';

/**
 * Password spraying: one address trying one common password against many accounts stays
 * under every per-account limit (identity pauses an account after 10 wrong passwords). This
 * counts the refused sign-ins (401) of an address across all accounts in a sliding window
 * (a sorted set of timestamps in Redis, shared by every gateway replica); past the limit the
 * address's sign-ins answer 429 until the oldest failure leaves the window, whatever the
 * password. Successful sign-ins are not counted, so a classroom behind one address is paused
 * only by its own failures.
 */
export class SignInFailureLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** failures per window per address; 0 turns the limit off */
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  /** The routes that check something guessable (declared `checksCredentials`); registering is not one. */
  static applies(route: AnyRoute): boolean {
    return route.checksCredentials;
  }

  private key(ip: string): string {
    return `${this.prefix}spray:${ip}`;
  }

  /** Refuses with 429 while the address is over its limit. */
  async check(ip: string): Promise<void> {
    if (this.limit === 0) return;
    const now = Date.now();
    const key = this.key(ip);
    const out = await this.redis
      .multi()
      .zremrangebyscore(key, 0, now - this.windowSeconds * 1000)
      .zcard(key)
      .zrange(key, 0, 0, 'WITHSCORES')
      .exec()
      .catch(() => null);
    // fail closed, as the rate limiter does: an uncountable limit is not lifted
    if (!out) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This is not available right now. Please try again shortly.');
    const count = out[1]![1] as number;
    if (count < this.limit) return;
    const oldest = Number((out[2]![1] as string[])[1] ?? now);
    const retryAfter = Math.max(1, Math.ceil((oldest + this.windowSeconds * 1000 - now) / 1000));
    const e = new AppError(429, 'RATE_LIMITED', `Too many failed sign-ins from your network. Please try again in ${retryAfter} seconds.`);
    (e as AppError & { retryAfter?: number }).retryAfter = retryAfter;
    throw e;
  }

  /** Records one refused sign-in of the address. */
  async failed(ip: string): Promise<void> {
    if (this.limit === 0) return;
    const key = this.key(ip);
    await this.redis
      .multi()
      .zadd(key, Date.now(), `${Date.now()}:${randomBytes(4).toString('hex')}`)
      .pexpire(key, this.windowSeconds * 1000)
      .exec()
      .catch(() => undefined);
  }
}
