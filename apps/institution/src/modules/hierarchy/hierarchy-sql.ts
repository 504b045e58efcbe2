import type { EntityManager } from 'typeorm';
import type { HierarchyNode, LevelType, VerificationStatus } from '@lp/contracts';

export interface SubtreeRow {
  id: string;
  parent_id: string | null;
  path_ids: string[];
  name: string;
  subdomain: string;
  level_type: LevelType;
  level_name: string | null;
  organizational_level: number;
  hierarchy_level: number;
  verification_status: VerificationStatus;
  total_students: number;
  total_faculty: number;
  total_courses: number;
}

/**
 * Every institution of `rootId`'s subtree (itself included) with its counts, in one statement:
 * students and faculty are its members of that type; its courses are the ones it owns and the
 * ones assigned to it (an assignment of a course it owns counts once).
 */
export async function subtreeRows(tx: EntityManager, rootId: string): Promise<SubtreeRow[]> {
  const rows = (await tx.query(
    `WITH t AS (SELECT id, parent_id, path_ids, name, subdomain, level_type, level_name, organizational_level, hierarchy_level, verification_status
                  FROM institutions WHERE path_ids @> ARRAY[$1::uuid]),
          m AS (SELECT institution_id, count(*) FILTER (WHERE member_type = 'student') AS students, count(*) FILTER (WHERE member_type = 'faculty') AS faculty
                  FROM members WHERE institution_id IN (SELECT id FROM t) GROUP BY institution_id),
          c AS (SELECT institution_id, count(DISTINCT course_id) AS courses
                  FROM (SELECT institution_id, id AS course_id FROM courses WHERE institution_id IN (SELECT id FROM t)
                        UNION ALL
                        SELECT institution_id, course_id FROM course_assignments WHERE institution_id IN (SELECT id FROM t)) x
                 GROUP BY institution_id)
     SELECT t.*, coalesce(m.students, 0)::int AS total_students, coalesce(m.faculty, 0)::int AS total_faculty, coalesce(c.courses, 0)::int AS total_courses
       FROM t LEFT JOIN m ON m.institution_id = t.id LEFT JOIN c ON c.institution_id = t.id
      ORDER BY t.hierarchy_level, t.name, t.id`,
    [rootId],
  )) as SubtreeRow[];
  return rows;
}

/** The rows as nested nodes from `rootId`; children by name. */
export function toTree(rows: readonly SubtreeRow[], rootId: string): HierarchyNode | null {
  const nodes = new Map<string, HierarchyNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      subdomain: r.subdomain,
      level_type: r.level_type,
      level_name: r.level_name,
      organizational_level: r.organizational_level,
      hierarchy_level: r.hierarchy_level,
      verification_status: r.verification_status,
      total_students: Number(r.total_students),
      total_faculty: Number(r.total_faculty),
      total_courses: Number(r.total_courses),
      children: [],
    });
  }
  // rows come level by level, so every parent is in the map before its children are attached
  for (const r of rows) if (r.id !== rootId && r.parent_id) nodes.get(r.parent_id)?.children.push(nodes.get(r.id)!);
  return nodes.get(rootId) ?? null;
}

/** Whether `id` is strictly below `ancestorId` (and visible to the transaction). */
export async function isStrictDescendant(tx: EntityManager, ancestorId: string, id: string): Promise<boolean> {
  if (ancestorId === id) return false;
  const rows = (await tx.query(`SELECT 1 FROM institutions WHERE id = $1 AND path_ids @> ARRAY[$2::uuid]`, [id, ancestorId])) as unknown[];
  return rows.length > 0;
}

/** Strict descendants of `id`, top down. */
export async function descendantIds(tx: EntityManager, id: string): Promise<string[]> {
  const rows = (await tx.query(
    `SELECT id FROM institutions WHERE path_ids @> ARRAY[$1::uuid] AND id <> $1 ORDER BY hierarchy_level, name, id`,
    [id],
  )) as { id: string }[];
  return rows.map((r) => r.id);
}

/** `rowCount` of an UPDATE or DELETE through EntityManager.query ([rows, count]). */
export const affectedRows = (result: unknown): number => (Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0);
