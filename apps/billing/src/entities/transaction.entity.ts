import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@lp/contracts';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * What a person sees in their history: a payment, a top-up, a withdrawal, a refund, an
 * earning. Money moves only through ledger journals; this row says why and how far it got.
 * A pending row leaves `pending` once (conditional update), so a replayed webhook or a job
 * running twice changes nothing.
 */
@Entity({ name: 'transactions' })
@Index('transactions_user_idx', ['userId', 'createdAt'])
@Index('transactions_provider_ref_key', ['providerRef'], { unique: true, where: 'provider_ref IS NOT NULL' })
@Index('transactions_pending_idx', ['expiresAt'], { where: `status = 'pending'` })
@Index('transactions_payment_idx', ['paymentId'], { where: 'payment_id IS NOT NULL' })
// a course or a session is bought once: two concurrent purchases cannot both complete
@Index('transactions_item_paid_key', ['userId', 'itemType', 'itemId'], {
  unique: true,
  where: `type = 'payment' AND status = 'completed' AND item_type IN ('course', 'session')`,
})
@Check('transactions_amount_positive', 'amount_minor > 0')
@Check('transactions_currency_check', `currency IN ('USD', 'ETB', 'EUR')`)
@Check('transactions_type_check', `type IN ('payment', 'deposit', 'withdrawal', 'refund', 'earning')`)
@Check('transactions_status_check', `status IN ('pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded')`)
@Check('transactions_direction_check', `direction IN ('credit', 'debit')`)
export class TransactionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'varchar', length: 20 }) type!: TransactionType;
  @Column({ type: 'varchar', length: 10 }) direction!: 'credit' | 'debit';
  @Column({ type: 'varchar', length: 20 }) status!: TransactionStatus;
  @Column({ type: 'bigint', name: 'amount_minor' }) amountMinor!: number;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ type: 'text' }) description!: string;
  /** wallet, chapa, telebirr, mpesa, bank (withdrawals); null for an earning */
  @Column({ type: 'varchar', length: 20, name: 'payment_method', nullable: true }) paymentMethod!: string | null;
  /** the provider that carries it: demo or chapa (null: the wallet alone) */
  @Column({ type: 'varchar', length: 20, nullable: true }) provider!: string | null;
  /** our reference at the provider (tx_ref), unique */
  @Column({ type: 'text', name: 'provider_ref', nullable: true }) providerRef!: string | null;
  @Column({ type: 'text', name: 'checkout_url', nullable: true }) checkoutUrl!: string | null;
  @Column({ type: 'varchar', length: 20, name: 'item_type', nullable: true }) itemType!: string | null;
  @Column({ type: 'text', name: 'item_id', nullable: true }) itemId!: string | null;
  /** an earning or a refund: the payment it comes from */
  @Column({ type: 'uuid', name: 'payment_id', nullable: true }) paymentId!: string | null;
  /** who receives a sale's share (the course's instructor, the session's mentor), null for the platform's own items */
  @Column({ type: 'uuid', name: 'recipient_id', nullable: true }) recipientId!: string | null;
  /** what the item's kind needs to finish it (a subscription's cycle), and a withdrawal's account details */
  @Column({ type: 'jsonb', default: () => "'{}'" }) details!: Record<string, unknown>;
  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}
