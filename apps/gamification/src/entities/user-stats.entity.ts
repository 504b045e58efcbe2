import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's standing, kept in step with the ledger in the award's own transaction (the row is
 * locked first, so a user's awards take turns and caps hold under concurrency). The streaks
 * are the run of consecutive active days ending at last_active_day and the longest run ever;
 * `highest_level` remembers the best level reached, so a level lost to a reversal and
 * reached again is not announced twice.
 */
@Entity({ name: 'user_stats' })
export class UserStatsEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'integer', name: 'total_xp', default: 0 }) totalXp!: number;
  @Column({ type: 'integer', default: 1 }) level!: number;
  @Column({ type: 'integer', name: 'highest_level', default: 1 }) highestLevel!: number;
  @Column({ type: 'integer', name: 'current_streak', default: 0 }) currentStreak!: number;
  @Column({ type: 'integer', name: 'longest_streak', default: 0 }) longestStreak!: number;
  @Column({ type: 'date', name: 'last_active_day', nullable: true }) lastActiveDay!: string | null;
  @Column({ type: 'text', name: 'time_zone', nullable: true }) timeZone!: string | null;
  @Column({ type: 'boolean', name: 'hide_from_leaderboards', default: false }) hideFromLeaderboards!: boolean;
  /** the hour of the daily study reminder in time_zone; null: STUDY_REMINDER_DEFAULT_HOUR */
  @Column({ type: 'smallint', name: 'study_reminder_hour', nullable: true }) studyReminderHour!: number | null;
  /** the learner's date of the last study reminder made (or held by their switch): one a day, even if they delete it */
  @Column({ type: 'date', name: 'study_reminded_on', nullable: true }) studyRemindedOn!: string | null;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
