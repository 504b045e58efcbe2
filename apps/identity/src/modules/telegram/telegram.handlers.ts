import { Inject, Injectable } from '@nestjs/common';
import { identityInternal, identityRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import type { z } from 'zod';
import { Handles, HandlesInternal, callerOf } from '@lp/service-kit';
import { TelegramService } from './telegram.service.js';

type R = typeof identityRoutes;
type ConfirmLink = typeof identityInternal.telegramConfirmLink;

@Injectable()
export class TelegramHandlers {
  constructor(@Inject(TelegramService) private readonly telegram: TelegramService) {}

  @Handles(identityRoutes.telegramLinkStatus)
  async linkStatus(_input: RouteInput<R['telegramLinkStatus']>, ctx: HandlerContext): Promise<RouteOutput<R['telegramLinkStatus']>> {
    return this.telegram.status(callerOf(ctx).userId);
  }

  @Handles(identityRoutes.telegramGenerateLinkCode)
  async generateLinkCode(
    _input: RouteInput<R['telegramGenerateLinkCode']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['telegramGenerateLinkCode']>> {
    const { code, expiresAt, expiresIn } = await this.telegram.generateCode(callerOf(ctx).userId);
    return { code, expires_at: expiresAt.toISOString(), expires_in: expiresIn };
  }

  @Handles(identityRoutes.telegramUnlink)
  async unlink(_input: RouteInput<R['telegramUnlink']>, ctx: HandlerContext): Promise<RouteOutput<R['telegramUnlink']>> {
    await this.telegram.unlink(callerOf(ctx).userId);
    return { message: 'Telegram account unlinked' };
  }

  /** Called by the Telegram bot (bus only) when a user sends it their code. */
  @HandlesInternal(identityInternal.telegramConfirmLink)
  async confirmLink(payload: z.infer<ConfirmLink['request']>, _ctx: HandlerContext): Promise<z.infer<ConfirmLink['response']>> {
    await this.telegram.confirm(payload);
    return { message: 'Telegram account linked' };
  }
}
