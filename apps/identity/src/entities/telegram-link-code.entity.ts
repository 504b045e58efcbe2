import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** At most one code per user: a new code replaces the old one. */
@Entity({ name: 'telegram_link_codes' })
export class TelegramLinkCodeEntity {
  @PrimaryColumn({ type: 'text' }) code!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', name: 'used_at', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
