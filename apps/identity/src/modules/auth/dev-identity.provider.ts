import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { identityErrors } from '../../common/identity-errors.js';
import { ExternalIdentityProvider, type ExternalIdentity } from './external-identity.provider.js';

const StoredSession = z.object({ email: z.string(), name: z.string() });

/**
 * Stands in for Google during development: POST /auth/dev-provider/session creates a
 * session for any e-mail, kept in Redis for a few minutes and usable once.
 */
export class DevIdentityProvider extends ExternalIdentityProvider {
  readonly name = 'dev';

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {
    super();
  }

  private key(sessionId: string): string {
    return `${this.keyPrefix}identity:dev-provider-session:${sessionId}`;
  }

  async createSession(person: { email: string; name: string }): Promise<string> {
    const sessionId = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(sessionId), JSON.stringify(person), 'EX', this.ttlSeconds);
    return sessionId;
  }

  async resolve(sessionId: string): Promise<ExternalIdentity | null> {
    const raw = await this.redis.get(this.key(sessionId));
    if (!raw) return null;
    const stored = StoredSession.safeParse(JSON.parse(raw));
    if (!stored.success) return null;
    return { provider: this.name, subject: stored.data.email, email: stored.data.email, name: stored.data.name };
  }

  /** DEL answers how many keys went: of two concurrent sign-ins with one session, one wins. */
  async consume(sessionId: string): Promise<boolean> {
    return (await this.redis.del(this.key(sessionId))) === 1;
  }
}

/** No external provider configured (production without Google credentials). */
export class DisabledIdentityProvider extends ExternalIdentityProvider {
  readonly name = 'none';

  async resolve(): Promise<ExternalIdentity | null> {
    throw identityErrors.providerDisabled();
  }

  async consume(): Promise<boolean> {
    throw identityErrors.providerDisabled();
  }
}
