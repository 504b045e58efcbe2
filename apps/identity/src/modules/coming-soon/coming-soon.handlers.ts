import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles } from '@lp/service-kit';
import { ComingSoonService } from './coming-soon.service.js';

type R = typeof identityRoutes;

@Injectable()
export class ComingSoonHandlers {
  constructor(@Inject(ComingSoonService) private readonly comingSoon: ComingSoonService) {}

  @Handles(identityRoutes.comingSoonSubscribe)
  async subscribe(input: RouteInput<R['comingSoonSubscribe']>, _ctx: HandlerContext): Promise<RouteOutput<R['comingSoonSubscribe']>> {
    await this.comingSoon.subscribe(input.body.email);
    return { message: "Thank you! We'll notify you when we launch." };
  }
}
