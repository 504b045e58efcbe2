import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { identityEvents, type Role } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { isUniqueViolation } from '@lp/service-kit';

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
    await writeEvent(tx, identityEvents.userRegistered, {
      v: 1,
      user_id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      ref: a.ref,
      created_at: user.createdAt.toISOString(),
    });
    return user;
  }
}

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
