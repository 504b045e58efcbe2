import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { identityRoutes, institutionInternal, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { UnitOfWork, Handles, currentCaller } from '@lp/service-kit';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { SessionsService, sessionGrantOf } from '../sessions/sessions.service.js';
import { toPortals } from '../users/user.mapper.js';
import { PortalsRepository } from './portals.repository.js';

type R = typeof identityRoutes;
type GrantAccess = typeof institutionInternal.grantAccess;

/** Portals are the institutions a user belongs to (a read model fed by institution events). */
@Injectable()
export class PortalsService {
  constructor(
    @Inject(PortalsRepository) private readonly portals: PortalsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UsersService) private readonly accounts: UsersService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(RpcClient) private readonly rpc: RpcClient,
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

  /**
   * The institution service owns memberships and the hierarchy: it checks that the caller
   * administers an institution above (or at) the target; a person already a member there is
   * updated, anyone else is invited with the grant (membership by consent). Identity does not
   * look the e-mail up: the answer must not say whether an account has it. Institution's
   * refusals (AppError replies) are answered as they are; a portal appears here with its
   * institution.member.added event.
   */
  @Handles(identityRoutes.grantSubsidiaryAccess)
  async grantAccess({ body: grant }: RouteInput<R['grantSubsidiaryAccess']>): Promise<RouteOutput<R['grantSubsidiaryAccess']>> {
    const request: z.input<GrantAccess['request']> = {
      granted_by: currentCaller().userId,
      institution_id: grant.institution_id,
      email: grant.user_email,
      portal_role: grant.role,
      access_level: grant.access_level,
      permissions: grant.permissions,
    };
    const reply = await this.rpc.request<z.infer<GrantAccess['response']>>(institutionInternal.grantAccess.subject, request);
    return {
      message:
        reply.outcome === 'updated'
          ? `Access granted to ${grant.user_email}`
          : `${grant.user_email} is invited: the access applies once they accept the invitation`,
    };
  }
}
