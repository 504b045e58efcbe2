import type { HierarchyNode, LevelType, VerificationStatus } from '@lp/contracts';

/** An institution of a subtree with its counts (HierarchyRepository.subtreeRows). */
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

/** How many levels the rows span (1 for a lone institution). */
export function levelsSpanned(rows: readonly Pick<SubtreeRow, 'hierarchy_level'>[]): number {
  const depths = rows.map((r) => r.hierarchy_level);
  return Math.max(...depths) - Math.min(...depths) + 1;
}

/**
 * How far a move shifts a subtree: its organizational levels by the new level less the old,
 * its depths by the new parent's path length plus one less the moved institution's.
 */
export function moveShifts(
  sub: { organizationalLevel: number; pathIds: readonly string[] },
  parent: { pathIds: readonly string[] },
  targetLevel: number,
): { levelShift: number; depthShift: number } {
  return { levelShift: targetLevel - sub.organizationalLevel, depthShift: parent.pathIds.length + 1 - sub.pathIds.length };
}
