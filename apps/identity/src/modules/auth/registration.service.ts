import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { identityEvents, type Role } from '@lp/contracts';
import { writeEvent, writeEvents } from '@lp/bus';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { isUniqueViolation, queryRows } from '@lp/service-kit';

export interface NewAccount {
  name: string;
  email: string | null;
  phone: string | null;
  phoneVerifiedAt: Date | null;
  passwordHash: string | null;
  role: Role;
  ref: string | null;
}

/**
 * The one way an account comes to exist (self-registration, phone, external sign-in,
 * admin, seed): checks uniqueness, inserts, and writes identity.user.registered in
 * the caller's transaction.
 */
@Injectable()
export class RegistrationService {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async createAccount(tx: EntityManager, a: NewAccount): Promise<UserEntity> {
    if (a.email && (await this.users.findByEmail(a.email, tx))) throw identityErrors.emailTaken();
    if (a.phone && (await this.users.findByPhone(a.phone, tx))) throw identityErrors.phoneTaken();
    const user = await this.users.insert(tx, {
      name: a.name,
      email: a.email,
      phone: a.phone,
      phoneVerifiedAt: a.phoneVerifiedAt,
      passwordHash: a.passwordHash,
      role: a.role,
    });
    await writeEvent(tx, identityEvents.userRegistered, registered(user, a.ref));
    return user;
  }

  /**
   * Learner accounts without a password for e-mails that have none (an institution adding its
   * people, a CSV batch of hundreds): one statement makes them all and one writes their
   * identity.user.registered events, where createAccount would take three statements a person.
   * An e-mail that got an account in the meantime (its owner registering in the same instant)
   * is skipped by the unique index instead of failing the batch; the caller reads it back.
   */
  async createMemberAccounts(
    tx: EntityManager,
    people: ReadonlyArray<{ email: string; name: string }>,
    origin: string | null = null,
  ): Promise<MadeAccount[]> {
    if (!people.length) return [];
    // raw-sql: one atomic INSERT ... ON CONFLICT DO NOTHING over the whole batch: an e-mail registered in the
    // same instant is skipped instead of failing the batch, and RETURNING gives the rows the events are written from
    const made = await queryRows<MadeAccount & { created_at: Date }>(
      tx,
      `INSERT INTO users (name, email, role, status, created_for)
       SELECT p.name, p.email, 'learner', 'active', $3 FROM unnest($1::text[], $2::text[]) AS p(email, name)
       ON CONFLICT ((lower(email))) WHERE email IS NOT NULL DO NOTHING
       RETURNING id, name, email, role, status, created_at`,
      [people.map((p) => p.email), people.map((p) => p.name), origin],
    );
    await writeEvents(
      tx,
      identityEvents.userRegistered,
      made.map((u) => registered({ id: u.id, name: u.name, email: u.email, phone: null, role: u.role, createdAt: u.created_at }, null)),
    );
    return made.map(({ created_at: _at, ...u }) => u);
  }
}

/** An account made by createMemberAccounts, as its caller needs it. */
export interface MadeAccount {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserEntity['status'];
}

const registered = (u: Pick<UserEntity, 'id' | 'name' | 'email' | 'phone' | 'role' | 'createdAt'>, ref: string | null) => ({
  v: 1 as const,
  user_id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  role: u.role,
  ref,
  created_at: u.createdAt.toISOString(),
});

/** Two requests racing for one e-mail or phone: the unique index decides, the loser gets the same 409. */
export async function withAccountConflicts<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_key')) throw identityErrors.emailTaken();
    if (isUniqueViolation(e, 'users_phone_key')) throw identityErrors.phoneTaken();
    throw e;
  }
}
