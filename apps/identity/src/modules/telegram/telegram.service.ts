import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { EntityManager } from 'typeorm';
import { identityEvents, identityInternal, identityRoutes, type RouteOutput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { ENV, UnitOfWork, isUniqueViolation, Clock, addSeconds, Handles, HandlesInternal, currentCaller } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { TelegramRepository } from './telegram.repository.js';
import { generateLinkCode, linkCodeState, normalizeLinkCode } from './link-code.util.js';

type R = typeof identityRoutes;
type ConfirmLink = typeof identityInternal.telegramConfirmLink;
type LinkedUser = typeof identityInternal.telegramLinkedUser;
type TelegramUserRequest = z.infer<LinkedUser['request']>;

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
    const removed = await this.uow.run(async (tx) => {
      const gone = await this.repo.deleteLink(tx, userId);
      if (gone) await this.announceUnlink(tx, userId);
      return gone;
    });
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
      // a second Telegram account would silently take the first one's place (and its notifications)
      const current = await this.repo.findLink(code.userId, tx);
      if (current && current.telegramUserId !== req.telegram_user_id) throw identityErrors.accountLinkedElsewhere();
      await this.repo.saveLink(tx, {
        userId: code.userId,
        telegramUserId: req.telegram_user_id,
        telegramUsername: req.telegram_username,
        linkedAt: now,
      });
      await this.repo.markCodeUsed(tx, code.code, now);
      await writeEvent(tx, identityEvents.telegramLinked, {
        v: 1,
        user_id: code.userId,
        telegram_user_id: req.telegram_user_id,
        linked_at: now.toISOString(),
      });
    });
    return { message: 'Telegram account linked' };
  }

  /** Who a Telegram account is (bus only, the bot): every command but /start and /help needs it. */
  @HandlesInternal(identityInternal.telegramLinkedUser)
  async linkedUser(req: TelegramUserRequest): Promise<z.infer<LinkedUser['response']>> {
    const link = await this.repo.findLinkByTelegramUser(null, req.telegram_user_id);
    if (!link) return null;
    const user = await this.users.findById(link.userId);
    if (!user || user.status !== 'active') return null;
    return { user_id: user.id, role: user.role, name: user.name };
  }

  /** /unlink in the bot: the same removal as DELETE /telegram/unlink, found by the Telegram account. */
  @HandlesInternal(identityInternal.telegramUnlinkFromBot)
  async unlinkFromBot(req: TelegramUserRequest): Promise<z.infer<ConfirmLink['response']>> {
    const removed = await this.uow.run(async (tx) => {
      const link = await this.repo.findLinkByTelegramUser(tx, req.telegram_user_id);
      if (!link || !(await this.repo.deleteLink(tx, link.userId))) return false;
      await this.announceUnlink(tx, link.userId);
      return true;
    });
    if (!removed) throw identityErrors.notLinked();
    return { message: 'Telegram account unlinked' };
  }

  /** The engagement service stops the user's Telegram notifications from this event on. */
  private async announceUnlink(tx: EntityManager, userId: string): Promise<void> {
    await writeEvent(tx, identityEvents.telegramUnlinked, { v: 1, user_id: userId, unlinked_at: this.clock.now().toISOString() });
  }
}
