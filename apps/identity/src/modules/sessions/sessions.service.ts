import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '@lp/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, RevocationStore, TokenService } from '@lp/auth';
import { SessionsRepository, type RevokedSession } from './sessions.repository.js';
import { Clock, addSeconds, epochSeconds } from '@lp/service-kit';

/**
 * Access tokens and their `sessions` rows. The database is the record; Redis (read by
 * the gateway) is written inside the same transaction callback, so a failed Redis write
 * rolls the change back rather than leaving a token alive that the database calls dead.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(SessionsRepository) private readonly repo: SessionsRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(RevocationStore) private readonly revocation: RevocationStore,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async issue(tx: EntityManager, user: { id: string; role: Role }, institutionId: string | null): Promise<string> {
    const id = randomUUID();
    await this.repo.insert(tx, { id, userId: user.id, institutionId, expiresAt: addSeconds(this.clock.now(), ACCESS_TOKEN_TTL_SECONDS) });
    return this.tokens.sign({ userId: user.id, role: user.role, sessionId: id, institutionId });
  }

  /** Signs one token out; a token without a row (or revoked before) is still put into Redis. */
  async revoke(tx: EntityManager, userId: string, sessionId: string): Promise<void> {
    const revoked = await this.repo.revoke(tx, userId, sessionId, this.clock.now());
    if (revoked.length) await this.publish(revoked);
    else await this.revocation.revokeSession(sessionId);
  }

  async revokeOthers(tx: EntityManager, userId: string, keepSessionId: string): Promise<number> {
    const revoked = await this.repo.revokeAllExcept(tx, userId, keepSessionId, this.clock.now());
    await this.publish(revoked);
    return revoked.length;
  }

  /** Every session of the user, plus a cut-off that also catches tokens without a row. */
  async revokeEverything(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await this.publish(await this.repo.revokeAllExcept(tx, userId, null, at));
    await this.revocation.revokeUserBefore(userId, epochSeconds(at));
  }

  /** Puts revoked sessions into Redis for as long as their tokens would have lived. */
  async publish(sessions: RevokedSession[]): Promise<void> {
    const now = this.clock.now().getTime();
    await Promise.all(
      sessions.map((s) => this.revocation.revokeSession(s.id, Math.max(1, (new Date(s.expires_at).getTime() - now) / 1000))),
    );
  }
}
