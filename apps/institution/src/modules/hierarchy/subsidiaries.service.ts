import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { writeEvent } from '@lp/bus';
import {
  institutionEvents,
  institutionRoutes,
  MAX_ORGANIZATIONAL_LEVEL,
  type RouteInput,
  type RouteOutput,
  type VerificationStatus,
} from '@lp/contracts';
import { currentCaller, Handles, isUniqueViolation } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { inSystemScope, Tenancy } from '../../common/tenancy.js';
import { institutionEventFields, writeInstitutionUpdated } from '../institutions/institution-events.js';
import { institutionView, institutionViews } from '../institutions/institution-view.js';
import { InstitutionsRepository } from '../institutions/institutions.repository.js';
import { TierLimits } from '../tiers/tier-limits.js';
import { hierarchyErrors } from './hierarchy-errors.js';
import { HierarchyRepository, type PlaceRow } from './hierarchy.repository.js';
import { moveShifts } from './hierarchy-tree.js';
import { courseRows, splitPeople } from './subsidiary-view.js';

type R = typeof institutionRoutes;

/**
 * Subsidiaries: institutions below a top one, each one organizational level below its parent.
 * A route's {id} works on its own subtree only; a parent, a subsidiary or a resource outside it
 * answers 404 as an unknown id does. The creator needs no member row in the new subsidiary:
 * their admin membership of an ancestor already reaches it (Tenancy resolves through path_ids).
 */
