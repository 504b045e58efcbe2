import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryOne, queryRows, type Db } from '@lp/service-kit';
import { XpRuleEntity } from '../../entities/xp-rule.entity.js';

/** A user's standing as the award path reads and writes it (days as "YYYY-MM-DD" text, never Dates). */
export interface StatsRow {
  user_id: string;
  total_xp: number;
  level: number;
  highest_level: number;
  current_streak: number;
  longest_streak: number;
  last_active_day: string | null;
  time_zone: string | null;
  hide_from_leaderboards: boolean;
  study_reminder_hour: number | null;
}

export interface LedgerRow {
  id: string;
  user_id: string;
  rule_code: string;
  xp: number;
  source_event_id: string;
  source_key: string;
  course_id: string | null;
  occurred_at: Date;
  day: string;
  reverses: string | null;
  created_at: Date;
}

/** Rules a refund of a course takes back (its lessons and its completion). */
export const COURSE_RULES = ['lesson_completed', 'course_completed'] as const;

const STATS_COLUMNS = `user_id, total_xp, level, highest_level, current_streak, longest_streak, last_active_day::text AS last_active_day,
  time_zone, hide_from_leaderboards, study_reminder_hour`;
const LEDGER_COLUMNS = `id, user_id, rule_code, xp, source_event_id, source_key, course_id, occurred_at, day::text AS day, reverses, created_at`;

/**
 * Data access for the XP rules, the ledger, user_stats and activity_days; no rules here. Raw
 * SQL where one statement must decide atomically (insert-if-new answering whether it was new,
 * row locks) and where `date` columns must stay text.
 */
