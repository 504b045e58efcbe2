import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Caller, GrantSubsidiaryAccessRequest, Portal } from '@lp/contracts';
import { UnitOfWork } from '@lp/service-kit';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { SessionsService, type IssuedSession } from '../sessions/sessions.service.js';
import { toPortals, type InstitutionRef } from '../users/user.mapper.js';
import { PortalsRepository } from './portals.repository.js';
import { isInstitutionAdmin } from './portal-access.util.js';

type Grant = z.infer<typeof GrantSubsidiaryAccessRequest>;

/** Portals are the institutions a user belongs to (a read model fed by institution events). */
@Injectable()
export class PortalsService {
  constructor(
    @Inject(PortalsRepository) private readonly portals: PortalsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UsersService) private readonly accounts: UsersService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async context(caller: Caller): Promise<Portal[]> {
    return toPortals(await this.portals.listForUser(caller.userId), caller.institutionId);
  }

  /**
   * A new session scoped to another institution of the user's. The old session ends in the
   * same transaction: a token scoped to the portal the user left must not outlive the switch.
   */
  async switchTo(caller: Caller, institutionId: string): Promise<{ session: IssuedSession; institution: InstitutionRef }> {
    const user = await this.accounts.activeUser(caller.userId);
    const membership = await this.portals.find(institutionId, user.id);
    if (!membership) throw identityErrors.noPortalAccess();
    const session = await this.uow.run(async (tx) => {
      await this.sessions.revoke(tx, user.id, caller.sessionId);
      return this.sessions.issue(tx, user, institutionId);
    });
    return { session, institution: { id: membership.institutionId, name: membership.institutionName, subdomain: membership.subdomain } };
  }

  async grantAccess(caller: Caller, grant: Grant): Promise<void> {
    const own = await this.portals.find(grant.institution_id, caller.userId);
    if (!own || !isInstitutionAdmin(own)) throw identityErrors.notInstitutionAdmin();
    const user = await this.users.findByEmail(grant.user_email);
    if (!user) throw identityErrors.userNotFound();
    await this.uow.run((tx) =>
      this.portals.upsert(tx, {
        institutionId: own.institutionId,
        institutionName: own.institutionName,
        subdomain: own.subdomain,
        userId: user.id,
        role: grant.role,
        accessLevel: grant.access_level,
        permissions: grant.permissions,
      }),
    );
  }
}
