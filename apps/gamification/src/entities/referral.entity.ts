import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ReferralRefusal, ReferralStatus } from '@lp/contracts';

/**
 * An account registered with a referral code (identity.user.registered with `ref`): pending
 * until the referred account's first completed lesson, then completed once; or refused at
 * registration by a fraud rule. One row per referred account (unique), so one reward per
 * account. A completion past the referrer's monthly cap is `completed` with refusal
 * 'monthly_cap' and no money. `reward_claimed` turns true once billing has credited the
 * referrer's wallet (the credit is asked after the completion commits, and again by the
 * sweep until it lands; billing pays once per referral id).
 */
@Entity({ name: 'referrals' })
@Index('referrals_referred_key', ['referredId'], { unique: true })
@Index('referrals_referrer_idx', ['referrerId', 'createdAt'])
@Index('referrals_email_idx', ['referredEmailNormalized'])
@Index('referrals_status_idx', ['status', 'createdAt'])
// the sweep's work: completed rewards billing has not confirmed yet
@Index('referrals_unclaimed_idx', ['completedAt'], { where: `status = 'completed' AND reward_minor > 0 AND NOT reward_claimed` })
@Check('referrals_status_check', `status IN ('pending', 'completed', 'refused')`)
@Check(
  'referrals_refusal_check',
  `refusal IS NULL OR refusal IN ('self_referral', 'same_email', 'already_referred', 'monthly_cap', 'unknown_code')`,
)
@Check('referrals_reward_check', 'reward_minor >= 0')
export class ReferralEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** the code as given at registration (normalised to upper case) */
  @Column({ type: 'text' }) code!: string;
  /** the code's owner; null when the code is unknown */
  @Column({ type: 'uuid', name: 'referrer_id', nullable: true }) referrerId!: string | null;
  @Column({ type: 'uuid', name: 'referred_id' }) referredId!: string;
  /** the e-mail the account registered with ('' for a phone registration) */
  @Column({ type: 'text', name: 'referred_email' }) referredEmail!: string;
  /** lower case, gmail/googlemail dots and +tags removed: what the fraud rules compare */
  @Column({ type: 'text', name: 'referred_email_normalized' }) referredEmailNormalized!: string;
  @Column({ type: 'varchar', length: 20 }) status!: ReferralStatus;
  @Column({ type: 'varchar', length: 30, nullable: true }) refusal!: ReferralRefusal | null;
  @Column({ type: 'boolean', name: 'reward_claimed', default: false }) rewardClaimed!: boolean;
  /** the referrer's wallet credit in minor units (REFERRAL_REWARD_CURRENCY): 0 when none is due */
  @Column({ type: 'integer', name: 'reward_minor', default: 0 }) rewardMinor!: number;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
