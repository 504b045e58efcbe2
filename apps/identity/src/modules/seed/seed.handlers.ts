import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { identityInternal } from '@lp/contracts';
import { HandlesInternal } from '@lp/service-kit';
import { UsersRepository } from '../users/users.repository.js';
import { AdminService } from '../admin/admin.service.js';

type EnsureUser = typeof identityInternal.ensureUser;

/** Demo data, development and tests only (developmentOnly in app.module.ts): the seed's accounts go through the normal registration. */
@Injectable()
export class IdentitySeedHandlers {
  constructor(
    @Inject(AdminService) private readonly admin: AdminService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  /** Creates the account unless the e-mail is known; never changes an existing one. */
  @HandlesInternal(identityInternal.ensureUser)
  async ensureUser(input: z.infer<EnsureUser['request']>): Promise<z.infer<EnsureUser['response']>> {
    const existing = await this.users.findByEmail(input.email);
    if (existing) return { id: existing.id, created: false };
    try {
      return { id: (await this.admin.createAccount(input)).id, created: true };
    } catch (e) {
      // a concurrent seed created it first
      const winner = await this.users.findByEmail(input.email);
      if (winner) return { id: winner.id, created: false };
      throw e;
    }
  }
}
