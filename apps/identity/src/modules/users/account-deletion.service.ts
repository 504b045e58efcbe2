import { Inject, Injectable } from '@nestjs/common';
import { identityEvents } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { ENV, UnitOfWork, Clock, addSeconds } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { identityErrors } from '../../common/identity-errors.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from './users.repository.js';

/**
 * Schedules an account for deletion (by its owner or an admin): the account stops
 * signing in, every token dies, and the event tells every service to forget the user.
 * The e-mail stays taken until the row is purged.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  /** Answers when the account will be purged; a second call changes nothing. */
  async schedule(userId: string, by: 'self' | 'admin'): Promise<Date> {
    return this.uow.run(async (tx) => {
      const user = await this.users.findByIdForUpdate(tx, userId);
      if (!user) throw identityErrors.userNotFound();
      if (user.status === 'pending_deletion' && user.deletionScheduledAt) return user.deletionScheduledAt;
      const now = this.clock.now();
      const scheduledAt = addSeconds(now, this.env.ACCOUNT_DELETION_GRACE_DAYS * 86_400);
      await this.users.update(tx, userId, { status: 'pending_deletion', deletionScheduledAt: scheduledAt, tokensValidAfter: now });
      await writeEvent(tx, identityEvents.userDeletionScheduled, { v: 1, user_id: userId, scheduled_at: scheduledAt.toISOString(), by });
      await this.sessions.revokeEverything(tx, userId, now);
      return scheduledAt;
    });
  }
}
