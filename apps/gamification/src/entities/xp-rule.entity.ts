import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An XP rule: what one event (or 'daily_activity', 'referral') is worth. Rows are data, seeded
 * by a migration; the service reads them, so changing a rule's XP or cap is an UPDATE, not a
 * release. `counts_as_activity`: an award of this rule makes the user's day an active one
 * (streaks, the daily bonus); awards that others cause (an upvote received) do not.
 */
@Entity({ name: 'xp_rules' })
@Check('xp_rules_cap_check', '"daily_cap" IS NULL OR "daily_cap" > 0')
export class XpRuleEntity {
  @PrimaryColumn({ type: 'text' }) code!: string;
  @Column({ type: 'text' }) event!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'integer' }) xp!: number;
  @Column({ type: 'integer', name: 'daily_cap', nullable: true }) dailyCap!: number | null;
  @Column({ type: 'text', name: 'reversed_by', nullable: true }) reversedBy!: string | null;
  @Column({ type: 'boolean', name: 'counts_as_activity', default: false }) countsAsActivity!: boolean;
  @Column({ type: 'boolean', default: true }) active!: boolean;
}
