import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, RevocationStore } from '@lp/auth';
import { LOGGER, type Logger, Clock, addSeconds, epochSeconds } from '@lp/service-kit';
import { UsersRepository } from '../users/users.repository.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

const CHUNK = 500;

/** Redis keeps nothing on disk here: on boot, copy every still-relevant revocation back from the database. */
@Injectable()
export class RevocationWarmer implements OnModuleInit {
  constructor(
    @Inject(SessionsRepository) private readonly sessionsRepo: SessionsRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RevocationStore) private readonly revocation: RevocationStore,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    const now = this.clock.now();
    const revoked = await this.sessionsRepo.findRevokedUnexpired(now);
    for (let i = 0; i < revoked.length; i += CHUNK) await this.sessions.publish(revoked.slice(i, i + CHUNK));
    const cutOffs = await this.users.findTokensValidAfterSince(addSeconds(now, -ACCESS_TOKEN_TTL_SECONDS));
    for (let i = 0; i < cutOffs.length; i += CHUNK) {
      await Promise.all(
        cutOffs.slice(i, i + CHUNK).map((u) => this.revocation.revokeUserBefore(u.id, epochSeconds(u.tokensValidAfter ?? now))),
      );
    }
    if (revoked.length || cutOffs.length)
      this.log.info({ sessions: revoked.length, users: cutOffs.length }, 'revocations re-warmed into Redis');
  }
}
