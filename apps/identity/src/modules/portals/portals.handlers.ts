import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { sessionGrantOf } from '../sessions/sessions.service.js';
import { PortalsService } from './portals.service.js';

type R = typeof identityRoutes;

@Injectable()
export class PortalsHandlers {
  constructor(@Inject(PortalsService) private readonly portals: PortalsService) {}

  @Handles(identityRoutes.portalContext)
  async portalContext(_input: RouteInput<R['portalContext']>, ctx: HandlerContext): Promise<RouteOutput<R['portalContext']>> {
    return { available_portals: await this.portals.context(callerOf(ctx)) };
  }

  @Handles(identityRoutes.switchPortal)
  async switchPortal(input: RouteInput<R['switchPortal']>, ctx: HandlerContext): Promise<ServiceOutput<R['switchPortal']>> {
    const { session, institution } = await this.portals.switchTo(callerOf(ctx), input.body.target_institution_id);
    return { access_token: session.token, institution, ...sessionGrantOf(session) };
  }

  @Handles(identityRoutes.grantSubsidiaryAccess)
  async grantSubsidiaryAccess(
    input: RouteInput<R['grantSubsidiaryAccess']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['grantSubsidiaryAccess']>> {
    await this.portals.grantAccess(callerOf(ctx), input.body);
    return { message: `Access granted to ${input.body.user_email}` };
  }
}
