import type { EntityManager } from 'typeorm';
import { queryRows } from '@lp/service-kit';
import { tierUsage } from '../tiers/tier-limits.js';
import { tierErrors } from '../tiers/tier-errors.js';

interface Candidate {
  row: number;
  user_id: string;
  member_type: 'student' | 'faculty';
}

/**
 * The rows of a batch the tier has no room for, with the reason (the tier's own words), in
 * file order: the limits count distinct students and faculty over the top institution's whole
 * subtree, so a person who is already a member here, or already of that type elsewhere in the
 * subtree, takes no room. The top institution is locked for the transaction, so imports
 * running side by side cannot both take the last places.
 */
export async function tierRefusals(tx: EntityManager, institutionId: string, rows: readonly Candidate[]): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  const [inst] = await queryRows<{ top: string }>(tx, `SELECT path_ids[1] AS top FROM institutions WHERE id = $1`, [institutionId]);
  if (!inst) return refused;
  const [limits] = await queryRows<{ students: number | null; faculty: number | null }>(
    tx,
    `SELECT t.max_students AS students, t.max_faculty AS faculty FROM institutions i LEFT JOIN tiers t ON t.tier_name = i.tier_name WHERE i.id = $1 FOR UPDATE OF i`,
    [inst.top],
  );
  // no limit on people: nothing to count (the usage counts the whole subtree's members)
  if (!limits || (limits.students === null && limits.faculty === null)) return refused;
  const usage = await tierUsage(tx, inst.top);
  const ids = rows.map((r) => r.user_id);
  const known = await queryRows<{ user_id: string; member_type: string; here: boolean }>(
    tx,
    `SELECT m.user_id, m.member_type, m.institution_id = $2 AS here FROM members m JOIN institutions i ON i.id = m.institution_id
      WHERE $1::uuid = ANY (i.path_ids) AND m.user_id = ANY ($3::uuid[])`,
    [inst.top, institutionId, ids],
  );
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
