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
export const revocationKeys = {
  session: (sessionId: string) => `auth:revoked:sid:${sessionId}`,
  userBefore: (userId: string) => `auth:revoked-before:${userId}`,
  /** set once identity has copied every live revocation in; gone after a Redis restart until it has again */
  warm: 'auth:revocations-warm',
};

/** The copy in Redis is missing (Redis restarted, identity has not re-warmed it yet): nobody can be told apart. */
export class RevocationsNotReady extends Error {
  constructor() {
    super('revocation list not loaded');
  }
}

export class RevocationStore {
  constructor(private readonly redis: Redis) {}

  async revokeSession(sessionId: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<void> {
    await this.redis.set(
      revocationKeys.session(sessionId),
      '1',
      'EX',
      Math.max(1, Math.ceil(Math.min(ttlSeconds, ACCESS_TOKEN_TTL_SECONDS))),
    );
  }

  /** Every token of the user issued at or before `epochSeconds` is refused. */
  async revokeUserBefore(userId: string, epochSeconds: number): Promise<void> {
    await this.redis.set(revocationKeys.userBefore(userId), String(epochSeconds), 'EX', ACCESS_TOKEN_TTL_SECONDS);
  }

  async markWarm(): Promise<void> {
    await this.redis.set(revocationKeys.warm, new Date().toISOString());
  }

  /** Rejects with RevocationsNotReady while the list is not loaded: the caller must fail closed. */
  async isRevoked(userId: string, sessionId: string, issuedAt: number): Promise<boolean> {
    const [sid, before, warm] = await this.redis.mget(
      revocationKeys.session(sessionId),
      revocationKeys.userBefore(userId),
      revocationKeys.warm,
    );
    if (!warm) throw new RevocationsNotReady();
    if (sid) return true;
    return before !== null && before !== undefined && issuedAt <= Number(before);
  }
}
