import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { TelegramConfirmLinkRequest } from '@lp/contracts';
import { ENV, UnitOfWork, isUniqueViolation, Clock, addSeconds } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { TelegramRepository } from './telegram.repository.js';
import { generateLinkCode, linkCodeState, normalizeLinkCode } from './link-code.util.js';

type ConfirmLink = z.infer<typeof TelegramConfirmLinkRequest>;

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

  async status(userId: string): Promise<LinkStatus> {
    const link = await this.repo.findLink(userId);
    return { linked: !!link, telegram_username: link?.telegramUsername ?? null, linked_at: link?.linkedAt.toISOString() ?? null };
  }

  async generateCode(userId: string): Promise<{ code: string; expiresAt: Date; expiresIn: number }> {
    const expiresIn = this.env.TELEGRAM_LINK_CODE_TTL_SECONDS;
    const expiresAt = addSeconds(this.clock.now(), expiresIn);
    for (let attempt = 1; ; attempt++) {
      const code = generateLinkCode();
      try {
        await this.uow.run((tx) => this.repo.replaceCode(tx, userId, code, expiresAt));
        return { code, expiresAt, expiresIn };
      } catch (e) {
        // another user holds the same code: draw again
        if (!isUniqueViolation(e, 'telegram_link_codes_pkey') || attempt >= CODE_ATTEMPTS) throw e;
      }
    }
  }

  async unlink(userId: string): Promise<void> {
    const removed = await this.uow.run((tx) => this.repo.deleteLink(tx, userId));
    if (!removed) throw identityErrors.notLinked();
  }

  async confirm(req: ConfirmLink): Promise<void> {
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
  }
}
