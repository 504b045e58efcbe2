import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  IdentityErrorCode,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  identityRoutes,
  type EmailJob,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import type { EntityManager } from 'typeorm';
import { hashSecretToken, newSecretToken } from '@lp/auth';
import { Clock, EmailQueue, ENV, Handles, UnitOfWork, addSeconds } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { SignInLimits } from '../credentials/sign-in-limits.service.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { passwordResetEmail, passwordResetJobId } from './password-reset-email.js';
import { PasswordResetRepository } from './password-reset.repository.js';

type R = typeof identityRoutes;

const HOUR_SECONDS = 3600;
/** rows older than this count for nothing (the hourly cap, a link's life) and are removed with the next request */
const KEEP_SECONDS = 24 * HOUR_SECONDS;

export const resetLinkInvalid = () =>
  AppError.badRequest(IdentityErrorCode.RESET_LINK_INVALID, 'This link is no longer valid. Ask for a new one.', [
    { path: 'token', message: 'This link is no longer valid. Ask for a new one.' },
  ]);

/**
 * "Forgot password?" (besides ROUTES.md): a link by e-mail to set a new password, or the first
 * one of an account an institution made without. Asking answers the same whether or not the
 * e-mail has an account; the link works once, for PASSWORD_RESET_TTL_MINUTES, and using it
 * ends every session of the account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(PasswordResetRepository) private readonly repo: PasswordResetRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsRepository) private readonly sessionRows: SessionsRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SignInLimits) private readonly limits: SignInLimits,
    @Inject(EmailQueue) private readonly mail: EmailQueue,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  /**
   * Only an active account with the e-mail (any case) gets a link, and at most
   * PASSWORD_RESET_EMAILS_PER_HOUR an hour whatever the address asking; a new link ends the
   * older unused ones. The e-mail job is named after the link, so a retry adds it once.
   */
  @Handles(identityRoutes.forgotPassword)
  async forgot({ body }: RouteInput<R['forgotPassword']>): Promise<RouteOutput<R['forgotPassword']>> {
    const found = await this.users.findByEmail(body.email);
    if (found?.email && found.status === 'active') {
      // the link carries the token; only its hash is kept
      const token = newSecretToken();
      const tokenHash = hashSecretToken(token);
      const user = await this.uow.run(async (tx) => {
        // one request of an account at a time: the hourly count stays exact under concurrency
        const locked = await this.users.findByIdForUpdate(tx, found.id);
        if (!locked?.email || locked.status !== 'active') return null;
        const now = this.clock.now();
        if ((await this.repo.countCreatedSince(tx, locked.id, addSeconds(now, -HOUR_SECONDS))) >= this.env.PASSWORD_RESET_EMAILS_PER_HOUR)
          return null;
        await this.repo.expireUnusedAndForgetOld(tx, locked.id, now, addSeconds(now, -KEEP_SECONDS));
        await this.repo.insert(tx, {
          tokenHash,
          userId: locked.id,
          expiresAt: addSeconds(now, PASSWORD_RESET_TTL_MINUTES * 60),
          createdAt: now,
        });
        return locked;
      });
      if (user?.email) {
        const link = `${this.env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        const mail = passwordResetEmail({ to: user.email, name: user.name, link, firstPassword: !user.passwordHash });
        await this.mail.add(mail, passwordResetJobId(tokenHash));
      }
    }
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  /**
   * The "Set a password" link of an account an institution's invitation has just made (issue
   * 24, item 3), in the caller's transaction: the same link and e-mail "Forgot password?"
   * sends (single use, PASSWORD_RESET_TTL_MINUTES; "Forgot password?" gives a fresh one later).
   * The caller queues the answered e-mail once its transaction has the token row.
   */
  async firstPasswordLink(
    tx: EntityManager,
    user: { id: string; name: string; email: string },
  ): Promise<{ mail: EmailJob; jobId: string }> {
    const token = newSecretToken();
    const tokenHash = hashSecretToken(token);
    const now = this.clock.now();
    await this.repo.insert(tx, { tokenHash, userId: user.id, expiresAt: addSeconds(now, PASSWORD_RESET_TTL_MINUTES * 60), createdAt: now });
    const link = `${this.env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    return {
      mail: passwordResetEmail({ to: user.email, name: user.name, link, firstPassword: true }),
      jobId: passwordResetJobId(tokenHash),
    };
  }

  /**
   * In one transaction, with the link's row locked (two resets with one link: one wins): the
   * password is set, the link spent, a sign-in lockout lifted and every session of the account
   * ended, so it must sign in again everywhere.
   */
  @Handles(identityRoutes.resetPassword)
  async reset({ body }: RouteInput<R['resetPassword']>): Promise<RouteOutput<R['resetPassword']>> {
    const tokenHash = hashSecretToken(body.token);
    // hashed before the transaction, which then holds its locks for a few statements only
    const passwordHash = await this.hasher.hash(body.password);
    await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const link = await this.repo.findForUpdate(tx, tokenHash);
      if (!link || link.used_at || link.expires_at.getTime() <= now.getTime()) throw resetLinkInvalid();
      const user = await this.users.findByIdForUpdate(tx, link.user_id);
      if (!user || user.status !== 'active') throw resetLinkInvalid();
      await this.users.update(tx, user.id, { passwordHash });
      await this.limits.reset(tx, user);
      await this.repo.markUsed(tx, tokenHash, user.id, now);
      // every session by its row (a token issued after this, by the new password, stays good)
      await this.sessions.publish(await this.sessionRows.revokeAllExcept(tx, user.id, null, now));
    });
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  }
}
