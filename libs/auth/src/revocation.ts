import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens.js';

/**
 * Server-side revocation, checked by the gateway on every request. Identity's
 * database is the record (sessions.revoked_at, users.tokens_valid_after); these
 * Redis keys are the fast copy, written by identity in the same request and
 * re-warmed from the database when identity starts (Redis here keeps nothing on disk).
 */
export const revocationKeys = {
  session: (sessionId: string) => `auth:revoked:sid:${sessionId}`,
  userBefore: (userId: string) => `auth:revoked-before:${userId}`,
};

export class RevocationStore {
  constructor(private readonly redis: Redis) {}

  async revokeSession(sessionId: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<void> {
    await this.redis.set(revocationKeys.session(sessionId), '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }

  /** Every token of the user issued at or before `epochSeconds` is refused. */
  async revokeUserBefore(userId: string, epochSeconds: number): Promise<void> {
    await this.redis.set(revocationKeys.userBefore(userId), String(epochSeconds), 'EX', ACCESS_TOKEN_TTL_SECONDS);
  }

  async isRevoked(userId: string, sessionId: string, issuedAt: number): Promise<boolean> {
    const [sid, before] = await this.redis.mget(revocationKeys.session(sessionId), revocationKeys.userBefore(userId));
    if (sid) return true;
    return before !== null && before !== undefined && issuedAt <= Number(before);
  }
}
