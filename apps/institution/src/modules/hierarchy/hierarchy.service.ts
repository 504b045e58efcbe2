import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { currentCaller, Handles } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { MemberEvents } from '../members/member-events.js';
import { hierarchyErrors } from './hierarchy-errors.js';
import { HierarchyRepository } from './hierarchy.repository.js';
import { levelsSpanned, toTree } from './hierarchy-tree.js';
import { courseRows, splitPeople } from './subsidiary-view.js';

type R = typeof institutionRoutes;
type AssignBody = RouteInput<R['assignResources']>['body'];

/**
 * The tree and its resources. Trees are read in one statement per answer (counts included) and
 * built in memory; the top a caller sees is the institution their admin membership comes from
 * (TenantAccess.viaInstitutionId), so a branch admin never learns what is above their branch.
 */
@Injectable()
export class HierarchyService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(HierarchyRepository) private readonly tree: HierarchyRepository,
    @Inject(MemberEvents) private readonly memberEvents: MemberEvents,
  ) {}

  @Handles(institutionRoutes.hierarchy)
  async hierarchy({ params }: RouteInput<R['hierarchy']>): Promise<RouteOutput<R['hierarchy']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const tree = toTree(await this.tree.subtreeRows(tx, params.id), params.id);
      if (!tree) throw institutionErrors.notFound();
      return { hierarchy: tree };
    });
  }

  @Handles(institutionRoutes.hierarchyPath)
  async hierarchyPath({ params }: RouteInput<R['hierarchyPath']>): Promise<RouteOutput<R['hierarchyPath']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => {
      const from = access.pathIds.indexOf(access.viaInstitutionId);
      const ids = access.pathIds.slice(from);
      const rows = await this.tree.pathRows(tx, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return {
        hierarchy_path: ids
          .map((id) => byId.get(id))
          .filter((r) => r !== undefined)
          .map((r) => ({
            id: r.id,
            name: r.name,
            level_type: r.levelType,
            organizational_level: r.organizationalLevel,
            is_current: r.id === params.id,
          })),
      };
    });
  }

  @Handles(institutionRoutes.orgChart)
  async orgChart({ params }: RouteInput<R['orgChart']>): Promise<RouteOutput<R['orgChart']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => {
      const rows = await this.tree.subtreeRows(tx, access.viaInstitutionId);
      const chart = toTree(rows, access.viaInstitutionId);
      if (!chart) throw institutionErrors.notFound();
      return {
        org_chart: chart,
        total_levels: levelsSpanned(rows),
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
      const held = await this.tree.heldCourseIds(tx, params.id);
      const below = await this.tree.assignedBelow(tx, params.id, held);
      const courses = await courseRows(
        this.tree,
        tx,
        held.filter((id) => !below.has(id)),
        params.id,
      );
      const people = splitPeople(await this.tree.people(tx, params.id, true));
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
      if (!(await this.tree.isStrictDescendant(tx, params.id, body.subsidiary_id))) throw hierarchyErrors.subsidiaryNotFound();
      const ids = [...new Set(body.resource_ids)];
      const affected =
        body.resource_type === 'course'
          ? await this.assignCourses(tx, params.id, ids, body, caller.userId)
          : await this.assignMembers(tx, params.id, ids, body, caller.userId);
      return { message: `${countOf(body.resource_type, affected)} ${body.action === 'assign' ? 'assigned' : 'unassigned'}`, affected };
    });
  }

  private async assignCourses(tx: EntityManager, rootId: string, ids: string[], body: AssignBody, userId: string): Promise<number> {
    const owned = await this.tree.heldCourseIds(tx, rootId, ids);
    if (owned.length !== ids.length) throw hierarchyErrors.resourceNotFound('course');
    if (body.action === 'assign') return this.tree.assignCourses(tx, body.subsidiary_id, ids, userId);
    return this.tree.unassignCourses(tx, body.subsidiary_id, ids);
  }

  private async assignMembers(tx: EntityManager, rootId: string, ids: string[], body: AssignBody, userId: string): Promise<number> {
    const sources = await this.tree.membersOfType(tx, rootId, body.resource_type, ids);
    if (sources.length !== ids.length) throw hierarchyErrors.resourceNotFound(body.resource_type);
    if (body.action === 'assign') {
      const made = await this.tree.copyMembers(tx, rootId, body.subsidiary_id, ids, userId);
      await this.memberEvents.changed(tx, made);
      return made.length;
    }
    // only the membership an assignment makes (same type): an admin of the subsidiary stays one
    const removed = await this.tree.removeMembers(
      tx,
      body.subsidiary_id,
      body.resource_type,
      sources.map((s) => s.userId),
    );
    for (const m of removed) await this.memberEvents.removed(tx, { id: m.id, institutionId: body.subsidiary_id, userId: m.user_id });
    return removed.length;
  }
}

const NOUNS = { course: ['course', 'courses'], student: ['student', 'students'], faculty: ['faculty member', 'faculty members'] } as const;
const countOf = (type: AssignBody['resource_type'], n: number): string => `${n} ${NOUNS[type][n === 1 ? 0 : 1]}`;
