import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'telegram_links' })
export class TelegramLinkEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text', name: 'telegram_user_id' }) telegramUserId!: string;
  @Column({ type: 'text', name: 'telegram_username', nullable: true }) telegramUsername!: string | null;
  @Column({ type: 'timestamptz', name: 'linked_at' }) linkedAt!: Date;
}
