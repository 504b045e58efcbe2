import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The Telegram chat a user's notifications go to (docs/notifications.md, "Telegram"): made when
 * identity announces a link, deleted when it announces an unlink or the account goes. `on` is
 * the user's one Telegram switch (/settings in the bot): off, no Telegram delivery is made.
 */
@Entity({ name: 'telegram_chats' })
export class TelegramChatEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  /** a private chat's id is the Telegram user's id */
  @Column({ type: 'text', name: 'chat_id' }) chatId!: string;
  @Column({ type: 'boolean', default: true }) on!: boolean;
  @Column({ type: 'timestamptz', name: 'linked_at' }) linkedAt!: Date;
}
