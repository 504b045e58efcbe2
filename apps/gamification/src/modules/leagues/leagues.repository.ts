import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { LeagueTier } from '@lp/contracts';
import { queryOne, queryRows, type Db } from '@lp/service-kit';
import { STAFF_ROLES } from '../leaderboard/leaderboard.repository.js';
import type { LeagueOutcome } from './league-rules.js';

export interface LeagueRow {
  id: string;
  weekStart: string;
  tier: LeagueTier;
  closedAt: Date | null;
}

export interface Newcomer {
  userId: string;
  mayCompete: boolean;
  lastTier: LeagueTier | null;
  lastOutcome: LeagueOutcome | null;
  recentXp: number;
}

export interface StandingRow {
  userId: string;
  name: string;
  xp: number;
}

/** Data access for league_weeks, leagues and league_members; no rules here. */
@Injectable()
export class LeaguesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** The user's latest league before `weekStart` and how it ended (null outcome: not closed yet). */
  lastPlacement(tx: Db, userId: string, weekStart: string): Promise<{ tier: LeagueTier; outcome: LeagueOutcome | null } | null> {
    return queryOne(
      tx,
      `SELECT l.tier, m.outcome FROM league_members m JOIN leagues l ON l.id = m.league_id
        WHERE m.user_id = $1 AND m.week_start < $2::date
        ORDER BY m.week_start DESC LIMIT 1`,
      [userId, weekStart],
    );
  }

  /**
   * What placing these users in a league of `weekStart` needs, in one query: whether each may
   * compete (the boards' rule: not staff, not deleted, not hidden), their latest league before
   * the week and how it ended, and their XP in the four weeks before it (the activity band).
   */
  newcomers(tx: Db, userIds: readonly string[], weekStart: string): Promise<Newcomer[]> {
    return queryRows(
      tx,
      `SELECT x.id AS "userId",
              NOT coalesce(u.deleted OR u.role = ANY($3::text[]) OR coalesce(s.hide_from_leaderboards, false), false) AS "mayCompete",
              lp.tier AS "lastTier", lp.outcome AS "lastOutcome",
              coalesce((SELECT sum(t.xp) FROM xp_period_totals t
                         WHERE t.user_id = x.id AND t.period = 'week' AND t.period_start >= $2::date - 28 AND t.period_start < $2::date), 0)::int
                AS "recentXp"
         FROM unnest($1::uuid[]) AS x(id)
         LEFT JOIN users u ON u.id = x.id
         LEFT JOIN user_stats s ON s.user_id = x.id
         LEFT JOIN LATERAL (SELECT l.tier, m.outcome FROM league_members m JOIN leagues l ON l.id = m.league_id
                             WHERE m.user_id = x.id AND m.week_start < $2::date
                             ORDER BY m.week_start DESC LIMIT 1) lp ON true
        ORDER BY x.id`,
      [userIds, weekStart, [...STAFF_ROLES]],
    );
  }

  async ensureWeek(tx: EntityManager, weekStart: string): Promise<void> {
    await tx.query(`INSERT INTO league_weeks (week_start) VALUES ($1::date) ON CONFLICT (week_start) DO NOTHING`, [weekStart]);
  }

  /**
   * The open leagues of the week, tier and band with room, fullest first, locked for this
   * transaction; those another placement holds are skipped (SKIP LOCKED), so concurrent first
   * awards never queue on one row.
   */
  openLeaguesWithRoom(
    tx: EntityManager,
    weekStart: string,
    tier: LeagueTier,
    band: number,
    size: number,
  ): Promise<Array<{ id: string; memberCount: number }>> {
    return queryRows(
      tx,
      `SELECT id, member_count AS "memberCount" FROM leagues
        WHERE week_start = $1::date AND tier = $2 AND band = $3 AND member_count < $4 AND closed_at IS NULL
        ORDER BY member_count DESC, created_at
        LIMIT 20 FOR UPDATE SKIP LOCKED`,
      [weekStart, tier, band, size],
    );
  }

  async createLeague(tx: EntityManager, weekStart: string, tier: LeagueTier, band: number): Promise<string> {
    const row = await queryOne<{ id: string }>(tx, `INSERT INTO leagues (week_start, tier, band) VALUES ($1::date, $2, $3) RETURNING id`, [
      weekStart,
      tier,
      band,
    ]);
    return row!.id;
  }

  /** The members' rows (none for a user already placed this week) and their leagues' counts, in two statements. */
  async addMembers(tx: EntityManager, weekStart: string, members: ReadonlyArray<{ userId: string; leagueId: string }>): Promise<number> {
    if (!members.length) return 0;
    const rows = await queryRows<{ n: number }>(
      tx,
      `WITH added AS (
         INSERT INTO league_members (week_start, user_id, league_id)
         SELECT $1::date, m.user_id, m.league_id FROM unnest($2::uuid[], $3::uuid[]) AS m(user_id, league_id)
         ON CONFLICT (week_start, user_id) DO NOTHING
         RETURNING league_id
       ), counted AS (
         UPDATE leagues l SET member_count = l.member_count + c.n
           FROM (SELECT league_id, count(*)::int AS n FROM added GROUP BY league_id) c
          WHERE l.id = c.league_id
         RETURNING c.n
       ) SELECT coalesce(sum(n), 0)::int AS n FROM counted`,
      [weekStart, members.map((m) => m.userId), members.map((m) => m.leagueId)],
    );
    return rows[0]?.n ?? 0;
  }

  /** The user's league of the week. */
  leagueOf(userId: string, weekStart: string): Promise<LeagueRow | null> {
    return queryOne(
      this.ds,
      `SELECT l.id, l.week_start::text AS "weekStart", l.tier, l.closed_at AS "closedAt"
         FROM league_members m JOIN leagues l ON l.id = m.league_id
        WHERE m.user_id = $1 AND m.week_start = $2::date`,
      [userId, weekStart],
    );
  }

  /**
   * A league's table: its members by XP in the week (ties: who joined first stays ahead), with
   * names. Members who may no longer appear on boards (deleted, hidden, staff since) are left out.
   */
  standings(leagueId: string, db: Db = this.ds): Promise<StandingRow[]> {
    return queryRows(
      db,
      `SELECT m.user_id AS "userId", coalesce(u.name, '') AS name, coalesce(t.xp, 0) AS xp
         FROM league_members m
         JOIN leagues l ON l.id = m.league_id
         LEFT JOIN xp_period_totals t ON t.user_id = m.user_id AND t.period = 'week' AND t.period_start = m.week_start
         LEFT JOIN users u ON u.id = m.user_id
         LEFT JOIN user_stats s ON s.user_id = m.user_id
        WHERE m.league_id = $1
          AND NOT coalesce(u.deleted OR u.role = ANY($2::text[]) OR coalesce(s.hide_from_leaderboards, false), false)
        ORDER BY coalesce(t.xp, 0) DESC, m.joined_at, m.user_id`,
      [leagueId, [...STAFF_ROLES]],
    );
  }

  /** Weeks before `weekStart` still open, oldest first (a missed week is closed before the next). */
  openWeeksBefore(weekStart: string): Promise<string[]> {
    return queryRows<{ w: string }>(
      this.ds,
      `SELECT week_start::text AS w FROM league_weeks WHERE status = 'open' AND week_start < $1::date ORDER BY week_start`,
      [weekStart],
    ).then((rows) => rows.map((r) => r.w));
  }

  openLeagueIds(weekStart: string): Promise<string[]> {
    return queryRows<{ id: string }>(this.ds, `SELECT id FROM leagues WHERE week_start = $1::date AND closed_at IS NULL ORDER BY id`, [
      weekStart,
    ]).then((rows) => rows.map((r) => r.id));
  }

  /** The league locked for its close; null when another close already finished it. */
  lockOpenLeague(tx: EntityManager, leagueId: string): Promise<LeagueRow | null> {
    return queryOne(
      tx,
      `SELECT id, week_start::text AS "weekStart", tier, closed_at AS "closedAt" FROM leagues WHERE id = $1 AND closed_at IS NULL FOR UPDATE`,
      [leagueId],
    );
  }

  /** Every member's final rank and outcome, and the league marked closed, in the caller's transaction. */
  async closeLeague(
    tx: EntityManager,
    leagueId: string,
    results: ReadonlyArray<{ userId: string; rank: number; outcome: LeagueOutcome }>,
    closedAt: Date,
  ): Promise<void> {
    if (results.length)
      await tx.query(
        `UPDATE league_members m SET final_rank = r.rank, outcome = r.outcome
           FROM unnest($2::uuid[], $3::int[], $4::text[]) AS r(user_id, rank, outcome)
          WHERE m.league_id = $1 AND m.user_id = r.user_id`,
        [leagueId, results.map((r) => r.userId), results.map((r) => r.rank), results.map((r) => r.outcome)],
      );
    // members left out of the table (deleted or hidden since) keep their tier
    await tx.query(`UPDATE league_members SET outcome = 'stayed' WHERE league_id = $1 AND outcome IS NULL`, [leagueId]);
    await tx.query('UPDATE leagues SET closed_at = $2 WHERE id = $1', [leagueId, closedAt]);
  }

  /** The week marked closed with its figures counted from the stored outcomes (so a retry answers the same). */
  async finishWeek(weekStart: string, closedAt: Date): Promise<void> {
    await this.ds.query(
      `UPDATE league_weeks w SET status = 'closed', closed_at = $2,
              leagues_closed = (SELECT count(*) FROM leagues WHERE week_start = w.week_start),
              promoted = (SELECT count(*) FROM league_members WHERE week_start = w.week_start AND outcome = 'promoted'),
              demoted = (SELECT count(*) FROM league_members WHERE week_start = w.week_start AND outcome = 'demoted')
        WHERE week_start = $1::date AND status = 'open'`,
      [weekStart, closedAt],
    );
  }

  weekFigures(weekStart: string): Promise<{ status: string; leaguesClosed: number; promoted: number; demoted: number } | null> {
    return queryOne(
      this.ds,
      `SELECT status, leagues_closed AS "leaguesClosed", promoted, demoted FROM league_weeks WHERE week_start = $1::date`,
      [weekStart],
    );
  }
}
