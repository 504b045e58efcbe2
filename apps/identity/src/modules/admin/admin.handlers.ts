import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles } from '@lp/service-kit';
import { toAdminUser } from '../users/user.mapper.js';
import { AdminService } from './admin.service.js';

type R = typeof identityRoutes;

@Injectable()
export class AdminHandlers {
  constructor(@Inject(AdminService) private readonly admin: AdminService) {}

  @Handles(identityRoutes.adminListUsers)
  async listUsers(input: RouteInput<R['adminListUsers']>, _ctx: HandlerContext): Promise<RouteOutput<R['adminListUsers']>> {
    const { users, total } = await this.admin.list(input.query);
    return { users: users.map(toAdminUser), total };
  }

  @Handles(identityRoutes.adminCreateUser)
  async createUser(input: RouteInput<R['adminCreateUser']>, ctx: HandlerContext): Promise<RouteOutput<R['adminCreateUser']>> {
    return { user: toAdminUser(await this.admin.create(input.body, ctx.requestId)) };
  }

  @Handles(identityRoutes.adminDeleteUser)
  async deleteUser(input: RouteInput<R['adminDeleteUser']>, ctx: HandlerContext): Promise<RouteOutput<R['adminDeleteUser']>> {
    await this.admin.remove(input.params.id, ctx.requestId);
    return { message: 'User deleted' };
  }

  @Handles(identityRoutes.adminAnalytics)
  async analytics(_input: RouteInput<R['adminAnalytics']>, _ctx: HandlerContext): Promise<RouteOutput<R['adminAnalytics']>> {
    return this.admin.analytics();
  }
}