@Injectable()
export class XpRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** every rule; `tx` inside a transaction, so a consumer never waits for a second connection of the pool */
  rules(tx: EntityManager = this.ds.manager): Promise<XpRuleEntity[]> {
    return tx.getRepository(XpRuleEntity).find({ order: { code: 'ASC' } });
  }

  /** lockStats for several users at once, locked in user id order (two batches never wait on each other in a circle). */
  async lockStatsMany(tx: EntityManager, userIds: readonly string[]): Promise<Map<string, StatsRow & { has_held: boolean }>> {
    await tx.query('INSERT INTO user_stats (user_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING', [userIds]);
    const rows = await queryRows<StatsRow & { has_held: boolean }>(
      tx,
      `SELECT ${STATS_COLUMNS}, EXISTS (SELECT 1 FROM xp_held_reversals h WHERE h.user_id = s.user_id) AS has_held
         FROM user_stats s WHERE user_id = ANY($1::uuid[]) ORDER BY user_id FOR UPDATE OF s`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  /** Which of these (user, rule, source event) keys the ledger holds already, as "user|rule|source". */
  async existingKeys(
    tx: EntityManager,
    keys: ReadonlyArray<{ userId: string; ruleCode: string; sourceEventId: string }>,
  ): Promise<Set<string>> {
    const rows = await queryRows<{ k: string }>(
      tx,
      `SELECT l.user_id || '|' || l.rule_code || '|' || l.source_event_id AS k
         FROM xp_ledger l JOIN unnest($1::uuid[], $2::text[], $3::text[]) AS v(user_id, rule_code, source_event_id)
           ON l.user_id = v.user_id AND l.rule_code = v.rule_code AND l.source_event_id = v.source_event_id`,
      [keys.map((k) => k.userId), keys.map((k) => k.ruleCode), keys.map((k) => k.sourceEventId)],
    );
    return new Set(rows.map((r) => r.k));
  }

  /** XP granted per (user, rule, day), awards only, as "user|rule|day" -> xp. */
  async xpOnDays(tx: EntityManager, keys: ReadonlyArray<{ userId: string; ruleCode: string; day: string }>): Promise<Map<string, number>> {
    const rows = await queryRows<{ k: string; xp: number }>(
      tx,
      `SELECT l.user_id || '|' || l.rule_code || '|' || l.day::text AS k, sum(l.xp) AS xp
         FROM xp_ledger l JOIN (SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[], $3::date[]) AS v(user_id, rule_code, day)) v
           ON l.user_id = v.user_id AND l.rule_code = v.rule_code AND l.day = v.day
        WHERE l.reverses IS NULL GROUP BY 1`,
      [keys.map((k) => k.userId), keys.map((k) => k.ruleCode), keys.map((k) => k.day)],
    );
    return new Map(rows.map((r) => [r.k, r.xp]));
  }

  /** Writes ledger rows in one statement; answers each row's id, or null where its key was there already. */
  async insertEntries(
    tx: EntityManager,
    rows: ReadonlyArray<Omit<LedgerRow, 'id' | 'created_at' | 'reverses'> & { reverses?: string | null }>,
  ): Promise<Array<string | null>> {
    if (!rows.length) return [];
    const inserted = await queryRows<{ id: string; k: string }>(
      tx,
      `INSERT INTO xp_ledger (user_id, rule_code, xp, source_event_id, source_key, course_id, occurred_at, day, reverses)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::date[], $9::uuid[])
       ON CONFLICT DO NOTHING RETURNING id, user_id || '|' || rule_code || '|' || source_event_id AS k`,
      [
        rows.map((r) => r.user_id),
        rows.map((r) => r.rule_code),
        rows.map((r) => r.xp),
        rows.map((r) => r.source_event_id),
        rows.map((r) => r.source_key),
        rows.map((r) => r.course_id),
        rows.map((r) => r.occurred_at),
        rows.map((r) => r.day),
        rows.map((r) => r.reverses ?? null),
      ],
    );
    const ids = new Map(inserted.map((r) => [r.k, r.id]));
    return rows.map((r) => ids.get(`${r.user_id}|${r.rule_code}|${r.source_event_id}`) ?? null);
  }

  /** The reversals held for these users, oldest first. */
  heldReversalsOf(
    tx: EntityManager,
    userIds: readonly string[],
  ): Promise<Array<{ user_id: string; scope: string; key: string; source_event_id: string; occurred_at: Date }>> {
    return queryRows(
      tx,
      `SELECT user_id, scope, key, source_event_id, occurred_at FROM xp_held_reversals
        WHERE user_id = ANY($1::uuid[]) ORDER BY occurred_at, source_event_id`,
      [userIds],
    );
  }

  /** Marks these (user, day) pairs active; answers those that were not before, as "user|day". */
  async addActivityDays(tx: EntityManager, pairs: ReadonlyArray<{ userId: string; day: string }>): Promise<Set<string>> {
    if (!pairs.length) return new Set();
    const rows = await queryRows<{ k: string }>(
      tx,
      `INSERT INTO activity_days (user_id, day) SELECT * FROM unnest($1::uuid[], $2::date[])
       ON CONFLICT DO NOTHING RETURNING user_id || '|' || day::text AS k`,
      [pairs.map((p) => p.userId), pairs.map((p) => p.day)],
    );
    return new Set(rows.map((r) => r.k));
  }

  async saveStatsMany(tx: EntityManager, rows: readonly StatsRow[]): Promise<void> {
    if (!rows.length) return;
    await tx.query(
      `UPDATE user_stats s SET total_xp = v.total_xp, level = v.level, highest_level = v.highest_level, current_streak = v.current_streak,
              longest_streak = v.longest_streak, last_active_day = v.last_active_day, updated_at = now()
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::date[])
           AS v(user_id, total_xp, level, highest_level, current_streak, longest_streak, last_active_day)
        WHERE s.user_id = v.user_id`,
      [
        rows.map((r) => r.user_id),
        rows.map((r) => r.total_xp),
        rows.map((r) => r.level),
        rows.map((r) => r.highest_level),
        rows.map((r) => r.current_streak),
        rows.map((r) => r.longest_streak),
        rows.map((r) => r.last_active_day),
      ],
    );
  }

  /** heldPerRule for several users: user -> rule -> awards held. */
  async heldPerRuleMany(tx: EntityManager, userIds: readonly string[]): Promise<Map<string, Record<string, number>>> {
    const rows = await queryRows<{ user_id: string; rule_code: string; n: number }>(
      tx,
      `SELECT user_id, rule_code, count(*) FILTER (WHERE reverses IS NULL) - count(*) FILTER (WHERE reverses IS NOT NULL) AS n
         FROM xp_ledger WHERE user_id = ANY($1::uuid[]) GROUP BY user_id, rule_code`,
      [userIds],
    );
    const out = new Map<string, Record<string, number>>();
    for (const r of rows) out.set(r.user_id, { ...out.get(r.user_id), [r.rule_code]: r.n });
    return out;
  }

  stats(userId: string, db: Db = this.ds): Promise<StatsRow | null> {
    return queryOne<StatsRow>(db, `SELECT ${STATS_COLUMNS} FROM user_stats WHERE user_id = $1`, [userId]);
  }

  /** The settings, the row made when missing; answers the row as it is now. */
  async saveSettings(
    tx: EntityManager,
    userId: string,
    change: { hideFromLeaderboards?: boolean; timeZone?: string; studyReminderHour?: number },
  ): Promise<StatsRow> {
    await tx.query('INSERT INTO user_stats (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
    return (await queryOne<StatsRow>(
      tx,
      `UPDATE user_stats SET hide_from_leaderboards = coalesce($2, hide_from_leaderboards), time_zone = coalesce($3, time_zone),
         study_reminder_hour = coalesce($4, study_reminder_hour), updated_at = now() WHERE user_id = $1 RETURNING ${STATS_COLUMNS}`,
      [userId, change.hideFromLeaderboards ?? null, change.timeZone ?? null, change.studyReminderHour ?? null],
    ))!;
  }

  /** The awards of a rule for a source (an answer, ...) that no reversal took back yet, oldest first. */
  standingAwards(tx: EntityManager, userId: string, ruleCode: string, sourceKey: string): Promise<LedgerRow[]> {
    return queryRows<LedgerRow>(
      tx,
      `SELECT ${LEDGER_COLUMNS} FROM xp_ledger l
        WHERE user_id = $1 AND rule_code = $2 AND source_key = $3 AND reverses IS NULL
          AND NOT EXISTS (SELECT 1 FROM xp_ledger r WHERE r.reverses = l.id)
        ORDER BY occurred_at, id`,
      [userId, ruleCode, sourceKey],
    );
  }

  /** The standing awards of the given rules tied to a course (its lessons and its completion). */
  standingCourseAwards(tx: EntityManager, userId: string, courseId: string, ruleCodes: readonly string[]): Promise<LedgerRow[]> {
    return queryRows<LedgerRow>(
      tx,
      `SELECT ${LEDGER_COLUMNS} FROM xp_ledger l
        WHERE user_id = $1 AND course_id = $2 AND rule_code = ANY($3) AND reverses IS NULL
          AND NOT EXISTS (SELECT 1 FROM xp_ledger r WHERE r.reverses = l.id)
        ORDER BY occurred_at, id`,
      [userId, courseId, ruleCodes],
    );
  }

  /** A reversal kept for an award not applied yet (nothing when the same one is kept already). */
  async holdReversal(
    tx: EntityManager,
    h: { userId: string; scope: string; key: string; sourceEventId: string; occurredAt: Date },
  ): Promise<void> {
    await tx.query(
      'INSERT INTO xp_held_reversals (user_id, scope, key, source_event_id, occurred_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
      [h.userId, h.scope, h.key, h.sourceEventId, h.occurredAt],
    );
  }

  async dropHeldReversals(
    tx: EntityManager,
    held: ReadonlyArray<{ user_id: string; scope: string; key: string; source_event_id: string }>,
  ): Promise<void> {
    if (!held.length) return;
    await tx.query(
      `DELETE FROM xp_held_reversals h USING unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS v(user_id, scope, key, source_event_id)
        WHERE h.user_id = v.user_id AND h.scope = v.scope AND h.key = v.key AND h.source_event_id = v.source_event_id`,
      [held.map((h) => h.user_id), held.map((h) => h.scope), held.map((h) => h.key), held.map((h) => h.source_event_id)],
    );
  }

  async activityDays(tx: EntityManager, userId: string): Promise<string[]> {
    return (
      await queryRows<{ day: string }>(tx, 'SELECT day::text AS day FROM activity_days WHERE user_id = $1 ORDER BY day', [userId])
    ).map((r) => r.day);
  }

  /** XP the user earned since `since` (reversals included, by the time of the award they take back). */
  async xpSince(userId: string, since: Date): Promise<number> {
    const row = await queryOne<{ xp: number }>(
      this.ds,
      'SELECT coalesce(sum(xp), 0) AS xp FROM xp_ledger WHERE user_id = $1 AND occurred_at >= $2',
      [userId, since],
    );
    return row?.xp ?? 0;
  }

  /** The whole ledger of a user, newest first (their data export). */
  ledgerOf(userId: string): Promise<LedgerRow[]> {
    return queryRows<LedgerRow>(this.ds, `SELECT ${LEDGER_COLUMNS} FROM xp_ledger WHERE user_id = $1 ORDER BY occurred_at DESC, id`, [
      userId,
    ]);
  }
}
