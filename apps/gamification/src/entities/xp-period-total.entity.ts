import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { LeaderboardTimeframe } from '@lp/contracts';

/**
 * A user's XP in one board period (a week from Monday, a month from the 1st, or all time as
 * '1970-01-01'), kept in the award's transaction: what the Redis boards are written and rebuilt
 * from, itself derivable from xp_ledger by one GROUP BY (LeaderboardRepository.rebuildTotalsFromLedger).
 */
@Entity({ name: 'xp_period_totals' })
@Check('xp_period_totals_period_check', `period IN ('week', 'month', 'all')`)
// a board's rows in user order: the rebuild pages through them by user id
@Index('xp_period_totals_board_idx', ['period', 'periodStart', 'userId'])
export class XpPeriodTotalEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'text' }) period!: LeaderboardTimeframe;
  /** the period's first local day (platform time zone), YYYY-MM-DD */
  @PrimaryColumn({ type: 'date', name: 'period_start' }) periodStart!: string;
  @Column({ type: 'integer', default: 0 }) xp!: number;
}
