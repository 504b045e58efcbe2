import { tierErrors } from '../tiers/tier-errors.js';
import type { TierUsage } from '../tiers/tier-limits.js';

export interface Candidate {
  row: number;
  user_id: string;
  member_type: 'student' | 'faculty';
}

/** A person already in the top institution's subtree: of which type, and whether in the importing institution itself. */
export interface KnownMember {
  user_id: string;
  member_type: string;
  here: boolean;
}

/** Whether the tier limits people at all (no limit: nothing to count). */
export const limitsPeople = (limits: { max_students: number | null; max_faculty: number | null }): boolean =>
  limits.max_students !== null || limits.max_faculty !== null;

/**
 * The rows of a batch the tier has no room for, with the reason (the tier's own words), in
 * file order: the limits count distinct students and faculty over the top institution's whole
 * subtree, so a person who is already a member here, or already of that type elsewhere in the
 * subtree, takes no room.
 */
export function tierRefusalsOf(rows: readonly Candidate[], known: readonly KnownMember[], usage: TierUsage): Map<number, string> {
  const refused = new Map<number, string>();
  const here = new Set(known.filter((k) => k.here).map((k) => k.user_id));
  for (const [type, measure] of [
    ['student', 'students'],
    ['faculty', 'faculty'],
  ] as const) {
    const limit = usage.limits[measure];
    if (limit === null) continue;
    const counted = new Set(known.filter((k) => k.member_type === type).map((k) => k.user_id));
    let room = limit - usage.current_usage[measure];
    for (const r of rows) {
      if (r.member_type !== type || here.has(r.user_id) || counted.has(r.user_id)) continue;
      if (room > 0) {
        room -= 1;
        counted.add(r.user_id);
      } else refused.set(r.row, tierErrors.limit(measure, limit, usage.display_name).detail);
    }
  }
  return refused;
}
