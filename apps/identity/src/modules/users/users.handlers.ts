import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { UsersService } from './users.service.js';
import { TwoFactorService } from './two-factor.service.js';

type R = typeof identityRoutes;

@Injectable()
export class UsersHandlers {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
  ) {}

  @Handles(identityRoutes.updateProfile)
  async updateProfile(input: RouteInput<R['updateProfile']>, ctx: HandlerContext): Promise<RouteOutput<R['updateProfile']>> {
    return { user: await this.users.updateProfile(callerOf(ctx), input.body, ctx.requestId) };
  }

  @Handles(identityRoutes.updateNotificationSettings)
  async updateNotificationSettings(
    input: RouteInput<R['updateNotificationSettings']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['updateNotificationSettings']>> {
    return { notification_settings: await this.users.updateNotificationSettings(callerOf(ctx), input.body) };
  }

  @Handles(identityRoutes.changePassword)
  async changePassword(input: RouteInput<R['changePassword']>, ctx: HandlerContext): Promise<RouteOutput<R['changePassword']>> {
    await this.users.changePassword(callerOf(ctx), input.body.current_password, input.body.new_password);
    return { message: 'Password changed successfully!' };
  }

  @Handles(identityRoutes.enable2fa)
  async enable2fa(input: RouteInput<R['enable2fa']>, ctx: HandlerContext): Promise<RouteOutput<R['enable2fa']>> {
    return this.twoFactor.start(callerOf(ctx).userId, input.body.code);
  }

  @Handles(identityRoutes.confirm2fa)
  async confirm2fa(input: RouteInput<R['confirm2fa']>, ctx: HandlerContext): Promise<RouteOutput<R['confirm2fa']>> {
    await this.twoFactor.confirm(callerOf(ctx).userId, input.body.code);
    return { message: 'Two-factor authentication is now enabled' };
  }

  @Handles(identityRoutes.deleteAccount)
  async deleteAccount(_input: RouteInput<R['deleteAccount']>, ctx: HandlerContext): Promise<RouteOutput<R['deleteAccount']>> {
    const at = await this.users.deleteAccount(callerOf(ctx), ctx.requestId);
    return { message: 'Your account is scheduled for deletion', deletion_scheduled_at: at.toISOString() };
  }
}
