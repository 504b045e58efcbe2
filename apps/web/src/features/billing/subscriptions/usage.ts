import type { PlanLimits, PlanUserType } from '@lp/contracts';

export type LimitKey = keyof PlanLimits;
export type UsageKey = 'courses' | 'students' | 'faculty' | 'sessions_this_month';

/** Each usage figure and the plan limit it counts against. */
export const USAGE_LIMITS: ReadonlyArray<{ usage: UsageKey; limit: LimitKey }> = [
  { usage: 'courses', limit: 'max_courses' },
  { usage: 'students', limit: 'max_students' },
  { usage: 'faculty', limit: 'max_faculty' },
  { usage: 'sessions_this_month', limit: 'max_sessions_per_month' },
];

/** The limits that mean something to a user type (others are shown only when a plan sets them). */
export const LIMITS_OF_TYPE: Record<PlanUserType, readonly LimitKey[]> = {
  instructor: ['max_courses', 'max_students'],
  mentor: ['max_sessions_per_month'],
  institution: ['max_students', 'max_faculty', 'max_courses'],
};

/** The limits to list for a plan: its type's, and any other the plan sets. */
export function shownLimits(userType: PlanUserType, limits: PlanLimits): LimitKey[] {
  const own = LIMITS_OF_TYPE[userType];
  return USAGE_LIMITS.map((u) => u.limit).filter((key) => own.includes(key) || limits[key] !== null);
}

/** Spec 9: usage bars cap at 100%; null when the limit is unlimited. */
export function usagePercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

export interface UsageRow {
  usage: UsageKey;
  limitKey: LimitKey;
  used: number;
  limit: number | null;
  percent: number | null;
}

/** The usage bars of a subscriber: what their type counts, and anything else their plan limits. */
export function usageRows(userType: PlanUserType, used: Record<UsageKey, number>, limits: PlanLimits): UsageRow[] {
  const shown = shownLimits(userType, limits);
  return USAGE_LIMITS.filter((u) => shown.includes(u.limit)).map((u) => ({
    usage: u.usage,
    limitKey: u.limit,
    used: used[u.usage],
    limit: limits[u.limit],
    percent: usagePercent(used[u.usage], limits[u.limit]),
  }));
}
