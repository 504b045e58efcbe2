import type { EntityManager } from 'typeorm';
import type { RouteOutput, institutionRoutes } from '@lp/contracts';
import { inSystemScope } from '../tiers/tier-limits.js';

type Resources = RouteOutput<typeof institutionRoutes.subsidiaryResources>;

/**
 * The course rows of the given ids. A course assigned from above the caller's root is not
 * theirs to see in `courses` (its owner is outside their subtree), yet it is their
 * institution's course now: read through the system scope, only the ids already found.
 */
export async function courseRows(tx: EntityManager, ids: readonly string[], holder: Map<string, string>): Promise<Resources['courses']> {
  if (!ids.length) return [];
  const rows = await inSystemScope(
    tx,
    async () =>
      (await tx.query(`SELECT id, title, enrollment_count FROM courses WHERE id = ANY ($1::uuid[]) ORDER BY title, id`, [ids])) as {
        id: string;
        title: string;
        enrollment_count: number;
      }[],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, institution_id: holder.get(r.id)!, enrollment_count: Number(r.enrollment_count) }));
}

/** An institution's students and faculty, with the person's name and e-mail from the users read model. */
export async function peopleOf(
  tx: EntityManager,
  where: string,
  params: unknown[],
): Promise<{ students: Resources['students']; faculty: Resources['faculty'] }> {
  const rows = (await tx.query(
    `SELECT m.id AS member_id, m.user_id, coalesce(u.name, 'Unknown user') AS name, u.email, m.institution_id, m.member_type
       FROM members m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.member_type IN ('student', 'faculty') AND ${where}
      ORDER BY name, m.id`,
    params,
  )) as {
    member_id: string;
    user_id: string;
    name: string;
    email: string | null;
    institution_id: string;
    member_type: 'student' | 'faculty';
  }[];
  const person = ({ member_id, user_id, name, email, institution_id }: (typeof rows)[number]) => ({
    member_id,
    user_id,
    name,
    email,
    institution_id,
  });
  return {
    students: rows.filter((r) => r.member_type === 'student').map(person),
    faculty: rows.filter((r) => r.member_type === 'faculty').map(person),
  };
}
