import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A user's referral code: one per user, made on their first POST /referrals/generate, never changed. */
@Entity({ name: 'referral_codes' })
@Index('referral_codes_code_key', ['code'], { unique: true })
export class ReferralCodeEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  /** REFERRAL_CODE_LENGTH characters of REFERRAL_CODE_ALPHABET (upper case) */
  @Column({ type: 'text' }) code!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
