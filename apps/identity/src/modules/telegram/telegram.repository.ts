import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TelegramLinkEntity } from '../../entities/telegram-link.entity.js';
import { TelegramLinkCodeEntity } from '../../entities/telegram-link-code.entity.js';

/** Data access for `telegram_links` and `telegram_link_codes`. */
@Injectable()
export class TelegramRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  findLink(userId: string, tx?: EntityManager): Promise<TelegramLinkEntity | null> {
    return (tx ?? this.ds.manager).getRepository(TelegramLinkEntity).findOneBy({ userId });
  }

  /** tx null: outside a transaction (a read) */
  findLinkByTelegramUser(tx: EntityManager | null, telegramUserId: string): Promise<TelegramLinkEntity | null> {
    return (tx ?? this.ds.manager).getRepository(TelegramLinkEntity).findOneBy({ telegramUserId });
  }

  async deleteLink(tx: EntityManager, userId: string): Promise<boolean> {
    const r = await tx.getRepository(TelegramLinkEntity).delete({ userId });
    return (r.affected ?? 0) > 0;
  }

  async saveLink(tx: EntityManager, link: TelegramLinkEntity): Promise<void> {
    await tx.query(
      `INSERT INTO telegram_links (user_id, telegram_user_id, telegram_username, linked_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET telegram_user_id = EXCLUDED.telegram_user_id,
         telegram_username = EXCLUDED.telegram_username, linked_at = EXCLUDED.linked_at`,
      [link.userId, link.telegramUserId, link.telegramUsername, link.linkedAt],
    );
  }

  /** The user's one code: a new one replaces the old. */
  async replaceCode(tx: EntityManager, userId: string, code: string, expiresAt: Date): Promise<void> {
    await tx.query(
      `INSERT INTO telegram_link_codes (code, user_id, expires_at, used_at, created_at) VALUES ($1, $2, $3, NULL, now())
       ON CONFLICT (user_id) DO UPDATE SET code = EXCLUDED.code, expires_at = EXCLUDED.expires_at, used_at = NULL, created_at = now()`,
      [code, userId, expiresAt],
    );
  }

  findCodeForUpdate(tx: EntityManager, code: string): Promise<TelegramLinkCodeEntity | null> {
    return tx
      .getRepository(TelegramLinkCodeEntity)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.code = :code', { code })
      .getOne();
  }

  async markCodeUsed(tx: EntityManager, code: string, at: Date): Promise<void> {
    await tx.getRepository(TelegramLinkCodeEntity).update({ code }, { usedAt: at });
  }
}
