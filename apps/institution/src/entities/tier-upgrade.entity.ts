import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { InstitutionEntity } from './institution.entity.js';

/**
 * One move of a top institution to another tier, and its payment through billing (the
 * upgrade's id is the payment's item_id, item_type institution_tier). Pending until billing's
 * payment event (or the wallet's immediate answer) completes it, once; a failed payment fails
 * it. The amount is fixed when the upgrade starts: billing asks for it, never the browser.
 */
@Entity({ name: 'tier_upgrades' })
@Check('tier_upgrades_status_check', `"status" IN ('pending','completed','failed')`)
@Check('tier_upgrades_cycle_check', `"billing_cycle" IN ('monthly','yearly')`)
@Check('tier_upgrades_amount_check', '"amount_minor" >= 0')
@Index('tier_upgrades_institution_idx', ['institutionId', 'createdAt'])
@Index('tier_upgrades_payment_idx', ['paymentId'])
export class TierUpgradeEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id', foreignKeyConstraintName: 'tier_upgrades_institution_fkey' })
  institution?: Relation<InstitutionEntity>;
  /** the admin who started it: the only one billing lets pay for it */
  @Column({ type: 'uuid', name: 'requested_by' }) requestedBy!: string;
  @Column({ type: 'text', name: 'from_tier' }) fromTier!: string;
  @Column({ type: 'text', name: 'to_tier' }) toTier!: string;
  @Column({ type: 'text', name: 'billing_cycle' }) billingCycle!: 'monthly' | 'yearly';
  @Column({ type: 'integer', name: 'amount_minor' }) amountMinor!: number;
  @Column({ type: 'text', default: 'ETB' }) currency!: string;
  @Column({ type: 'uuid', name: 'payment_id', nullable: true }) paymentId!: string | null;
  @Column({ type: 'text', default: 'pending' }) status!: 'pending' | 'completed' | 'failed';
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
}
