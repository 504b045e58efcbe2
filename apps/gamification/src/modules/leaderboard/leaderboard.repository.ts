import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PLATFORM_TIME_ZONE, type Badge, type LeaderboardTimeframe } from '@lp/contracts';
import { queryRows, type Db } from '@lp/service-kit';

export interface PeriodRef {
  period: LeaderboardTimeframe;
  start: string;
}

/** XP to add to one user's total of one period. */
export interface PeriodXp extends PeriodRef {
  userId: string;
  xp: number;
}

/** Who may stand on a board, as far as gamification knows: staff, deleted and hidden people never do. */
export interface Standing {
  userId: string;
  eligible: boolean;
}

export interface BoardPerson {
  userId: string;
  name: string;
  profileImage: string | null;
  level: number;
  currentStreak: number;
  eligible: boolean;
  badges: Badge[];
}

export interface RankedRow {
  userId: string;
  xp: number;
  rank: number;
  pos: number;
}

/**
 * Platform staff: the admins who run the platform. Instructors and mentors learn and compete
 * like anyone (the spec gives every user a leaderboard); an institution's own admins are its
 * staff inside its portal (institution_members.member_type 'admin').
 */
export const STAFF_ROLES = ['admin'] as const;

/** The SQL that says a users row may not stand on a board (staff, deleted, or hidden in settings). */
const INELIGIBLE = `(u.deleted OR u.role = ANY($STAFF::text[]) OR coalesce(s.hide_from_leaderboards, false))`;
const ineligible = (staffParam: number): string => INELIGIBLE.replace('$STAFF', `$${staffParam}`);

