import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { UsersService } from '../users/users.service.js';
import { sessionGrantOf } from '../sessions/sessions.service.js';
import { AuthService } from './auth.service.js';

type R = typeof identityRoutes;

@Injectable()
export class AuthHandlers {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  @Handles(identityRoutes.register)
  async register(input: RouteInput<R['register']>, ctx: HandlerContext): Promise<ServiceOutput<R['register']>> {
    const signedIn = await this.auth.register(input.body, ctx.requestId);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  @Handles(identityRoutes.login)
  async login(input: RouteInput<R['login']>, _ctx: HandlerContext): Promise<ServiceOutput<R['login']>> {
    const signedIn = await this.auth.login(input.body);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  @Handles(identityRoutes.crossPortalLogin)
  async crossPortalLogin(input: RouteInput<R['crossPortalLogin']>, _ctx: HandlerContext): Promise<ServiceOutput<R['crossPortalLogin']>> {
    const signedIn = await this.auth.login(input.body);
    return {
      access_token: signedIn.token,
      user: signedIn.user,
      institution: signedIn.institution,
      available_portals: signedIn.availablePortals,
      ...sessionGrantOf(signedIn),
    };
  }

  @Handles(identityRoutes.sessionExchange)
  async sessionExchange(input: RouteInput<R['sessionExchange']>, ctx: HandlerContext): Promise<ServiceOutput<R['sessionExchange']>> {
    const signedIn = await this.auth.exchangeSession(input.body, ctx.requestId);
    return { session_token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  @Handles(identityRoutes.devProviderSession)
  async devProviderSession(
    input: RouteInput<R['devProviderSession']>,
    _ctx: HandlerContext,
  ): Promise<RouteOutput<R['devProviderSession']>> {
    return { session_id: await this.auth.createDevSession(input.body) };
  }

  @Handles(identityRoutes.me)
  async me(_input: RouteInput<R['me']>, ctx: HandlerContext): Promise<RouteOutput<R['me']>> {
    return this.users.me(callerOf(ctx));
  }

  @Handles(identityRoutes.logout)
  async logout(_input: RouteInput<R['logout']>, ctx: HandlerContext): Promise<RouteOutput<R['logout']>> {
    await this.auth.logout(callerOf(ctx));
    return { message: 'Logged out successfully' };
  }
}
