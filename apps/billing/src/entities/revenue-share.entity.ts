import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A sale's split: the recipient's share and the platform's fee, with the percentage in force. A refund reverses it. */
@Entity({ name: 'revenue_shares' })
@Index('revenue_shares_payment_key', ['paymentId'], { unique: true })
@Index('revenue_shares_recipient_idx', ['recipientId', 'createdAt'])
@Check('revenue_shares_amounts_check', 'recipient_minor >= 0 AND fee_minor >= 0 AND recipient_minor + fee_minor = gross_minor')
@Check('revenue_shares_recipient_type_check', `recipient_type IN ('instructor', 'mentor', 'institution')`)
export class RevenueShareEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'payment_id' }) paymentId!: string;
  @Column({ type: 'uuid', name: 'recipient_id' }) recipientId!: string;
  @Column({ type: 'varchar', length: 20, name: 'recipient_type' }) recipientType!: 'instructor' | 'mentor' | 'institution';
  @Column({ type: 'varchar', length: 20, name: 'item_type' }) itemType!: string;
  @Column({ type: 'text', name: 'item_id' }) itemId!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ type: 'bigint', name: 'gross_minor' }) grossMinor!: number;
  @Column({ type: 'bigint', name: 'recipient_minor' }) recipientMinor!: number;
  @Column({ type: 'bigint', name: 'fee_minor' }) feeMinor!: number;
  @Column({ type: 'numeric', precision: 5, scale: 2, name: 'fee_percentage' }) feePercentage!: number;
  @Column({ type: 'timestamptz', name: 'reversed_at', nullable: true }) reversedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
