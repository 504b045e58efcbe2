import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ExternalIdentitySchema, type ExternalIdentity } from '@lp/contracts';

/**
 * People an external sign-in vouched for, each behind a session id the browser brings back
 * in the URL hash (`#session_id=`): Google's, written by the gateway's passport strategy
 * after it verified the person (identity.auth.external-session), or the development
 * stand-in's (POST /auth/dev-provider/session). Kept in Redis for a few minutes, usable once.
 */
export class ExternalSessions {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(sessionId: string): string {
    return `${this.keyPrefix}identity:external-session:${sessionId}`;
  }

  async create(person: ExternalIdentity): Promise<string> {
    const sessionId = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(sessionId), JSON.stringify(person), 'EX', this.ttlSeconds);
    return sessionId;
  }

  /** Only looks: the session is spent by `consume` once the sign-in passed every check. */
  async resolve(sessionId: string): Promise<ExternalIdentity | null> {
    const raw = await this.redis.get(this.key(sessionId));
    if (!raw) return null;
    const stored = ExternalIdentitySchema.safeParse(JSON.parse(raw));
    return stored.success ? stored.data : null;
  }

  /** DEL answers how many keys went: of two concurrent sign-ins with one session, one wins. */
  async consume(sessionId: string): Promise<boolean> {
    return (await this.redis.del(this.key(sessionId))) === 1;
  }
}
