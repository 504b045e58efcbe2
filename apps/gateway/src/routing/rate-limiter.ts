import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { AppError, type AnyRoute } from '@lp/contracts';

/**
 * The account a sign-in or OTP request is about, as the route's own schema reads it (the
 * phone normalised to E.164, the e-mail trimmed and lower-cased): "+251 911-234 567" and
 * "+251911234567" share one counter. A value the schema refuses is not counted: validation,
 * right after, answers 400 with every problem of the body.
 */
function accountKey(route: AnyRoute, field: string, body: unknown): string | null {
  const schema = (route.body as z.ZodObject<z.ZodRawShape> | undefined)?.shape?.[field] as z.ZodType | undefined;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (!schema) return typeof value === 'string' ? value.trim().toLowerCase() : '';
  const parsed = schema.safeParse(value);
  return parsed.success ? String(parsed.data).toLowerCase() : null;
}

/**
 * Fixed-window counters in Redis, shared by every gateway replica. Keyed by route,
 * client address and, for sign-in and OTP, the e-mail or phone being tried, so a
 * guesser is slowed per account as well as per address.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly scale: number,
  ) {}

  async check(route: AnyRoute, ip: string, body: unknown): Promise<{ remaining: number; reset: number } | null> {
    const rl = route.rateLimit;
    if (!rl || this.scale === 0) return null;
    const limit = Math.max(1, Math.round(rl.limit * this.scale));
    let key = `${this.prefix}rl:${route.subject}:${ip}`;
    if (rl.keyBodyField) {
      const account = accountKey(route, rl.keyBodyField, body);
      if (account === null) return null;
      key += `:${account}`;
    }
    // fail closed: a limit that cannot be counted is not lifted (503, not 500)
    const counted = await this.redis
      .multi()
      .incr(key)
      .ttl(key)
      .exec()
      .catch(() => null);
    if (!counted) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This is not available right now. Please try again shortly.');
    const [[, count], [, ttl]] = counted as [[null, number], [null, number]];
    if (ttl < 0) await this.redis.expire(key, rl.windowSeconds);
    const reset = ttl < 0 ? rl.windowSeconds : ttl;
    if (count > limit) {
      const e = new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${reset} seconds.`);
      (e as AppError & { retryAfter?: number }).retryAfter = reset;
      throw e;
    }
    return { remaining: limit - count, reset };
  }
}
