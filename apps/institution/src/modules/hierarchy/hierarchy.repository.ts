import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import { ReadModelUserEntity } from '@lp/service-kit';
import { CourseAssignmentEntity } from '../../entities/course-assignment.entity.js';
import { CourseEntity } from '../../entities/course.entity.js';
import { InstitutionEntity } from '../../entities/institution.entity.js';
import { MemberEntity } from '../../entities/member.entity.js';
import type { SubtreeRow } from './hierarchy-tree.js';

/** An institution as a place in the tree (a parent, or one that moves). */
export type PlaceRow = Pick<InstitutionEntity, 'id' | 'parentId' | 'pathIds' | 'organizationalLevel' | 'verificationStatus' | 'tierName'>;

export interface PersonRow {
  member_id: string;
  user_id: string;
  name: string;
  email: string | null;
  institution_id: string;
  member_type: 'student' | 'faculty';
}

/** the strict descendants of $1, as a condition on `d` */
const BELOW = `d.path_ids @> ARRAY[$1::uuid] AND d.id <> $1`;
const PLACE = { id: true, parentId: true, pathIds: true, organizationalLevel: true, verificationStatus: true, tierName: true } as const;

/** Data access for the tree: subtrees, moves, resources and the cascade's copies; no rules here. */
@Injectable()
export class HierarchyRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<InstitutionEntity> {
    return (tx ?? this.ds.manager).getRepository(InstitutionEntity);
  }

  /**
   * Every institution of `rootId`'s subtree (itself included) with its counts: students and
   * faculty are its members of that type; its courses are the ones it owns and the ones
   * assigned to it (an assignment of a course it owns counts once).
   * raw-sql: the counts are grouped per institution in CTEs over three tables, one statement per tree.
   */
  subtreeRows(tx: EntityManager, rootId: string): Promise<SubtreeRow[]> {
    return tx.query(
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
    ) as Promise<SubtreeRow[]>;
  }

  /** Whether `id` is strictly below `ancestorId` (and visible to the transaction). */
  async isStrictDescendant(tx: EntityManager, ancestorId: string, id: string): Promise<boolean> {
    if (ancestorId === id) return false;
    return this.repo(tx)
      .createQueryBuilder('i')
      .where('i.id = :id AND i.path_ids @> ARRAY[CAST(:ancestorId AS uuid)]', { id, ancestorId })
      .getExists();
  }

  /** Strict descendants of `id`, top down. */
  async descendantIds(tx: EntityManager, id: string): Promise<string[]> {
    const rows = await this.repo(tx)
      .createQueryBuilder('i')
      .select('i.id', 'id')
      .where('i.path_ids @> ARRAY[CAST(:id AS uuid)] AND i.id <> :id', { id })
      .orderBy('i.hierarchy_level')
      .addOrderBy('i.name')
      .addOrderBy('i.id')
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /** How many institutions are strictly below `id`. */
  countBelow(tx: EntityManager, id: string): Promise<number> {
    return this.repo(tx).createQueryBuilder('i').where('i.path_ids @> ARRAY[CAST(:id AS uuid)] AND i.id <> :id', { id }).getCount();
  }

  /** The named institutions (any order). */
  pathRows(
    tx: EntityManager,
    ids: readonly string[],
  ): Promise<Pick<InstitutionEntity, 'id' | 'name' | 'levelType' | 'organizationalLevel'>[]> {
    return this.repo(tx).find({
      select: { id: true, name: true, levelType: true, organizationalLevel: true },
      where: { id: In([...ids]) },
    });
  }

  /** `id` as a place, when it lies inside `rootId`'s subtree. */
  placeInSubtree(tx: EntityManager, rootId: string, id: string): Promise<PlaceRow | null> {
    return this.repo(tx)
      .createQueryBuilder('i')
      .select(Object.keys(PLACE).map((k) => `i.${k}`))
      .where('i.id = :id AND i.path_ids @> ARRAY[CAST(:rootId AS uuid)]', { id, rootId })
      .getOne();
  }

  /** `id` as a place, locked until the transaction ends. */
  lockPlace(tx: EntityManager, id: string): Promise<PlaceRow | null> {
    return this.repo(tx)
      .createQueryBuilder('i')
      .select(Object.keys(PLACE).map((k) => `i.${k}`))
      .setLock('pessimistic_write')
      .where('i.id = :id', { id })
      .getOne();
  }

  /** The institution's own subsidiary limit and tier, its row locked until the transaction ends. */
  lockRow(tx: EntityManager, id: string): Promise<Pick<InstitutionEntity, 'maxSubsidiaries' | 'tierName'> | null> {
    return this.repo(tx)
      .createQueryBuilder('i')
      .select(['i.id', 'i.maxSubsidiaries', 'i.tierName'])
      .setLock('pessimistic_write')
      .where('i.id = :id', { id })
      .getOne();
  }

  /** The deepest organizational level and path length of `id`'s subtree. */
  async deepest(tx: EntityManager, id: string): Promise<{ level: number; depth: number }> {
    const row = await this.repo(tx)
      .createQueryBuilder('i')
      .select('max(i.organizational_level)::int', 'level')
      .addSelect('max(array_length(i.path_ids, 1))::int', 'depth')
      .where('i.path_ids @> ARRAY[CAST(:id AS uuid)]', { id })
      .getRawOne<{ level: number; depth: number }>();
    return row!;
  }

  /**
   * Moves `subId` with its whole subtree under a new parent path: paths, depths and levels
   * shift together; answers the ids that moved.
   * raw-sql: one statement rewrites every path of the subtree (array slicing per row); row by row it would not be atomic against a concurrent move.
   */
  async moveSubtree(
    tx: EntityManager,
    sub: { id: string; pathLength: number },
    parent: { id: string; pathIds: string[] },
    depthShift: number,
    levelShift: number,
  ): Promise<string[]> {
    // path from the new parent, then the part from `sub` down (sub is at position path length of sub)
    const [rows] = (await tx.query(
      `UPDATE institutions
          SET path_ids = $2::uuid[] || path_ids[$3:],
              hierarchy_level = hierarchy_level + $4,
              organizational_level = organizational_level + $5,
              parent_id = CASE WHEN id = $1 THEN $6::uuid ELSE parent_id END,
              updated_at = now()
        WHERE path_ids @> ARRAY[$1::uuid]
        RETURNING id`,
      [sub.id, parent.pathIds, sub.pathLength, depthShift, levelShift, parent.id],
    )) as [{ id: string }[], number];
    return rows.map((r) => r.id);
  }

  // ---------------------------------------------------------------- resources

  /** The courses an institution holds: its own and those assigned to it. */
  async heldCourseIds(tx: EntityManager, institutionId: string, among?: readonly string[]): Promise<string[]> {
    const own = await tx.getRepository(CourseEntity).find({
      select: { id: true },
      where: { institutionId, ...(among ? { id: In([...among]) } : {}) },
    });
    const assigned = await tx.getRepository(CourseAssignmentEntity).find({
      select: { courseId: true },
      where: { institutionId, ...(among ? { courseId: In([...among]) } : {}) },
    });
    return [...new Set([...own.map((c) => c.id), ...assigned.map((a) => a.courseId)])];
  }

  /** Of the courses, those assigned to some institution strictly below `id`. */
  async assignedBelow(tx: EntityManager, id: string, courseIds: readonly string[]): Promise<Set<string>> {
    if (!courseIds.length) return new Set();
    const rows = await tx
      .getRepository(CourseAssignmentEntity)
      .createQueryBuilder('a')
      .innerJoin(InstitutionEntity, 'd', 'd.id = a.institution_id')
      .select('DISTINCT a.course_id', 'course_id')
      .where('a.course_id = ANY (CAST(:courseIds AS uuid[])) AND d.path_ids @> ARRAY[CAST(:id AS uuid)] AND d.id <> :id', { courseIds, id })
      .getRawMany<{ course_id: string }>();
    return new Set(rows.map((r) => r.course_id));
  }

  /** The course rows of the given ids, by title. */
  async courses(tx: EntityManager, ids: readonly string[]): Promise<Pick<CourseEntity, 'id' | 'title' | 'enrollmentCount'>[]> {
    if (!ids.length) return [];
    return tx.getRepository(CourseEntity).find({
      select: { id: true, title: true, enrollmentCount: true },
      where: { id: In([...ids]) },
      order: { title: 'ASC', id: 'ASC' },
    });
  }

  /**
   * An institution's students and faculty with the person's name and e-mail from the users read
   * model; `onlyUnplacedBelow`: those who are members of no institution strictly below it.
   */
  people(tx: EntityManager, institutionId: string, onlyUnplacedBelow = false): Promise<PersonRow[]> {
    const q = tx
      .getRepository(MemberEntity)
      .createQueryBuilder('m')
      .leftJoin(ReadModelUserEntity, 'u', 'u.id = m.user_id')
      .select([
        'm.id AS member_id',
        'm.user_id AS user_id',
        'u.email AS email',
        'm.institution_id AS institution_id',
        'm.member_type AS member_type',
      ])
      .addSelect(`coalesce(u.name, 'Unknown user')`, 'name')
      .where(`m.member_type IN ('student', 'faculty') AND m.institution_id = :institutionId`, { institutionId });
    if (onlyUnplacedBelow)
      q.andWhere(
        `NOT EXISTS (SELECT 1 FROM members o JOIN institutions d ON d.id = o.institution_id
                      WHERE o.user_id = m.user_id AND d.path_ids @> ARRAY[CAST(:institutionId AS uuid)] AND d.id <> :institutionId)`,
      );
    return q.orderBy('name').addOrderBy('m.id').getRawMany<PersonRow>();
  }

  /** The institution's members of a type among the ids. */
  async membersOfType(tx: EntityManager, institutionId: string, memberType: string, ids: readonly string[]): Promise<MemberEntity[]> {
    if (!ids.length) return [];
    return tx
      .getRepository(MemberEntity)
      .find({ where: { institutionId, memberType: memberType as MemberEntity['memberType'], id: In([...ids]) } });
  }

  /** Assigns courses to an institution; answers how many assignments are new. */
  async assignCourses(tx: EntityManager, institutionId: string, courseIds: readonly string[], by: string): Promise<number> {
    if (!courseIds.length) return 0;
    const result = await tx
      .getRepository(CourseAssignmentEntity)
      .createQueryBuilder()
      .insert()
      .into(CourseAssignmentEntity)
      .values(courseIds.map((courseId) => ({ institutionId, courseId, assignedBy: by })))
      .orIgnore()
      .returning(['courseId'])
      .execute();
    return (result.raw as unknown[]).length;
  }

  async unassignCourses(tx: EntityManager, institutionId: string, courseIds: readonly string[]): Promise<number> {
    if (!courseIds.length) return 0;
    return (await tx.getRepository(CourseAssignmentEntity).delete({ institutionId, courseId: In([...courseIds]) })).affected ?? 0;
  }

  /**
   * Copies members of `fromId` (the ids) into `toId`, same type, role and suspension; people
   * already members there are left as they are. Answers the new members' ids.
   * raw-sql: INSERT ... SELECT ... ON CONFLICT DO NOTHING: the copy and the check for an existing membership are one atomic statement.
   */
  async copyMembers(tx: EntityManager, fromId: string, toId: string, memberIds: readonly string[], by: string): Promise<string[]> {
    const rows = (await tx.query(
      // a suspended person stays suspended in the subsidiary: assigning is no way around it
      `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, is_suspended, added_by)
       SELECT gen_random_uuid(), $1, s.user_id, s.member_type, s.portal_role, s.is_suspended, $3 FROM members s WHERE s.institution_id = $2 AND s.id = ANY ($4::uuid[])
       ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
      [toId, fromId, by, memberIds],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Removes the memberships of a type the people hold in the institution; answers the removed rows. */
  async removeMembers(
    tx: EntityManager,
    institutionId: string,
    memberType: string,
    userIds: readonly string[],
  ): Promise<{ id: string; user_id: string }[]> {
    const result = await tx
      .getRepository(MemberEntity)
      .createQueryBuilder()
      .delete()
      .from(MemberEntity)
      .where('institution_id = :institutionId AND member_type = :memberType AND user_id = ANY (CAST(:userIds AS uuid[]))', {
        institutionId,
        memberType,
        userIds,
      })
      .returning(['id', 'userId'])
      .execute();
    return result.raw as { id: string; user_id: string }[];
  }

  // ---------------------------------------------------------------- the cascade

  settings(tx: EntityManager, id: string): Promise<Pick<InstitutionEntity, 'cascadeSettings' | 'cascadeAppliedAt'> | null> {
    return this.repo(tx).findOne({ select: { id: true, cascadeSettings: true, cascadeAppliedAt: true }, where: { id } });
  }

  /** Merges the changes into the stored settings (keys not given keep their value). */
  async mergeSettings(tx: EntityManager, id: string, changes: Record<string, boolean>): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update(InstitutionEntity)
      .set({ cascadeSettings: () => 'cascade_settings || CAST(:changes AS jsonb)' })
      .where('id = :id', { id, changes: JSON.stringify(changes) })
      .execute();
  }

  async markApplied(tx: EntityManager, id: string): Promise<void> {
    await this.repo(tx)
      .createQueryBuilder()
      .update(InstitutionEntity)
      .set({ cascadeAppliedAt: () => 'now()', updatedAt: () => 'updated_at' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * The cascade's copies, each one statement that changes only what differs (a second apply
   * with nothing changed above copies nothing) and answers how many rows it changed.
   * raw-sql: UPDATE ... FROM the source row and INSERT ... SELECT ... ON CONFLICT DO UPDATE ... WHERE IS DISTINCT FROM:
   * set-based copies over the whole subtree in one atomic statement each, which the query builder cannot express.
   */
  async copyBranding(tx: EntityManager, id: string): Promise<number> {
    const [, n] = (await tx.query(
      `UPDATE institutions d
          SET logo_url = s.logo_url, primary_color = s.primary_color, secondary_color = s.secondary_color, custom_text = s.custom_text, updated_at = now()
         FROM institutions s
        WHERE s.id = $1 AND ${BELOW} AND d.inherit_branding
          AND (d.logo_url, d.primary_color, d.secondary_color, d.custom_text) IS DISTINCT FROM (s.logo_url, s.primary_color, s.secondary_color, s.custom_text)`,
      [id],
    )) as [unknown, number];
    return n;
  }

  async copyPolicies(tx: EntityManager, id: string): Promise<number> {
    const [, n] = (await tx.query(
      `UPDATE institutions d SET policies = s.policies, updated_at = now() FROM institutions s WHERE s.id = $1 AND ${BELOW} AND d.policies IS DISTINCT FROM s.policies`,
      [id],
    )) as [unknown, number];
    return n;
  }

  async copyPlans(tx: EntityManager, id: string): Promise<number> {
    const rows = (await tx.query(
      `INSERT INTO subleasing_plans (id, institution_id, ${PLAN_FIELDS.join(', ')}, cascaded_from)
       SELECT gen_random_uuid(), d.id, ${PLAN_FIELDS.map((f) => `p.${f}`).join(', ')}, p.id
         FROM subleasing_plans p CROSS JOIN institutions d
        WHERE p.institution_id = $1 AND ${BELOW}
       ON CONFLICT (institution_id, cascaded_from) WHERE cascaded_from IS NOT NULL DO UPDATE
          SET ${PLAN_FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(', ')}, updated_at = now()
        WHERE (${PLAN_FIELDS.map((f) => `subleasing_plans.${f}`).join(', ')}) IS DISTINCT FROM (${PLAN_FIELDS.map((f) => `EXCLUDED.${f}`).join(', ')})
       RETURNING id`,
      [id],
    )) as unknown[];
    return rows.length;
  }

  async copyCourses(tx: EntityManager, id: string, userId: string): Promise<number> {
    const rows = (await tx.query(
      `INSERT INTO course_assignments (institution_id, course_id, assigned_by)
       SELECT d.id, c.id, $2 FROM courses c CROSS JOIN institutions d WHERE c.institution_id = $1 AND ${BELOW}
       ON CONFLICT DO NOTHING RETURNING course_id`,
      [id, userId],
    )) as unknown[];
    return rows.length;
  }

  /** The new members' ids. */
  async copyMembersDown(tx: EntityManager, id: string, userId: string): Promise<string[]> {
    const rows = (await tx.query(
      `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, added_by)
       SELECT gen_random_uuid(), d.id, m.user_id, m.member_type, m.portal_role, $2
         FROM members m CROSS JOIN institutions d
        WHERE m.institution_id = $1 AND m.member_type IN ('student', 'faculty') AND NOT m.is_suspended AND ${BELOW}
       ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
      [id, userId],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }
}

const PLAN_FIELDS = [
  'name',
  'description',
  'price_minor',
  'currency',
  'billing_period',
  'member_type',
  'features',
  'is_active',
  'is_featured',
] as const;
