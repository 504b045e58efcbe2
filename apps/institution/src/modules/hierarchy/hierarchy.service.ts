import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { currentCaller, Handles } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { writeMemberRemoved, writeMembersChanged } from '../members/member-events.js';
import { hierarchyErrors } from './hierarchy-errors.js';
import { affectedRows, isStrictDescendant, subtreeRows, toTree } from './hierarchy-sql.js';
import { courseRows, peopleOf } from './subsidiary-view.js';

type R = typeof institutionRoutes;
type AssignBody = RouteInput<R['assignResources']>['body'];

/**
 * The tree and its resources. Trees are read in one statement per answer (counts included) and
 * built in memory; the top a caller sees is the institution their admin membership comes from
 * (TenantAccess.viaInstitutionId), so a branch admin never learns what is above their branch.
 */
@Injectable()
export class HierarchyService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  @Handles(institutionRoutes.hierarchy)
  async hierarchy({ params }: RouteInput<R['hierarchy']>): Promise<RouteOutput<R['hierarchy']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const tree = toTree(await subtreeRows(tx, params.id), params.id);
      if (!tree) throw institutionErrors.notFound();
      return { hierarchy: tree };
    });
  }

  @Handles(institutionRoutes.hierarchyPath)
  async hierarchyPath({ params }: RouteInput<R['hierarchyPath']>): Promise<RouteOutput<R['hierarchyPath']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => {
      const from = access.pathIds.indexOf(access.viaInstitutionId);
      const ids = access.pathIds.slice(from);
      const rows = (await tx.query(`SELECT id, name, level_type, organizational_level FROM institutions WHERE id = ANY ($1::uuid[])`, [
        ids,
      ])) as {
        id: string;
        name: string;
        level_type: RouteOutput<R['hierarchyPath']>['hierarchy_path'][number]['level_type'];
        organizational_level: number;
      }[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        hierarchy_path: ids
          .map((id) => byId.get(id))
          .filter((r) => r !== undefined)
          .map((r) => ({
            id: r.id,
            name: r.name,
            level_type: r.level_type,
            organizational_level: r.organizational_level,
            is_current: r.id === params.id,
          })),
      };
    });
  }

  @Handles(institutionRoutes.orgChart)
  async orgChart({ params }: RouteInput<R['orgChart']>): Promise<RouteOutput<R['orgChart']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => {
      const rows = await subtreeRows(tx, access.viaInstitutionId);
      const chart = toTree(rows, access.viaInstitutionId);
      if (!chart) throw institutionErrors.notFound();
      const depths = rows.map((r) => r.hierarchy_level);
      return {
        org_chart: chart,
        total_levels: Math.max(...depths) - Math.min(...depths) + 1,
        total_organizations: rows.length,
        current_institution_id: params.id,
      };
    });
  }

  /**
   * What {id} holds that no institution below it has: its courses (its own and those assigned to
   * it) not assigned anywhere below, and its students and faculty who are members of no
   * institution below.
   */
  @Handles(institutionRoutes.unassignedResources)
  async unassigned({ params }: RouteInput<R['unassignedResources']>): Promise<RouteOutput<R['unassignedResources']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const ids = (await tx.query(
        `SELECT c.id FROM (SELECT id FROM courses WHERE institution_id = $1 UNION SELECT course_id FROM course_assignments WHERE institution_id = $1) c
          WHERE NOT EXISTS (SELECT 1 FROM course_assignments a JOIN institutions d ON d.id = a.institution_id
                             WHERE a.course_id = c.id AND d.path_ids @> ARRAY[$1::uuid] AND d.id <> $1)`,
        [params.id],
      )) as { id: string }[];
      const courses = await courseRows(
        tx,
        ids.map((r) => r.id),
        new Map(ids.map((r) => [r.id, params.id])),
      );
      const people = await peopleOf(
        tx,
        `m.institution_id = $1 AND NOT EXISTS (SELECT 1 FROM members o JOIN institutions d ON d.id = o.institution_id
                                                 WHERE o.user_id = m.user_id AND d.path_ids @> ARRAY[$1::uuid] AND d.id <> $1)`,
        [params.id],
      );
      return { courses, ...people };
    });
  }

  /**
   * Courses: an assignment row per course for the subsidiary. Students and faculty: the ids are
   * {id}'s members of that type; assigning makes the same person a member of the subsidiary
   * (same type and role), unassigning removes that membership. Either way it is idempotent and
   * answers how many rows changed. Ids that are not {id}'s resources refuse the whole request.
   */
  @Handles(institutionRoutes.assignResources)
  async assign({ params, body }: RouteInput<R['assignResources']>): Promise<RouteOutput<R['assignResources']>> {
    const caller = currentCaller();
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      if (!(await isStrictDescendant(tx, params.id, body.subsidiary_id))) throw hierarchyErrors.subsidiaryNotFound();
      const ids = [...new Set(body.resource_ids)];
      const affected =
        body.resource_type === 'course'
          ? await this.assignCourses(tx, params.id, ids, body, caller.userId)
          : await this.assignMembers(tx, params.id, ids, body, caller.userId);
      return { message: `${countOf(body.resource_type, affected)} ${body.action === 'assign' ? 'assigned' : 'unassigned'}`, affected };
    });
  }

  private async assignCourses(tx: EntityManager, rootId: string, ids: string[], body: AssignBody, userId: string): Promise<number> {
    const owned = (await tx.query(
      `SELECT id FROM courses WHERE institution_id = $1 AND id = ANY ($2::uuid[]) UNION SELECT course_id FROM course_assignments WHERE institution_id = $1 AND course_id = ANY ($2::uuid[])`,
      [rootId, ids],
    )) as unknown[];
    if (owned.length !== ids.length) throw hierarchyErrors.resourceNotFound('course');
    if (body.action === 'assign') {
      const rows = (await tx.query(
        `INSERT INTO course_assignments (institution_id, course_id, assigned_by) SELECT $1, unnest($2::uuid[]), $3 ON CONFLICT DO NOTHING RETURNING course_id`,
        [body.subsidiary_id, ids, userId],
      )) as unknown[];
      return rows.length;
    }
    return affectedRows(
      await tx.query(`DELETE FROM course_assignments WHERE institution_id = $1 AND course_id = ANY ($2::uuid[])`, [
        body.subsidiary_id,
        ids,
      ]),
    );
  }

  private async assignMembers(tx: EntityManager, rootId: string, ids: string[], body: AssignBody, userId: string): Promise<number> {
    const sources = (await tx.query(
      `SELECT id, user_id, portal_role FROM members WHERE institution_id = $1 AND member_type = $2 AND id = ANY ($3::uuid[])`,
      [rootId, body.resource_type, ids],
    )) as { id: string; user_id: string; portal_role: string }[];
    if (sources.length !== ids.length) throw hierarchyErrors.resourceNotFound(body.resource_type);
    const users = sources.map((s) => s.user_id);
    if (body.action === 'assign') {
      const rows = (await tx.query(
        // a suspended person stays suspended in the subsidiary: assigning is no way around it
        `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, is_suspended, added_by)
         SELECT gen_random_uuid(), $1, s.user_id, s.member_type, s.portal_role, s.is_suspended, $3 FROM members s WHERE s.institution_id = $2 AND s.id = ANY ($4::uuid[])
         ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
        [body.subsidiary_id, rootId, userId, ids],
      )) as { id: string }[];
      await writeMembersChanged(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    }
    // only the membership an assignment makes (same type): an admin of the subsidiary stays one
    const removed = (await tx.query(
      `DELETE FROM members WHERE institution_id = $1 AND member_type = $2 AND user_id = ANY ($3::uuid[]) RETURNING id, user_id`,
      [body.subsidiary_id, body.resource_type, users],
    )) as [{ id: string; user_id: string }[], number];
    for (const m of removed[0]) await writeMemberRemoved(tx, { id: m.id, institutionId: body.subsidiary_id, userId: m.user_id });
    return removed[0].length;
  }
}

const NOUNS = { course: ['course', 'courses'], student: ['student', 'students'], faculty: ['faculty member', 'faculty members'] } as const;
const countOf = (type: AssignBody['resource_type'], n: number): string => `${n} ${NOUNS[type][n === 1 ? 0 : 1]}`;
