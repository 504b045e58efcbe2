import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Every verified webhook, kept for audit; a replay is recorded and changes nothing. */
@Entity({ name: 'webhook_receipts' })
@Index('webhook_receipts_ref_idx', ['provider', 'providerRef'])
export class WebhookReceiptEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 20 }) provider!: string;
  @Column({ type: 'text', name: 'provider_ref' }) providerRef!: string;
  /** what it did: completed, failed, ignored (already settled), mismatch */
  @Column({ type: 'varchar', length: 20 }) outcome!: string;
  @Column({ type: 'jsonb' }) payload!: unknown;
  @CreateDateColumn({ type: 'timestamptz', name: 'received_at' }) receivedAt!: Date;
}
