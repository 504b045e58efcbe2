import type { z } from 'zod';
import type { UsageSchema } from '@lp/contracts';

type Usage = z.infer<typeof UsageSchema>;
export type CurrentUsage = Usage['current_usage'];
export type TierLimitValues = Usage['limits'];

/** What a tier limits; `TierLimits.assertWithinTier` takes one of these. */
export const TIER_MEASURES = ['students', 'faculty', 'courses', 'storage_gb', 'api_calls', 'subsidiaries'] as const;
export type TierMeasure = (typeof TIER_MEASURES)[number];

/** measure -> its key in current_usage (also usage_percentage's key) and in limits */
export const MEASURE_KEYS = {
  students: { used: 'students', limit: 'students' },
  faculty: { used: 'faculty', limit: 'faculty' },
  courses: { used: 'courses', limit: 'courses' },
  storage_gb: { used: 'storage_gb', limit: 'storage_gb' },
  api_calls: { used: 'api_calls_this_month', limit: 'api_calls_monthly' },
  subsidiaries: { used: 'subsidiaries', limit: 'subsidiaries' },
} as const satisfies Record<TierMeasure, { used: keyof CurrentUsage; limit: keyof TierLimitValues }>;

/** used of limit as a percent with one decimal, at most 100; null when unlimited; a limit of 0 is full once anything is used */
export function percent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 1000) / 10);
}

/** usage_percentage: every measure's use of its limit. */
export function usagePercentages(used: CurrentUsage, limits: TierLimitValues): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const m of TIER_MEASURES) out[MEASURE_KEYS[m].used] = percent(used[MEASURE_KEYS[m].used], limits[MEASURE_KEYS[m].limit]);
  return out;
}

/** The limit `adding` more of a measure would pass, or null when it fits (or the measure is unlimited). */
export function exceededLimit(used: CurrentUsage, limits: TierLimitValues, measure: TierMeasure, adding: number): number | null {
  const limit = limits[MEASURE_KEYS[measure].limit];
  if (limit === null) return null;
  return used[MEASURE_KEYS[measure].used] + adding > limit ? limit : null;
}