/** Data access for xp_period_totals and what the boards show of people; no rules here. */
@Injectable()
export class LeaderboardRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Adds each row's XP to its period total inside the award's transaction, all in one statement
   * (a row per user and period at most: ON CONFLICT cannot touch one row twice); answers the
   * rows this write created, as "user|period|start" (a first XP of the week places the user in a
   * league). The users' stats rows are locked before, in user order, so two transactions never
   * wait on each other's totals in opposite orders.
   */
  async addToTotals(tx: EntityManager, rows: readonly PeriodXp[]): Promise<Set<string>> {
    if (!rows.length) return new Set();
    const created = await queryRows<{ k: string }>(
      tx,
      `INSERT INTO xp_period_totals (user_id, period, period_start, xp)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::date[], $4::int[])
       ON CONFLICT (user_id, period, period_start) DO UPDATE SET xp = xp_period_totals.xp + EXCLUDED.xp
       RETURNING CASE WHEN xmax = 0 THEN user_id || '|' || period || '|' || period_start::text END AS k`,
      [rows.map((r) => r.userId), rows.map((r) => r.period), rows.map((r) => r.start), rows.map((r) => r.xp)],
    );
    return new Set(created.flatMap((r) => (r.k ? [r.k] : [])));
  }

  /** The users' XP in the given periods (absent: none). */
  async totals(
    userIds: readonly string[],
    periods: readonly PeriodRef[],
    db: Db = this.ds,
  ): Promise<Array<{ userId: string; period: LeaderboardTimeframe; xp: number }>> {
    if (!userIds.length) return [];
    // every (user, period, start) key spelt out, so each is one probe of the primary key: joined by
    // period alone, the planner read a whole period's rows through the board index and filtered
    // them by user (700 ms a call at 100,000 users, after every award's commit: benchmark (i))
    const keys = userIds.flatMap((userId) => periods.map((p) => ({ userId, ...p })));
    return queryRows(
      db,
      `SELECT t.user_id AS "userId", t.period, t.xp
         FROM unnest($1::uuid[], $2::text[], $3::date[]) AS k(user_id, period, start)
         JOIN xp_period_totals t ON t.user_id = k.user_id AND t.period = k.period AND t.period_start = k.start`,
      [keys.map((k) => k.userId), keys.map((k) => k.period), keys.map((k) => k.start)],
    );
  }

  /** One board's rows with XP, in pages by user id (the rebuild streams them into Redis). */
  boardPage(period: PeriodRef, afterUserId: string | null, limit: number): Promise<Array<{ userId: string; xp: number }>> {
    return queryRows(
      this.ds,
      `SELECT t.user_id AS "userId", t.xp
         FROM xp_period_totals t
         LEFT JOIN users u ON u.id = t.user_id
         LEFT JOIN user_stats s ON s.user_id = t.user_id
        WHERE t.period = $1 AND t.period_start = $2::date AND t.xp > 0
          AND ($3::uuid IS NULL OR t.user_id > $3::uuid)
          AND NOT coalesce(${ineligible(5)}, false)
        ORDER BY t.user_id
        LIMIT $4`,
      [period.period, period.start, afterUserId, limit, [...STAFF_ROLES]],
    );
  }

  /** Whether each user may stand on a board (a user the read model has not heard of yet may: nothing says otherwise). */
  async standings(userIds: readonly string[]): Promise<Standing[]> {
    if (!userIds.length) return [];
    return queryRows(
      this.ds,
      `SELECT x.id AS "userId", NOT coalesce(${ineligible(2)}, false) AS eligible
         FROM unnest($1::uuid[]) AS x(id)
         LEFT JOIN users u ON u.id = x.id
         LEFT JOIN user_stats s ON s.user_id = x.id`,
      [userIds, [...STAFF_ROLES]],
    );
  }

  /** What a board row shows of each person (their badges in the catalogue's order), with whether they may stand on it; one query. */
  people(userIds: readonly string[]): Promise<BoardPerson[]> {
    if (!userIds.length) return Promise.resolve([]);
    return queryRows(
      this.ds,
      `SELECT x.id AS "userId", coalesce(u.name, '') AS name, u.profile_image AS "profileImage",
              coalesce(s.level, 1) AS level, coalesce(s.current_streak, 0) AS "currentStreak",
              NOT coalesce(${ineligible(2)}, false) AS eligible,
              coalesce((SELECT json_agg(json_build_object('code', d.code, 'name', d.name, 'description', d.description, 'icon', d.icon)
                                        ORDER BY d.sort, d.code)
                          FROM user_badges ub JOIN badge_definitions d ON d.code = ub.badge_code
                         WHERE ub.user_id = x.id), '[]'::json) AS badges
         FROM unnest($1::uuid[]) AS x(id)
         LEFT JOIN users u ON u.id = x.id
         LEFT JOIN user_stats s ON s.user_id = x.id`,
      [userIds, [...STAFF_ROLES]],
    );
  }

  /**
   * xp_period_totals recomputed from xp_ledger, replacing what was there, in one transaction:
   * the totals can always be derived again from the ledger, the truth. One pass over the ledger
   * (each row's user, week and month in the platform's time zone), rolled up to the three
   * periods. The table's indexes are dropped for the load and built again after it, under the
   * names they had (a sorted build, against a random insert per row: at 1,100,000 ledger rows
   * the rewrite went from 11-27 s to under 9 s). Readers of the totals wait for it, as writers did.
   */
  async rebuildTotalsFromLedger(): Promise<number> {
    return this.ds.transaction(async (tx) => {
      // an award committing meanwhile must wait, or its increment would be lost under the rewrite
      await tx.query('LOCK TABLE xp_period_totals IN ACCESS EXCLUSIVE MODE');
      const pk = await queryRows<{ name: string; def: string }>(
        tx,
        `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE conrelid = 'xp_period_totals'::regclass AND contype = 'p'`,
      );
      const indexes = await queryRows<{ name: string; def: string }>(
        tx,
        `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
          WHERE x.indrelid = 'xp_period_totals'::regclass AND NOT x.indisprimary`,
      );
      await tx.query('TRUNCATE xp_period_totals');
      await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const c of pk) await tx.query(`ALTER TABLE xp_period_totals DROP CONSTRAINT "${c.name}"`);
      for (const i of indexes) await tx.query(`DROP INDEX "${i.name}"`);
      const rows = await queryRows<{ n: number }>(
        tx,
        `WITH d AS (
           SELECT l.user_id,
                  date_trunc('week', l.occurred_at AT TIME ZONE $1)::date AS w,
                  date_trunc('month', l.occurred_at AT TIME ZONE $1)::date AS m,
                  sum(l.xp) AS xp
             FROM xp_ledger l
            GROUP BY 1, 2, 3
         ), inserted AS (
           INSERT INTO xp_period_totals (user_id, period, period_start, xp)
           SELECT user_id, 'week', w, sum(xp)::int FROM d GROUP BY user_id, w
           UNION ALL SELECT user_id, 'month', m, sum(xp)::int FROM d GROUP BY user_id, m
           UNION ALL SELECT user_id, 'all', DATE '1970-01-01', sum(xp)::int FROM d GROUP BY user_id
           RETURNING 1
         ) SELECT count(*)::int AS n FROM inserted`,
        [PLATFORM_TIME_ZONE],
      );
      for (const c of pk) await tx.query(`ALTER TABLE xp_period_totals ADD CONSTRAINT "${c.name}" ${c.def}`);
      for (const i of indexes) await tx.query(i.def);
      return rows[0]?.n ?? 0;
    });
  }
}
