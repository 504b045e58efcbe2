import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanUserType } from '@lp/contracts';
import { PricingPlanEntity } from './pricing-plan.entity.js';

export type SubscriptionStatus = 'pending' | 'active' | 'past_due' | 'cancelled' | 'expired';
/** The statuses of a user's one live subscription (the partial unique index below). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['pending', 'active', 'past_due'];

/**
 * A user's subscription to a plan, period by period.
 *
 * - `active`: the plan's limits apply until `current_period_end`; then the renewal job charges
 *   the wallet for the next period. `cancel_at_period_end` (POST /subscriptions/cancel) keeps
 *   it active until the end, then it expires instead of renewing.
 * - `past_due`: a renewal failed; the limits still apply until `grace_until`
 *   (SUBSCRIPTION_GRACE_DAYS), the job tries the wallet again once a day, then it expires.
 * - `expired`: ended at a period end (cancelled, or grace ran out); `cancelled`: replaced by
 *   another plan (or cycle) before its end. Neither grants anything; both stay as history.
 * - `pending` is declared for the contract, not written: a subscription bought through a
 *   provider's checkout has no row until the payment completes (the payment is what is pending).
 *
 * A user has at most one live subscription (pending, active or past due):
 * `subscriptions_user_live_key`. `renewal_attempted_at` is the renewal job's claim: a run
 * takes a subscription by moving it with a conditional update, so two runs never charge twice.
 */
@Entity({ name: 'subscriptions' })
@Index('subscriptions_user_live_key', ['userId'], { unique: true, where: `status IN ('pending', 'active', 'past_due')` })
@Index('subscriptions_user_idx', ['userId', 'createdAt'])
@Index('subscriptions_plan_idx', ['planId'])
@Index('subscriptions_period_end_idx', ['currentPeriodEnd'], { where: `status = 'active'` })
@Index('subscriptions_grace_idx', ['graceUntil'], { where: `status = 'past_due'` })
@Check('subscriptions_status_check', `status IN ('pending', 'active', 'past_due', 'cancelled', 'expired')`)
@Check('subscriptions_user_type_check', `user_type IN ('institution', 'mentor', 'instructor')`)
@Check('subscriptions_billing_cycle_check', `billing_cycle IN ('monthly', 'yearly')`)
@Check('subscriptions_currency_check', `currency IN ('USD', 'ETB', 'EUR')`)
@Check('subscriptions_price_check', 'price_minor >= 0')
@Check('subscriptions_period_check', 'current_period_end > current_period_start')
@Check('subscriptions_grace_check', `status <> 'past_due' OR grace_until IS NOT NULL`)
export class SubscriptionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'varchar', length: 20, name: 'user_type' }) userType!: PlanUserType;
  @Column({ type: 'uuid', name: 'plan_id' }) planId!: string;
  @ManyToOne(() => PricingPlanEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'plan_id', foreignKeyConstraintName: 'subscriptions_plan_fkey' })
  plan?: PricingPlanEntity;
  @Column({ type: 'varchar', length: 20 }) status!: SubscriptionStatus;
  @Column({ type: 'varchar', length: 10, name: 'billing_cycle' }) billingCycle!: 'monthly' | 'yearly';
  /** what the last period cost (a plan's new price applies from the next renewal) */
  @Column({ type: 'bigint', name: 'price_minor' }) priceMinor!: number;
  @Column({ type: 'char', length: 3, default: 'USD' }) currency!: string;
  @Column({ type: 'timestamptz', name: 'current_period_start' }) currentPeriodStart!: Date;
  @Column({ type: 'timestamptz', name: 'current_period_end' }) currentPeriodEnd!: Date;
  @Column({ type: 'boolean', name: 'cancel_at_period_end', default: false }) cancelAtPeriodEnd!: boolean;
  @Column({ type: 'timestamptz', name: 'grace_until', nullable: true }) graceUntil!: Date | null;
  /** the payment of the current period (null: a free plan) */
  @Column({ type: 'uuid', name: 'last_payment_id', nullable: true }) lastPaymentId!: string | null;
  /** when the renewal job last took it (its claim; a failed renewal is tried again a day later) */
  @Column({ type: 'timestamptz', name: 'renewal_attempted_at', nullable: true }) renewalAttemptedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
