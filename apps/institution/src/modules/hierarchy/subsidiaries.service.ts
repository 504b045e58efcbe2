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
import { Tenancy } from '../../common/tenancy.js';
import { institutionEventFields, writeInstitutionUpdated } from '../institutions/institution-events.js';
import { assertWithinTier, inSystemScope } from '../tiers/tier-limits.js';
import { hierarchyErrors } from './hierarchy-errors.js';
import { descendantIds, isStrictDescendant } from './hierarchy-sql.js';
import { institutionView, institutionViews } from '../institutions/institution-view.js';
import { courseRows, peopleOf } from './subsidiary-view.js';

type R = typeof institutionRoutes;

interface PlaceRow {
  id: string;
  parent_id: string | null;
  path_ids: string[];
  organizational_level: number;
  verification_status: VerificationStatus;
  tier_name: string;
}

/**
 * Subsidiaries: institutions below a top one, each one organizational level below its parent.
 * A route's {id} works on its own subtree only; a parent, a subsidiary or a resource outside it
 * answers 404 as an unknown id does. The creator needs no member row in the new subsidiary:
 * their admin membership of an ancestor already reaches it (Tenancy resolves through path_ids).
 */
@Injectable()
export class SubsidiariesService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  @Handles(institutionRoutes.listSubsidiaries)
  async list({ params }: RouteInput<R['listSubsidiaries']>): Promise<RouteOutput<R['listSubsidiaries']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx, access) => ({
      subsidiaries: await institutionViews(tx, await descendantIds(tx, params.id), access),
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
        const parent = await this.placeInSubtree(tx, params.id, body.parent_institution_id ?? params.id);
        if (!parent) throw hierarchyErrors.parentNotFound();
        if (parent.path_ids.length >= MAX_ORGANIZATIONAL_LEVEL || parent.organizational_level >= MAX_ORGANIZATIONAL_LEVEL)
          throw hierarchyErrors.levelTooDeep();
        if (body.organizational_level !== parent.organizational_level + 1)
          throw hierarchyErrors.parentLevelMismatch(body.organizational_level);
        const tierName = await this.lockAndCheckLimits(tx, parent.path_ids[0]!);
        // the platform admin verified the top institution (an institution is only onboarded at
        // the top): what an admin of a verified tree adds below it is trusted at once; below a
        // pending or rejected one it waits as the tree does
        const status: VerificationStatus = parent.verification_status === 'verified' ? 'verified' : 'pending';
        await tx.query(`INSERT INTO subdomains (subdomain, institution_id, name) VALUES ($1, $2, $3)`, [body.subdomain, id, body.name]);
        await tx.query(
          `INSERT INTO institutions (id, parent_id, path_ids, hierarchy_level, organizational_level, level_type, level_name, name, subdomain, verification_status, verified_at,
                                     contact_email, contact_phone, address, country, inherit_branding, tier_name, created_by)
           VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 = 'verified' THEN now() END, $11, $12, $13, $14, $15, $16, $17)`,
          [
            id,
            parent.id,
            [...parent.path_ids, id],
            parent.path_ids.length,
            body.organizational_level,
            body.level_type,
            body.level_name ?? null,
            body.name,
            body.subdomain,
            status,
            body.contact_email ?? null,
            body.contact_phone ?? null,
            body.address ?? null,
            body.country ?? null,
            body.inherit_branding,
            tierName,
            caller.userId,
          ],
        );
        const fields = await institutionEventFields(tx, id);
        await writeEvent(tx, institutionEvents.created, { ...fields, created_by: caller.userId, created_at: new Date().toISOString() });
        return institutionView(tx, id, access);
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
        if (!(await isStrictDescendant(tx, params.id, params.subId))) throw hierarchyErrors.subsidiaryNotFound();
        const [sub] = (await tx.query(
          `SELECT id, parent_id, path_ids, organizational_level, verification_status, tier_name FROM institutions WHERE id = $1 FOR UPDATE`,
          [params.subId],
        )) as PlaceRow[];
        const moved = await this.move(tx, params.id, sub!, body.parent_institution_id, body.organizational_level);
        if (body.subdomain !== undefined)
          await tx.query(`UPDATE subdomains SET subdomain = $2 WHERE institution_id = $1`, [params.subId, body.subdomain]);
        if (body.name !== undefined) await tx.query(`UPDATE subdomains SET name = $2 WHERE institution_id = $1`, [params.subId, body.name]);
        await setColumns(tx, params.subId, {
          name: body.name,
          subdomain: body.subdomain,
          level_type: body.level_type,
          level_name: body.level_name,
          contact_email: body.contact_email,
          contact_phone: body.contact_phone,
          address: body.address,
          country: body.country,
          inherit_branding: body.inherit_branding,
        });
        // the event carries path_ids: every institution the move shifted is told, the edited one always
        for (const id of new Set([params.subId, ...moved])) await writeInstitutionUpdated(tx, id);
        return institutionView(tx, params.subId, access);
      });
    } catch (e) {
      if (isUniqueViolation(e) && body.subdomain) throw institutionErrors.subdomainTaken(await this.holderOf(body.subdomain));
      throw e;
    }
  }

  @Handles(institutionRoutes.subsidiaryResources)
  async resources({ params }: RouteInput<R['subsidiaryResources']>): Promise<RouteOutput<R['subsidiaryResources']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      if (!(await isStrictDescendant(tx, params.id, params.subId))) throw hierarchyErrors.subsidiaryNotFound();
      const ids = (await tx.query(
        `SELECT id FROM courses WHERE institution_id = $1 UNION SELECT course_id FROM course_assignments WHERE institution_id = $1`,
        [params.subId],
      )) as { id: string }[];
      const courses = await courseRows(
        tx,
        ids.map((r) => r.id),
        new Map(ids.map((r) => [r.id, params.subId])),
      );
      return { courses, ...(await peopleOf(tx, 'm.institution_id = $1', [params.subId])) };
    });
  }

  /** `id` as a parent: visible and inside `rootId`'s subtree */
  private async placeInSubtree(tx: EntityManager, rootId: string, id: string): Promise<PlaceRow | undefined> {
    const [row] = (await tx.query(
      `SELECT id, parent_id, path_ids, organizational_level, verification_status, tier_name FROM institutions WHERE id = $1 AND path_ids @> ARRAY[$2::uuid]`,
      [id, rootId],
    )) as PlaceRow[];
    return row;
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
      const [row] = (await tx.query(`SELECT max_subsidiaries, tier_name FROM institutions WHERE id = $1 FOR UPDATE`, [topId])) as {
        max_subsidiaries: number;
        tier_name: string;
      }[];
      const [n] = (await tx.query(`SELECT count(*)::int AS n FROM institutions WHERE path_ids @> ARRAY[$1::uuid] AND id <> $1`, [
        topId,
      ])) as { n: number }[];
      return { ...row!, count: Number(n!.n) };
    });
    if (top.count >= top.max_subsidiaries) throw hierarchyErrors.subsidiaryLimit(top.max_subsidiaries);
    await assertWithinTier(tx, topId, 'subsidiaries', 1);
    return top.tier_name;
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
    const targetLevel = level ?? sub.organizational_level;
    const parent = await this.placeInSubtree(tx, rootId, parentId === undefined ? sub.parent_id! : (parentId ?? rootId));
    if (!parent) throw hierarchyErrors.parentNotFound();
    if (parent.path_ids.includes(sub.id)) throw hierarchyErrors.parentInsideItself();
    if (targetLevel !== parent.organizational_level + 1) throw hierarchyErrors.parentLevelMismatch(targetLevel);
    if (parent.id === sub.parent_id && targetLevel === sub.organizational_level) return [];
    const levelShift = targetLevel - sub.organizational_level;
    const depthShift = parent.path_ids.length + 1 - sub.path_ids.length;
    const [deepest] = (await tx.query(
      `SELECT max(organizational_level)::int AS level, max(array_length(path_ids, 1))::int AS depth FROM institutions WHERE path_ids @> ARRAY[$1::uuid]`,
      [sub.id],
    )) as { level: number; depth: number }[];
    if (deepest!.level + levelShift > MAX_ORGANIZATIONAL_LEVEL || deepest!.depth + depthShift > MAX_ORGANIZATIONAL_LEVEL)
      throw hierarchyErrors.levelTooDeep();
    // path from the new parent, then the part from `sub` down (sub is at position path length of sub)
    const rows = (await tx.query(
      `UPDATE institutions
          SET path_ids = $2::uuid[] || path_ids[$3:],
              hierarchy_level = hierarchy_level + $4,
              organizational_level = organizational_level + $5,
              parent_id = CASE WHEN id = $1 THEN $6::uuid ELSE parent_id END,
              updated_at = now()
        WHERE path_ids @> ARRAY[$1::uuid]
        RETURNING id`,
      [sub.id, parent.path_ids, sub.path_ids.length, depthShift, levelShift, parent.id],
    )) as [{ id: string }[], number];
    return rows[0].map((r) => r.id);
  }

  private async holderOf(subdomain: string): Promise<string> {
    return this.tenancy.asSystem(async (tx) => {
      const [r] = (await tx.query(`SELECT name FROM subdomains WHERE subdomain = $1`, [subdomain])) as { name: string }[];
      return r?.name ?? 'another institution';
    });
  }
}

/** Writes the given columns (undefined ones are left as they are). */
async function setColumns(tx: EntityManager, id: string, columns: Record<string, unknown>): Promise<void> {
  const set = Object.entries(columns).filter(([, v]) => v !== undefined);
  if (!set.length) return;
  await tx.query(`UPDATE institutions SET ${set.map(([k], i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
    id,
    ...set.map(([, v]) => v),
  ]);
}
