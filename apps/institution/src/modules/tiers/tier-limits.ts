import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { UsageSchema } from '@lp/contracts';
import { institutionErrors } from '../../common/institution-errors.js';
import { tierErrors } from './tier-errors.js';

type Usage = z.infer<typeof UsageSchema>;

/** What a tier limits; `assertWithinTier` takes one of these. */
export const TIER_MEASURES = ['students', 'faculty', 'courses', 'storage_gb', 'api_calls', 'subsidiaries'] as const;
export type TierMeasure = (typeof TIER_MEASURES)[number];

/** measure -> its key in current_usage (also usage_percentage's key) and in limits */
const KEYS = {
  students: { used: 'students', limit: 'students' },
  faculty: { used: 'faculty', limit: 'faculty' },
  courses: { used: 'courses', limit: 'courses' },
  storage_gb: { used: 'storage_gb', limit: 'storage_gb' },
  api_calls: { used: 'api_calls_this_month', limit: 'api_calls_monthly' },
  subsidiaries: { used: 'subsidiaries', limit: 'subsidiaries' },
} as const satisfies Record<TierMeasure, { used: keyof Usage['current_usage']; limit: keyof Usage['limits'] }>;

interface TierUsage extends Usage {
  /** the tier's display name (its tier_name when the tiers table does not list it) */
  display_name: string;
}

/**
 * Runs `fn` seeing every row, inside a transaction that may be a tenant's: the tier's limits
 * hold for the whole top institution, whose subtree a subsidiary's admin does not see. Only
 * the bypass switch is turned on and put back; the caller's own scope is left as it was.
 */
export async function inSystemScope<T>(tx: EntityManager, fn: () => Promise<T>): Promise<T> {
  const [saved] = (await tx.query(`SELECT coalesce(current_setting('app.bypass', true), '') AS bypass`)) as { bypass: string }[];
  const restore = () => tx.query(`SELECT set_config('app.bypass', $1, true)`, [saved?.bypass ?? '']);
  await tx.query(`SELECT set_config('app.bypass', 'on', true)`);
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    // a refusal the caller may catch must not leave the transaction seeing everything; after a
    // database error the transaction is aborted and the restore fails too: the first error counts
    await restore().catch(() => undefined);
    throw e;
  }
  await restore();
  return result;
}

/**
 * The tier of a top institution, what its whole subtree uses and the percentages (capped at
 * 100, null where unlimited). Students and faculty are distinct people per member type over
 * the subtree; courses are the rows of the courses read model for the subtree; storage is 0
 * (no service reports it yet); API calls are the calls of the subtree's keys used this month
 * (api_keys keeps a running total per key, not one per month); subsidiaries are the subtree
 * less the top itself.
 */
export async function tierUsage(tx: EntityManager, topInstitutionId: string): Promise<TierUsage> {
  return inSystemScope(tx, async () => {
    const [t] = (await tx.query(
      `SELECT i.tier_name, t.display_name, t.max_students, t.max_faculty, t.max_courses, t.max_storage_gb, t.max_api_calls_monthly, t.max_subsidiaries
         FROM institutions i LEFT JOIN tiers t ON t.tier_name = i.tier_name
        WHERE i.id = $1`,
      [topInstitutionId],
    )) as Array<{
      tier_name: string;
      display_name: string | null;
      max_students: number | null;
      max_faculty: number | null;
      max_courses: number | null;
      max_storage_gb: number | null;
      max_api_calls_monthly: number | null;
      max_subsidiaries: number | null;
    }>;
    if (!t) throw institutionErrors.notFound();
    const [u] = (await tx.query(
      `WITH sub AS (SELECT id FROM institutions WHERE path_ids @> ARRAY[$1]::uuid[])
       SELECT (SELECT count(DISTINCT user_id) FROM members WHERE member_type = 'student' AND institution_id IN (SELECT id FROM sub))::int AS students,
              (SELECT count(DISTINCT user_id) FROM members WHERE member_type = 'faculty' AND institution_id IN (SELECT id FROM sub))::int AS faculty,
              (SELECT count(*) FROM courses WHERE institution_id IN (SELECT id FROM sub))::int AS courses,
              (SELECT coalesce(sum(total_calls), 0) FROM api_keys WHERE institution_id IN (SELECT id FROM sub) AND last_used_at >= date_trunc('month', now()))::bigint AS api_calls,
              (SELECT count(*) FROM sub)::int - 1 AS subsidiaries`,
      [topInstitutionId],
    )) as Array<{ students: number; faculty: number; courses: number; api_calls: string | number; subsidiaries: number }>;
    const current_usage = {
      students: u!.students,
      faculty: u!.faculty,
      courses: u!.courses,
      storage_gb: 0,
      api_calls_this_month: Number(u!.api_calls),
      subsidiaries: u!.subsidiaries,
    };
    const limits = {
      students: t.max_students,
      faculty: t.max_faculty,
      courses: t.max_courses,
      storage_gb: t.max_storage_gb,
      api_calls_monthly: t.max_api_calls_monthly,
      subsidiaries: t.max_subsidiaries,
    };
    const usage_percentage: Record<string, number | null> = {};
    for (const m of TIER_MEASURES) usage_percentage[KEYS[m].used] = percent(current_usage[KEYS[m].used], limits[KEYS[m].limit]);
    return { tier_name: t.tier_name, display_name: t.display_name ?? t.tier_name, current_usage, limits, usage_percentage };
  });
}

/** used of limit as a percent with one decimal, at most 100; null when unlimited; a limit of 0 is full once anything is used */
export function percent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 1000) / 10);
}

/**
 * Refuses (TIER_LIMIT, 422) to add `adding` more of a measure to the subtree of a top
 * institution when its tier's limit would be passed; an unlimited measure, or a tier the
 * tiers table does not list, passes. Call it inside the transaction that adds, before adding
 * (`assertWithinTier(tx, access.pathIds[0], 'students', 1)`); it works in a tenant's scope.
 */
export async function assertWithinTier(tx: EntityManager, topInstitutionId: string, measure: TierMeasure, adding = 1): Promise<void> {
  const usage = await tierUsage(tx, topInstitutionId);
  const limit = usage.limits[KEYS[measure].limit];
  if (limit === null) return;
  if (usage.current_usage[KEYS[measure].used] + adding > limit) throw tierErrors.limit(measure, limit, usage.display_name);
}
