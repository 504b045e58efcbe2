import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TelegramChatEntity } from '../../entities/telegram-chat.entity.js';

/** Data access for `telegram_chats`. */
@Injectable()
export class TelegramChatsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager) {
    return (tx ?? this.ds.manager).getRepository(TelegramChatEntity);
  }

  find(userId: string, tx?: EntityManager): Promise<TelegramChatEntity | null> {
    return this.repo(tx).findOneBy({ userId });
  }

  /** A newer link replaces the chat; the switch stays as the user set it. */
  async link(tx: EntityManager, userId: string, chatId: string, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO telegram_chats (user_id, chat_id, "on", linked_at) VALUES ($1, $2, true, $3)
       ON CONFLICT (user_id) DO UPDATE SET chat_id = EXCLUDED.chat_id, linked_at = EXCLUDED.linked_at
       WHERE telegram_chats.linked_at <= EXCLUDED.linked_at`,
      [userId, chatId, at],
    );
  }

  /** Only a link older than the unlink goes (a relink after it, delivered first, stays). */
  async unlink(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await tx.query(`DELETE FROM telegram_chats WHERE user_id = $1 AND linked_at <= $2`, [userId, at]);
  }

  async setOn(userId: string, on: boolean): Promise<boolean> {
    const r = await this.repo().update({ userId }, { on });
    return (r.affected ?? 0) > 0;
  }
}
