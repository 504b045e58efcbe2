import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { AppError, IdentityErrorCode, identityInternal } from '@lp/contracts';
import { HandlesInternal, UnitOfWork, isUniqueViolation } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { RegistrationService } from '../auth/registration.service.js';
import { UsersRepository } from '../users/users.repository.js';

type Ensure = typeof identityInternal.ensureMemberAccounts;
type Reply = z.infer<Ensure['response']>;

/**
 * Institution adds members by e-mail (one by one, or a CSV through the worker): the account
 * with that e-mail, made when there is none. A made account is a learner without a password
 * (a null hash refuses every password, like an account made by Google sign-in): identity has
 * no "forgot password" mail yet, so its holder signs in with Google under that e-mail, or sets
 * a password once a reset flow exists. It is made through the one registration path, so
 * identity.user.registered goes out through the outbox and every read model learns the user.
 */
@Injectable()
export class MemberAccountsService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RegistrationService) private readonly registration: RegistrationService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  @HandlesInternal(identityInternal.ensureMemberAccounts)
  async ensure(req: z.infer<Ensure['request']>): Promise<Reply> {
    const wanted = new Map<string, string | null>();
    for (const p of req.people) if (!wanted.has(p.email.toLowerCase())) wanted.set(p.email.toLowerCase(), p.name);
    const found = await this.withRetry(() =>
      this.uow.run(async (tx) => {
        // two batches naming one e-mail wait for each other here instead of one failing on the
        // unique index (which would abort its whole batch); taken in sorted order (unnest keeps
        // the array's), so two batches never deadlock
        const emails = [...wanted.keys()].sort();
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('member-account:' || e)) FROM unnest($1::text[]) AS e`, [emails]);
        const byEmail = new Map<string, { user: UserEntity; created: boolean }>();
        for (const email of emails) {
          const existing = await this.users.findByEmail(email, tx);
          if (existing) byEmail.set(email, { user: existing, created: false });
          else if (req.create) {
            const user = await this.registration.createAccount(tx, {
              name: wanted.get(email) ?? email.split('@')[0]!,
              email,
              phone: null,
              phoneVerifiedAt: null,
              passwordHash: null,
              role: 'learner',
              ref: null,
            });
            byEmail.set(email, { user, created: true });
          }
        }
        return byEmail;
      }),
    );
    const seen = new Set<string>();
    return {
      accounts: req.people.map((p) => {
        const email = p.email.toLowerCase();
        const hit = found.get(email);
        // an account asked for deletion is no one's to enroll
        if (!hit || hit.user.status !== 'active') return { email: p.email, user: null };
        // the same e-mail twice in one batch: made once, found the second time
        const created = hit.created && !seen.has(email);
        seen.add(email);
        const u = hit.user;
        return { email: p.email, user: { id: u.id, name: u.name, email: u.email ?? email, role: u.role, created } };
      }),
    };
  }

  /** Someone registering one of the e-mails themself in the same instant: the batch runs again and finds that account. */
  private async withRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (e) {
        const raced = isUniqueViolation(e, 'users_email_key') || (AppError.isAppError(e) && e.code === IdentityErrorCode.EMAIL_TAKEN);
        if (!raced || attempt >= 3) throw e;
      }
    }
  }
}
