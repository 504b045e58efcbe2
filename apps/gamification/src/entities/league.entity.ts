import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { LeagueTier } from '@lp/contracts';

/**
 * A week of the weekly leagues: made by the week's first placement, closed once by the worker's
 * close-week call when every league of the week is closed (the totals are what the reply repeats).
 */
@Entity({ name: 'league_weeks' })
@Check('league_weeks_status_check', `status IN ('open', 'closed')`)
export class LeagueWeekEntity {
  /** Monday of the week (platform time zone) */
  @PrimaryColumn({ type: 'date', name: 'week_start' }) weekStart!: string;
  @Column({ type: 'text', default: 'open' }) status!: 'open' | 'closed';
  @Column({ type: 'integer', name: 'leagues_closed', default: 0 }) leaguesClosed!: number;
  @Column({ type: 'integer', default: 0 }) promoted!: number;
  @Column({ type: 'integer', default: 0 }) demoted!: number;
  @Column({ type: 'timestamptz', name: 'closed_at', nullable: true }) closedAt!: Date | null;
}

/**
 * One cohort of up to LEAGUE_SIZE learners of a tier in a week, of similar recent activity (the
 * band: how much XP they earned in the four weeks before). Closed on its own, in one transaction,
 * so a close-week that stops half-way continues with the leagues still open.
 */
@Entity({ name: 'leagues' })
@Check('leagues_tier_check', `tier IN ('bronze', 'silver', 'gold', 'platinum', 'diamond')`)
@Index('leagues_open_idx', ['weekStart', 'tier', 'band', 'memberCount'])
export class LeagueEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'date', name: 'week_start' }) weekStart!: string;
  @Column({ type: 'text' }) tier!: LeagueTier;
  @Column({ type: 'integer' }) band!: number;
  @Column({ type: 'integer', name: 'member_count', default: 0 }) memberCount!: number;
  @Column({ type: 'timestamptz', name: 'closed_at', nullable: true }) closedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
}

/** A learner's place in a week's league (one a week), and once the league closed, how it ended. */
@Entity({ name: 'league_members' })
@Check('league_members_outcome_check', `outcome IS NULL OR outcome IN ('promoted', 'stayed', 'demoted')`)
@Index('league_members_league_idx', ['leagueId'])
@Index('league_members_user_idx', ['userId', 'weekStart'])
export class LeagueMemberEntity {
  @PrimaryColumn({ type: 'date', name: 'week_start' }) weekStart!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'league_id' }) leagueId!: string;
  @Column({ type: 'timestamptz', name: 'joined_at', default: () => 'now()' }) joinedAt!: Date;
  @Column({ type: 'integer', name: 'final_rank', nullable: true }) finalRank!: number | null;
  @Column({ type: 'text', nullable: true }) outcome!: 'promoted' | 'stayed' | 'demoted' | null;
}
