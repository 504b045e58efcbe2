import { Check, Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The local demo provider's own records of its hosted checkouts: what it was asked to
 * collect and what the payer did. Kept apart from our transactions on purpose: completing a
 * payment compares the provider's record with ours, as it would with a real provider.
 */
@Entity({ name: 'demo_checkouts' })
@Check('demo_checkouts_status_check', `status IN ('open', 'paid', 'cancelled')`)
export class DemoCheckoutEntity {
  @PrimaryColumn({ type: 'text' }) reference!: string;
  /** who pays: only this user's session sees and confirms the checkout (null on checkouts opened before it was kept: nobody) */
  @Column({ type: 'uuid', name: 'payer_id', nullable: true }) payerId!: string | null;
  /** the label the payer sees: chapa, telebirr, mpesa */
  @Column({ type: 'varchar', length: 20 }) method!: string;
  @Column({ type: 'bigint', name: 'amount_minor' }) amountMinor!: number;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'text', name: 'return_url' }) returnUrl!: string;
  @Column({ type: 'varchar', length: 20 }) status!: 'open' | 'paid' | 'cancelled';
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt!: Date;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'settled_at', nullable: true }) settledAt!: Date | null;
}
