import { JoinColumn, ManyToOne, Unique, type Relation, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity.js';

/** At most one code per user: a new code replaces the old one. */
@Entity({ name: 'telegram_link_codes' })
@Unique('telegram_link_codes_user_key', ['userId'])
export class TelegramLinkCodeEntity {
  @PrimaryColumn({ type: 'text' }) code!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'telegram_link_codes_user_id_fkey' })
  user?: Relation<UserEntity>;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', name: 'used_at', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
