import { JoinColumn, OneToOne, Unique, type Relation, Column, Entity, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity.js';

@Entity({ name: 'telegram_links' })
@Unique('telegram_links_telegram_user_key', ['telegramUserId'])
export class TelegramLinkEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'telegram_links_user_id_fkey' })
  user?: Relation<UserEntity>;
  @Column({ type: 'text', name: 'telegram_user_id' }) telegramUserId!: string;
  @Column({ type: 'text', name: 'telegram_username', nullable: true }) telegramUsername!: string | null;
  @Column({ type: 'timestamptz', name: 'linked_at', default: () => 'now()' }) linkedAt!: Date;
}
