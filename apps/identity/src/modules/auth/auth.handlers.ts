import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles } from '@lp/service-kit';
import { UserEntity } from '../../entities/user.entity.js';

@Injectable()
export class AuthHandlers {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  @Handles(identityRoutes.me)
  async me(_input: RouteInput<typeof identityRoutes.me>, ctx: HandlerContext): Promise<RouteOutput<typeof identityRoutes.me>> {
    const u = await this.ds.getRepository(UserEntity).findOneBy({ id: ctx.caller!.userId });
    if (!u) throw AppError.notFound('User not found');
    return {
      id: u.id, name: u.name, email: u.email, phone: u.phone, role: u.role, institution: null, available_portals: [],
      profile_image: u.profileImage, notification_settings: u.notificationSettings, two_factor_enabled: false, created_at: u.createdAt.toISOString(),
    };
  }
}
