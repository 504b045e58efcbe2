import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';

type R = typeof identityRoutes;

@Injectable()
export class AuthHandlers {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(UsersService) private readonly users: UsersService,
  ) {}

  @Handles(identityRoutes.register)
  async register(input: RouteInput<R['register']>, ctx: HandlerContext): Promise<RouteOutput<R['register']>> {
    const { token, user } = await this.auth.register(input.body, ctx.requestId);
    return { token, user };
  }

  @Handles(identityRoutes.login)
  async login(input: RouteInput<R['login']>, _ctx: HandlerContext): Promise<RouteOutput<R['login']>> {
    const { token, user } = await this.auth.login(input.body);
    return { token, user };
  }

  @Handles(identityRoutes.crossPortalLogin)
  async crossPortalLogin(input: RouteInput<R['crossPortalLogin']>, _ctx: HandlerContext): Promise<RouteOutput<R['crossPortalLogin']>> {
    const signedIn = await this.auth.login(input.body);
    return {
      access_token: signedIn.token,
      user: signedIn.user,
      institution: signedIn.institution,
      available_portals: signedIn.availablePortals,
    };
  }

  @Handles(identityRoutes.sessionExchange)
  async sessionExchange(input: RouteInput<R['sessionExchange']>, ctx: HandlerContext): Promise<RouteOutput<R['sessionExchange']>> {
    const { token, user } = await this.auth.exchangeSession(input.body, ctx.requestId);
    return { session_token: token, user };
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
