import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * The XP ledger, append-only: every award is a row keyed by what caused it, every reversal a
 * row of negative XP pointing at the award it takes back. The unique key makes a redelivered
 * or replayed event add nothing; the partial unique index on `reverses` takes an award back
 * at most once. `day` is occurred_at's calendar day in the user's time zone when it was
 * written (daily caps count by it); `course_id` ties lesson and course awards to the course a
 * refund reverses.
 */
@Entity({ name: 'xp_ledger' })
@Unique('xp_ledger_source_key', ['userId', 'ruleCode', 'sourceEventId'])
@Index('xp_ledger_reverses_key', ['reverses'], { unique: true, where: '"reverses" IS NOT NULL' })
@Index('xp_ledger_user_rule_day_idx', ['userId', 'ruleCode', 'day'])
@Index('xp_ledger_user_source_idx', ['userId', 'sourceKey'])
@Index('xp_ledger_user_course_idx', ['userId', 'courseId'], { where: '"course_id" IS NOT NULL' })
@Index('xp_ledger_occurred_idx', ['occurredAt'])
export class XpLedgerEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text', name: 'rule_code' }) ruleCode!: string;
  @Column({ type: 'integer' }) xp!: number;
  @Column({ type: 'text', name: 'source_event_id' }) sourceEventId!: string;
  @Column({ type: 'text', name: 'source_key' }) sourceKey!: string;
  @Column({ type: 'text', name: 'course_id', nullable: true }) courseId!: string | null;
  @Column({ type: 'timestamptz', name: 'occurred_at' }) occurredAt!: Date;
  @Column({ type: 'date' }) day!: string;
  @Column({ type: 'uuid', nullable: true }) reverses!: string | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}
