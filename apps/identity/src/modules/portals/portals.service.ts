import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import { UnitOfWork, Handles, currentCaller } from '@lp/service-kit';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { SessionsService, sessionGrantOf } from '../sessions/sessions.service.js';
import { toPortals } from '../users/user.mapper.js';
import { PortalsRepository } from './portals.repository.js';
import { isInstitutionAdmin } from './portal-access.util.js';

type R = typeof identityRoutes;

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

  @Handles(identityRoutes.portalContext)
  async context(): Promise<RouteOutput<R['portalContext']>> {
    const caller = currentCaller();
    return { available_portals: toPortals(await this.portals.listForUser(caller.userId), caller.institutionId) };
  }

  /**
   * A new session scoped to another institution of the user's. The old session ends in the
   * same transaction: a token scoped to the portal the user left must not outlive the switch.
   */
  @Handles(identityRoutes.switchPortal)
  async switchTo({ body }: RouteInput<R['switchPortal']>): Promise<ServiceOutput<R['switchPortal']>> {
    const caller = currentCaller();
    const institutionId = body.target_institution_id;
    const user = await this.accounts.activeUser(caller.userId);
    const membership = await this.portals.find(institutionId, user.id);
    if (!membership) throw identityErrors.noPortalAccess();
    const session = await this.uow.run(async (tx) => {
      await this.sessions.revoke(tx, user.id, caller.sessionId);
      return this.sessions.issue(tx, user, institutionId);
    });
    const institution = { id: membership.institutionId, name: membership.institutionName, subdomain: membership.subdomain };
    return { access_token: session.token, institution, ...sessionGrantOf(session) };
  }

  @Handles(identityRoutes.grantSubsidiaryAccess)
  async grantAccess({ body: grant }: RouteInput<R['grantSubsidiaryAccess']>): Promise<RouteOutput<R['grantSubsidiaryAccess']>> {
    const own = await this.portals.find(grant.institution_id, currentCaller().userId);
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
    return { message: `Access granted to ${grant.user_email}` };
  }
}
