import type { EntityManager } from 'typeorm';
import type { RouteOutput, institutionRoutes } from '@lp/contracts';
import { inSystemScope } from '../../common/tenancy.js';
import type { HierarchyRepository, PersonRow } from './hierarchy.repository.js';

type Resources = RouteOutput<typeof institutionRoutes.subsidiaryResources>;

/**
 * The course rows of the given ids. A course assigned from above the caller's root is not
 * theirs to see in `courses` (its owner is outside their subtree), yet it is their
 * institution's course now: read through the system scope, only the ids already found.
 */
export async function courseRows(
  repo: HierarchyRepository,
  tx: EntityManager,
  ids: readonly string[],
  holderId: string,
): Promise<Resources['courses']> {
  if (!ids.length) return [];
  const rows = await inSystemScope(tx, () => repo.courses(tx, ids));
  return rows.map((r) => ({ id: r.id, title: r.title, institution_id: holderId, enrollment_count: Number(r.enrollmentCount) }));
}

/** Students and faculty apart, each as the resources list shows a person. */
export function splitPeople(rows: readonly PersonRow[]): { students: Resources['students']; faculty: Resources['faculty'] } {
  const person = ({ member_id, user_id, name, email, institution_id }: PersonRow) => ({ member_id, user_id, name, email, institution_id });
  return {
    students: rows.filter((r) => r.member_type === 'student').map(person),
    faculty: rows.filter((r) => r.member_type === 'faculty').map(person),
  };
}
