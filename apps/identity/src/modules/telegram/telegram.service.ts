import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { identityInternal, identityRoutes, type RouteOutput } from '@lp/contracts';
import { ENV, UnitOfWork, isUniqueViolation, Clock, addSeconds, Handles, HandlesInternal, currentCaller } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { TelegramRepository } from './telegram.repository.js';
import { generateLinkCode, linkCodeState, normalizeLinkCode } from './link-code.util.js';

type R = typeof identityRoutes;
type ConfirmLink = typeof identityInternal.telegramConfirmLink;

export interface LinkStatus {
  linked: boolean;
  telegram_username: string | null;
  linked_at: string | null;
}

const CODE_ATTEMPTS = 3;

/** Linking a Telegram account: the user gets a short code, the bot confirms it with the Telegram identity. */
@Injectable()
export class TelegramService {
  constructor(
    @Inject(TelegramRepository) private readonly repo: TelegramRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  @Handles(identityRoutes.telegramLinkStatus)
  async status(): Promise<LinkStatus> {
    const link = await this.repo.findLink(currentCaller().userId);
    return { linked: !!link, telegram_username: link?.telegramUsername ?? null, linked_at: link?.linkedAt.toISOString() ?? null };
  }

  @Handles(identityRoutes.telegramGenerateLinkCode)
  async generateCode(): Promise<RouteOutput<R['telegramGenerateLinkCode']>> {
    const userId = currentCaller().userId;
    const expiresIn = this.env.TELEGRAM_LINK_CODE_TTL_SECONDS;
    const expiresAt = addSeconds(this.clock.now(), expiresIn);
    for (let attempt = 1; ; attempt++) {
      const code = generateLinkCode();
      try {
        await this.uow.run((tx) => this.repo.replaceCode(tx, userId, code, expiresAt));
        return { code, expires_at: expiresAt.toISOString(), expires_in: expiresIn };
      } catch (e) {
        // another user holds the same code: draw again
        if (!isUniqueViolation(e, 'telegram_link_codes_pkey') || attempt >= CODE_ATTEMPTS) throw e;
      }
    }
  }

  @Handles(identityRoutes.telegramUnlink)
  async unlink(): Promise<RouteOutput<R['telegramUnlink']>> {
    const userId = currentCaller().userId;
    const removed = await this.uow.run((tx) => this.repo.deleteLink(tx, userId));
    if (!removed) throw identityErrors.notLinked();
    return { message: 'Telegram account unlinked' };
  }

  /** Called by the Telegram bot (bus only) when a user sends it their code. */
  @HandlesInternal(identityInternal.telegramConfirmLink)
  async confirm(req: z.infer<ConfirmLink['request']>): Promise<z.infer<ConfirmLink['response']>> {
    const now = this.clock.now();
    await this.uow.run(async (tx) => {
      const code = await this.repo.findCodeForUpdate(tx, normalizeLinkCode(req.code));
      if (!code) throw identityErrors.invalidLinkCode();
      const state = linkCodeState(code, now);
      if (state === 'used') throw identityErrors.linkCodeUsed();
      if (state === 'expired') throw identityErrors.linkCodeExpired();
      const user = await this.users.findById(code.userId, tx);
      if (!user || user.status !== 'active') throw identityErrors.invalidLinkCode();
      const holder = await this.repo.findLinkByTelegramUser(tx, req.telegram_user_id);
      if (holder && holder.userId !== code.userId) throw identityErrors.telegramTaken();
      await this.repo.saveLink(tx, {
        userId: code.userId,
        telegramUserId: req.telegram_user_id,
        telegramUsername: req.telegram_username,
        linkedAt: now,
      });
      await this.repo.markCodeUsed(tx, code.code, now);
    });
    return { message: 'Telegram account linked' };
  }
}
