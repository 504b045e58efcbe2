import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { identityInternal } from '@lp/contracts';
import { HandlesInternal, UnitOfWork } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { RegistrationService } from '../auth/registration.service.js';
import { UsersRepository } from '../users/users.repository.js';

type Ensure = typeof identityInternal.ensureMemberAccounts;
type Reply = z.infer<Ensure['response']>;
type Account = Pick<UserEntity, 'id' | 'name' | 'email' | 'role' | 'status'> & { createdFor?: string | null };

/**
 * A CSV import of an institution (through the worker): the account with each e-mail, made when
 * there is none; only the accounts made here become members at once, the others are invited
 * (institution decides from `created`). A single invitation's account is made on its delivery
 * instead (institution-invitations.consumer.ts). A made account is a learner without a password
 * (a null hash refuses every password, like an account made by Google sign-in): its holder
 * sets one through "Forgot password?" (modules/password-reset, whose e-mail then says "set a
 * password"), or signs in with Google under that e-mail. Accounts are made by the registration service, all of a
 * batch in one statement, so identity.user.registered goes out through the outbox and every
 * read model learns the user.
 */
@Injectable()
export class MemberAccountsService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RegistrationService) private readonly registration: RegistrationService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** institution matches a signed-in person's invitations by this e-mail (its read model had no row yet) */
  @HandlesInternal(identityInternal.accountEmail)
  async accountEmail(
    req: z.infer<typeof identityInternal.accountEmail.request>,
  ): Promise<z.infer<typeof identityInternal.accountEmail.response>> {
    const user = await this.users.findById(req.user_id);
    return { email: user && user.status === 'active' ? user.email : null };
  }

  @HandlesInternal(identityInternal.ensureMemberAccounts)
  async ensure(req: z.infer<Ensure['request']>): Promise<Reply> {
    const wanted = new Map<string, string | null>();
    for (const p of req.people) if (!wanted.has(p.email.toLowerCase())) wanted.set(p.email.toLowerCase(), p.name);
    const found = await this.uow.run(async (tx) => {
      // sorted: two batches naming the same e-mails insert them in one order, so the second
      // waits on the unique index for the first instead of deadlocking with it
      const emails = [...wanted.keys()].sort();
      const byEmail = new Map<string, { user: Account; created: boolean }>();
      // made earlier for this same origin (an attempt of the import that failed after this batch): made by it still
      const madeFor = (user: Account) => req.origin !== undefined && user.createdFor === req.origin;
      for (const user of await this.users.findByEmails(emails, tx))
        byEmail.set(user.email!.toLowerCase(), { user, created: madeFor(user) });
      const missing = emails.filter((e) => !byEmail.has(e));
      if (req.create && missing.length) {
        const made = await this.registration.createMemberAccounts(
          tx,
          missing.map((email) => ({ email, name: wanted.get(email) ?? email.split('@')[0]! })),
          req.origin ?? null,
        );
        for (const user of made) byEmail.set(user.email.toLowerCase(), { user, created: true });
        // made by another batch or registered by their owner in the same instant (the unique
        // index skipped them once that one committed): found now
        if (made.length < missing.length)
          for (const user of await this.users.findByEmails(
            missing.filter((e) => !byEmail.has(e)),
            tx,
          ))
            byEmail.set(user.email!.toLowerCase(), { user, created: madeFor(user) });
      }
      return byEmail;
    });
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
}
