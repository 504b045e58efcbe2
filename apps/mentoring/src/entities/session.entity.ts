import { Check, Column, CreateDateColumn, Entity, Exclusion, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Currency, SessionStatus } from '@lp/contracts';

/**
 * A mentoring session: booked (scheduled, the slot held until hold_expires_at while the
 * payment completes), confirmed (paid, with a meeting link), then completed, cancelled or
 * no_show. The database holds the rules that matter most: no two holding sessions of one
 * mentor overlap, nor two of one learner (exclusion constraints over the time range); the
 * end is the start plus the duration; a rating is 1-5 and only on a completed session.
 */
@Entity({ name: 'sessions' })
@Check(
  'sessions_duration_check',
  '"duration_minutes" IN (30, 60, 90, 120) AND "ends_at" = "starts_at" + make_interval(mins => "duration_minutes")',
)
@Check('sessions_status_check', `"status" IN ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show')`)
@Check('sessions_amount_check', '"amount_minor" >= 0')
@Check('sessions_rating_check', `"rating" IS NULL OR ("rating" BETWEEN 1 AND 5 AND "status" = 'completed')`)
@Check('sessions_parties_check', '"mentor_id" <> "mentee_id"')
@Exclusion(
  'sessions_mentor_no_overlap',
  `USING gist ("mentor_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('scheduled', 'confirmed'))`,
)
@Exclusion(
  'sessions_mentee_no_overlap',
  `USING gist ("mentee_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('scheduled', 'confirmed'))`,
)
@Index('sessions_mentor_idx', ['mentorId', 'startsAt'])
@Index('sessions_mentee_idx', ['menteeId', 'startsAt'])
@Index('sessions_payment_idx', ['paymentId'])
@Index('sessions_status_idx', ['status', 'endsAt'])
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'mentor_id' }) mentorId!: string;
  @Column({ type: 'uuid', name: 'mentee_id' }) menteeId!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text', default: '' }) description!: string;
  @Column({ type: 'timestamptz', name: 'starts_at' }) startsAt!: Date;
  @Column({ type: 'timestamptz', name: 'ends_at' }) endsAt!: Date;
  @Column({ type: 'smallint', name: 'duration_minutes' }) durationMinutes!: number;
  @Column({ type: 'varchar', length: 20, default: 'scheduled' }) status!: SessionStatus;
  @Column({ type: 'integer', name: 'amount_minor' }) amountMinor!: number;
  @Column({ type: 'varchar', length: 3 }) currency!: Currency;
  @Column({ type: 'uuid', name: 'payment_id', nullable: true }) paymentId!: string | null;
  @Column({ type: 'text', name: 'meeting_link', nullable: true }) meetingLink!: string | null;
  @Column({ type: 'timestamptz', name: 'hold_expires_at', nullable: true }) holdExpiresAt!: Date | null;
  @Column({ type: 'smallint', nullable: true }) rating!: number | null;
  @Column({ type: 'text', nullable: true }) review!: string | null;
  @Column({ type: 'varchar', length: 10, name: 'cancelled_by', nullable: true }) cancelledBy!: 'mentee' | 'mentor' | 'system' | null;
  @Column({ type: 'text', name: 'cancel_reason', nullable: true }) cancelReason!: string | null;
  @Column({ type: 'integer', name: 'refunded_minor', nullable: true }) refundedMinor!: number | null;
  @Column({ type: 'timestamptz', name: 'confirmed_at', nullable: true }) confirmedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'cancelled_at', nullable: true }) cancelledAt!: Date | null;
  @Column({ type: 'timestamptz', name: 'rated_at', nullable: true }) ratedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
