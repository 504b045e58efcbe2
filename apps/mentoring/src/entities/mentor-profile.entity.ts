import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Currency } from '@lp/contracts';

/**
 * A mentor's profile, one per mentor, written on the first save of the profile or the schedule. Rating and sessions are
 * kept from real sessions (rating_total / rating_count, never typed in). Money is minor
 * units with its currency.
 */
@Entity({ name: 'mentor_profiles' })
@Check('mentor_profiles_rate_check', '"hourly_rate_minor" >= 0')
@Check('mentor_profiles_experience_check', '"experience_years" >= 0 AND "experience_years" <= 70')
@Check('mentor_profiles_rating_check', '"rating_count" >= 0 AND "rating_total" >= "rating_count" AND "rating_total" <= 5 * "rating_count"')
@Check('mentor_profiles_sessions_check', '"total_sessions" >= 0')
@Index('mentor_profiles_rate_idx', ['currency', 'hourlyRateMinor'])
export class MentorProfileEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text', default: '' }) bio!: string;
  @Column({ type: 'text', array: true, name: 'expertise_areas', default: () => "'{}'" }) expertiseAreas!: string[];
  @Column({ type: 'integer', name: 'hourly_rate_minor' }) hourlyRateMinor!: number;
  @Column({ type: 'varchar', length: 3, default: 'USD' }) currency!: Currency;
  @Column({ type: 'smallint', name: 'experience_years', default: 0 }) experienceYears!: number;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) languages!: string[];
  @Column({ type: 'varchar', length: 64, default: 'UTC' }) timezone!: string;
  @Column({ type: 'boolean', name: 'is_accepting_bookings', default: true }) isAcceptingBookings!: boolean;
  /** false while only the schedule was saved: learners see a mentor once the profile itself is saved */
  @Column({ type: 'boolean', name: 'is_published', default: false }) isPublished!: boolean;
  /** the sum of the stars given; the rating is rating_total / rating_count */
  @Column({ type: 'integer', name: 'rating_total', default: 0 }) ratingTotal!: number;
  @Column({ type: 'integer', name: 'rating_count', default: 0 }) ratingCount!: number;
  @Column({ type: 'integer', name: 'total_sessions', default: 0 }) totalSessions!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
