import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles } from '@lp/service-kit';
import { sessionGrantOf } from '../sessions/sessions.service.js';
import { PhoneService } from './phone.service.js';

type R = typeof identityRoutes;

@Injectable()
export class PhoneHandlers {
  constructor(@Inject(PhoneService) private readonly phone: PhoneService) {}

  @Handles(identityRoutes.sendOtp)
  async sendOtp(input: RouteInput<R['sendOtp']>, _ctx: HandlerContext): Promise<RouteOutput<R['sendOtp']>> {
    return this.phone.sendOtp(input.body);
  }

  @Handles(identityRoutes.verifyOtp)
  async verifyOtp(input: RouteInput<R['verifyOtp']>, _ctx: HandlerContext): Promise<ServiceOutput<R['verifyOtp']>> {
    const signedIn = await this.phone.verifyOtp(input.body);
    return { token: signedIn.token, user: signedIn.user, ...sessionGrantOf(signedIn) };
  }

  @Handles(identityRoutes.completePhoneRegistration)
  async completeRegistration(
    input: RouteInput<R['completePhoneRegistration']>,
    ctx: HandlerContext,
  ): Promise<ServiceOutput<R['completePhoneRegistration']>> {
    const result = await this.phone.completeRegistration(input.body, ctx.requestId);
    return 'token' in result ? { token: result.token, user: result.user, ...sessionGrantOf(result) } : result;
  }
}