@Injectable()
export class SubsidiariesService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
    @Inject(HierarchyRepository) private readonly tree: HierarchyRepository,
    @Inject(TierLimits) private readonly tierLimits: TierLimits,
  ) {}

  @Handles(institutionRoutes.listSubsidiaries)
  async list({ params }: RouteInput<R['listSubsidiaries']>): Promise<RouteOutput<R['listSubsidiaries']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => ({
      subsidiaries: await institutionViews(this.institutions, tx, await this.tree.descendantIds(tx, params.id), access),
    }));
  }

  /**
   * The parent is the route's institution unless the form names one below it; the limits are
   * the top institution's (its max_subsidiaries and its tier's count the whole tree), checked
   * under a lock of the top row so that concurrent creates cannot pass them together.
   */
  @Handles(institutionRoutes.createSubsidiary)
  async create({ params, body }: RouteInput<R['createSubsidiary']>): Promise<RouteOutput<R['createSubsidiary']>> {
    const caller = currentCaller();
    const id = randomUUID();
    try {
      return await this.tenancy.forInstitution(params.id, 'write', async (tx, access) => {
        const parent = await this.tree.placeInSubtree(tx, params.id, body.parent_institution_id ?? params.id);
        if (!parent) throw hierarchyErrors.parentNotFound();
        if (parent.pathIds.length >= MAX_ORGANIZATIONAL_LEVEL || parent.organizationalLevel >= MAX_ORGANIZATIONAL_LEVEL)
          throw hierarchyErrors.levelTooDeep();
        if (body.organizational_level !== parent.organizationalLevel + 1)
          throw hierarchyErrors.parentLevelMismatch(body.organizational_level);
        const tierName = await this.lockAndCheckLimits(tx, parent.pathIds[0]!);
        // the platform admin verified the top institution (an institution is only onboarded at
        // the top): what an admin of a verified tree adds below it is trusted at once; below a
        // pending or rejected one it waits as the tree does
        const status: VerificationStatus = parent.verificationStatus === 'verified' ? 'verified' : 'pending';
        await this.institutions.insert(tx, {
          id,
          parentId: parent.id,
          pathIds: [...parent.pathIds, id],
          hierarchyLevel: parent.pathIds.length,
          organizationalLevel: body.organizational_level,
          levelType: body.level_type,
          levelName: body.level_name ?? null,
          name: body.name,
          subdomain: body.subdomain,
          verificationStatus: status,
          verifiedAt: status === 'verified' ? () => 'now()' : null,
          contactEmail: body.contact_email ?? null,
          contactPhone: body.contact_phone ?? null,
          address: body.address ?? null,
          country: body.country ?? null,
          inheritBranding: body.inherit_branding,
          tierName,
          createdBy: caller.userId,
        });
        const fields = await institutionEventFields(this.institutions, tx, id);
        await writeEvent(tx, institutionEvents.created, { ...fields, created_by: caller.userId, created_at: new Date().toISOString() });
        return institutionView(this.institutions, tx, id, access);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw institutionErrors.subdomainTaken(await this.holderOf(body.subdomain));
      throw e;
    }
  }

  /**
   * Edits a subsidiary strictly below {id}. A new parent or level moves it with its whole
   * subtree (paths, depths and organizational levels follow), inside {id}'s subtree only: the
   * top institution, and so the limits, stay the same.
   */
  @Handles(institutionRoutes.updateSubsidiary)
  async update({ params, body }: RouteInput<R['updateSubsidiary']>): Promise<RouteOutput<R['updateSubsidiary']>> {
    try {
      return await this.tenancy.forInstitution(params.id, 'write', async (tx, access) => {
        if (!(await this.tree.isStrictDescendant(tx, params.id, params.subId))) throw hierarchyErrors.subsidiaryNotFound();
        const sub = await this.tree.lockPlace(tx, params.subId);
        const moved = await this.move(tx, params.id, sub!, body.parent_institution_id, body.organizational_level);
        await this.institutions.patchSubdomainEntry(tx, params.subId, { subdomain: body.subdomain, name: body.name });
        await this.institutions.patch(tx, params.subId, {
          name: body.name,
          subdomain: body.subdomain,
          levelType: body.level_type,
          levelName: body.level_name,
          contactEmail: body.contact_email,
          contactPhone: body.contact_phone,
          address: body.address,
          country: body.country,
          inheritBranding: body.inherit_branding,
        });
        // the event carries path_ids: every institution the move shifted is told, the edited one always
        for (const id of new Set([params.subId, ...moved])) await writeInstitutionUpdated(this.institutions, tx, id);
        return institutionView(this.institutions, tx, params.subId, access);
      });
    } catch (e) {
      if (isUniqueViolation(e) && body.subdomain) throw institutionErrors.subdomainTaken(await this.holderOf(body.subdomain));
      throw e;
    }
  }

  @Handles(institutionRoutes.subsidiaryResources)
  async resources({ params }: RouteInput<R['subsidiaryResources']>): Promise<RouteOutput<R['subsidiaryResources']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      if (!(await this.tree.isStrictDescendant(tx, params.id, params.subId))) throw hierarchyErrors.subsidiaryNotFound();
      const courses = await courseRows(this.tree, tx, await this.tree.heldCourseIds(tx, params.subId), params.subId);
      return { courses, ...splitPeople(await this.tree.people(tx, params.subId)) };
    });
  }

  /**
   * Locks the top institution's row, then counts its whole tree against its own limit and its
   * tier's (tiers/tier-limits: null is unlimited). A branch admin may not see the top row: both
   * are read in the system scope, and only the verdict leaves. The count is a statement after
   * the lock, so it sees what a create that held the lock before committed. Answers the top's
   * tier, which its subsidiaries show.
   */
  private async lockAndCheckLimits(tx: EntityManager, topId: string): Promise<string> {
    const top = await inSystemScope(tx, async () => {
      const row = await this.tree.lockRow(tx, topId);
      return { ...row!, count: await this.tree.countBelow(tx, topId) };
    });
    if (top.count >= top.maxSubsidiaries) throw hierarchyErrors.subsidiaryLimit(top.maxSubsidiaries);
    await this.tierLimits.assertWithinTier(tx, topId, 'subsidiaries', 1);
    return top.tierName;
  }

  /**
   * Applies a new parent and/or organizational level to `sub` and its subtree; answers the ids
   * that moved (none when nothing changes). `parentId` null is the route's institution.
   */
  private async move(
    tx: EntityManager,
    rootId: string,
    sub: PlaceRow,
    parentId: string | null | undefined,
    level: number | undefined,
  ): Promise<string[]> {
    if (parentId === undefined && level === undefined) return [];
    const targetLevel = level ?? sub.organizationalLevel;
    const parent = await this.tree.placeInSubtree(tx, rootId, parentId === undefined ? sub.parentId! : (parentId ?? rootId));
    if (!parent) throw hierarchyErrors.parentNotFound();
    if (parent.pathIds.includes(sub.id)) throw hierarchyErrors.parentInsideItself();
    if (targetLevel !== parent.organizationalLevel + 1) throw hierarchyErrors.parentLevelMismatch(targetLevel);
    if (parent.id === sub.parentId && targetLevel === sub.organizationalLevel) return [];
    const { levelShift, depthShift } = moveShifts(sub, parent, targetLevel);
    const deepest = await this.tree.deepest(tx, sub.id);
    if (deepest.level + levelShift > MAX_ORGANIZATIONAL_LEVEL || deepest.depth + depthShift > MAX_ORGANIZATIONAL_LEVEL)
      throw hierarchyErrors.levelTooDeep();
    return this.tree.moveSubtree(tx, { id: sub.id, pathLength: sub.pathIds.length }, parent, depthShift, levelShift);
  }

  private async holderOf(subdomain: string): Promise<string> {
    return this.tenancy.asSystem(async (tx) => (await this.institutions.subdomainHolder(tx, subdomain)) ?? 'another institution');
  }
}
