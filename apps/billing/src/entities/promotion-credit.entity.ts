import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A promotional credit paid into a wallet (a referral's reward), one row per caller's key.
 * The key is the primary key: it is claimed first thing in the credit's transaction, so a
 * second request with the same key waits on the first and then finds it paid, whatever runs
 * concurrently or is retried.
 */
@Entity({ name: 'promotion_credits' })
@Index('promotion_credits_user_idx', ['userId', 'createdAt'])
@Index('promotion_credits_transaction_key', ['transactionId'], { unique: true })
@Check('promotion_credits_amount_positive', 'amount_minor > 0')
@Check('promotion_credits_currency_check', `currency IN ('USD', 'ETB', 'EUR')`)
export class PromotionCreditEntity {
  /** the caller's key (gamification: the referral's id) */
  @PrimaryColumn({ type: 'text', name: 'idempotency_key' }) idempotencyKey!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'bigint', name: 'amount_minor' }) amountMinor!: number;
  @Column({ type: 'char', length: 3 }) currency!: string;
  /** why the platform paid it (PROMOTION_REASONS) */
  @Column({ type: 'varchar', length: 40 }) reason!: string;
  /**
   * the `deposit` transaction the wallet's history shows for it, written in the same
   * transaction right after the key is claimed (the key comes first so that a duplicate
   * waits before anything is written)
   */
  @Column({ type: 'uuid', name: 'transaction_id' }) transactionId!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
