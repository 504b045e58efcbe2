import { Inject, Injectable } from '@nestjs/common';
import { identityInternal } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import type { z } from 'zod';
import { HandlesInternal } from '@lp/service-kit';
import { AdminService } from './admin.service.js';

type EnsureUser = typeof identityInternal.ensureUser;

/** Demo data, development and tests only (developmentOnly in app.module.ts): the seed's accounts go through the normal registration. */
@Injectable()
export class IdentitySeedHandlers {
  constructor(@Inject(AdminService) private readonly admin: AdminService) {}

  @HandlesInternal(identityInternal.ensureUser)
  async ensureUser(payload: z.infer<EnsureUser['request']>, ctx: HandlerContext): Promise<z.infer<EnsureUser['response']>> {
    return this.admin.ensure(payload, ctx.requestId);
  }
}
