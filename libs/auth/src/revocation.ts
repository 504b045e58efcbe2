import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens.js';

/**
 * Server-side revocation, checked by the gateway on every request. Identity's
 * database is the record (sessions.revoked_at, users.tokens_valid_after); these
 * Redis keys are the fast copy, written by identity in the same request and
 * re-warmed from the database when identity starts and whenever Redis comes back
 * (Redis here keeps nothing on disk). An access token or a download link lives at
 * most ACCESS_TOKEN_TTL_SECONDS, so a revocation need not be kept longer than that.
 */
export const revocationKeys = (prefix: string) => ({
  session: (sessionId: string) => `${prefix}auth:revoked:sid:${sessionId}`,
  userBefore: (userId: string) => `${prefix}auth:revoked-before:${userId}`,
  /**
   * set once identity has copied every live revocation in; gone after a Redis restart until it
   * has again. Under the deployment's prefix (BUS_PREFIX) like every other key: a mark shared
   * by two deployments on one Redis (a test run beside `npm start`) let one's identity mark
   * the other's list loaded while it was still empty, and a revoked token through
   */
  warm: `${prefix}auth:revocations-warm`,
});
export type RevocationKeys = ReturnType<typeof revocationKeys>;

/** The copy in Redis is missing (Redis restarted, identity has not re-warmed it yet): nobody can be told apart. */
export class RevocationsNotReady extends Error {
  constructor() {
    super('revocation list not loaded');
  }
}

export class RevocationStore {
  readonly keys: RevocationKeys;

  /** `prefix`: the deployment's BUS_PREFIX ('' in production) */
  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = revocationKeys(prefix);
  }

  async revokeSession(sessionId: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<void> {
    await this.redis.set(this.keys.session(sessionId), '1', 'EX', Math.max(1, Math.ceil(Math.min(ttlSeconds, ACCESS_TOKEN_TTL_SECONDS))));
  }

  /** Every token of the user issued at or before `epochSeconds` is refused. */
  async revokeUserBefore(userId: string, epochSeconds: number): Promise<void> {
    await this.redis.set(this.keys.userBefore(userId), String(epochSeconds), 'EX', ACCESS_TOKEN_TTL_SECONDS);
  }

  async markWarm(): Promise<void> {
    await this.redis.set(this.keys.warm, new Date().toISOString());
  }

  /** Rejects with RevocationsNotReady while the list is not loaded: the caller must fail closed. */
  async isRevoked(userId: string, sessionId: string, issuedAt: number): Promise<boolean> {
    const [sid, before, warm] = await this.redis.mget(this.keys.session(sessionId), this.keys.userBefore(userId), this.keys.warm);
    if (!warm) throw new RevocationsNotReady();
    if (sid) return true;
    return before !== null && before !== undefined && issuedAt <= Number(before);
  }
}
