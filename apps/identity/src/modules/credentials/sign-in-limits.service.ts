import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppError } from '@lp/contracts';
import { ENV, UnitOfWork, Clock, addSeconds } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * Wrong passwords (and authenticator codes) counted per account in the database, so a slow
 * guess spread over many addresses and gateway replicas is still stopped: after
 * SIGN_IN_MAX_FAILURES within SIGN_IN_LOCK_SECONDS the account's sign-in pauses for
 * SIGN_IN_LOCK_SECONDS, even for the right password. The gateway's per-address limits
 * stay in front of this.
 */
@Injectable()
export class SignInLimits {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: IdentityEnv,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  assertNotLocked(user: Pick<UserEntity, 'signInLockedUntil'>): void {
    const now = this.clock.now().getTime();
    const until = user.signInLockedUntil?.getTime() ?? 0;
    if (until > now) throw identityErrors.signInLocked(Math.ceil((until - now) / 60_000));
  }

  /** Its own transaction: the failure counts even though the sign-in is refused. One statement, so concurrent failures all count. */
  async recordFailure(userId: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = addSeconds(now, -this.env.SIGN_IN_LOCK_SECONDS);
    await this.uow.run((tx) =>
      // raw-sql: the window, the count and the lock are decided in one atomic UPDATE (no read-then-write), so
      // concurrent failures on several replicas all count
      tx.query(
        `UPDATE users SET
           failed_sign_ins = CASE WHEN failed_sign_ins_since IS NULL OR failed_sign_ins_since <= $2 THEN 1 ELSE failed_sign_ins + 1 END,
           failed_sign_ins_since = CASE WHEN failed_sign_ins_since IS NULL OR failed_sign_ins_since <= $2 THEN $3 ELSE failed_sign_ins_since END,
           sign_in_locked_until = CASE
             WHEN (CASE WHEN failed_sign_ins_since IS NULL OR failed_sign_ins_since <= $2 THEN 1 ELSE failed_sign_ins + 1 END) >= $4 THEN $5
             ELSE sign_in_locked_until END
         WHERE id = $1`,
        [userId, windowStart, now, this.env.SIGN_IN_MAX_FAILURES, addSeconds(now, this.env.SIGN_IN_LOCK_SECONDS)],
      ),
    );
  }

  /** Runs a sign-in; a wrong authenticator code in it counts as a failure (a million codes are no defence without a limit). */
  async countingTotpFailures<T>(userId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (AppError.isAppError(e) && e.code === 'INVALID_TOTP') await this.recordFailure(userId);
      throw e;
    }
  }

  async reset(tx: EntityManager, user: Pick<UserEntity, 'id' | 'failedSignIns' | 'signInLockedUntil'>): Promise<void> {
    if (user.failedSignIns === 0 && !user.signInLockedUntil) return;
    await this.users.resetSignInFailures(tx, user.id);
  }
}
