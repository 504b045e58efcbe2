import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import { currentCaller, Handles } from '@lp/service-kit';
import { Tenancy } from '../../common/tenancy.js';
import { writeMembersChanged } from '../members/member-events.js';
import { affectedRows } from './hierarchy-sql.js';

type R = typeof institutionRoutes;
type Settings = RouteOutput<R['cascadeSettings']>['cascade_settings'];

/** institutions.cascade_settings' column default: what a new institution copies down */
const DEFAULTS: Settings = { branding: true, pricing: false, policies: true, content: false, users: false };

/** the strict descendants of $1, as a condition on `d` */
const BELOW = `d.path_ids @> ARRAY[$1::uuid] AND d.id <> $1`;

/**
 * Cascade: an institution copies what its settings choose to every institution below it, in
 * one transaction. Every copy is an upsert that changes only what differs, so a second apply
 * with nothing changed above copies nothing (its counts are 0):
 * - branding: logo, colours and custom text, to the descendants that inherit branding;
 * - pricing: its sub-leasing plans, one copy per descendant linked by cascaded_from (a copy
 *   edited below is set back to the source's values);
 * - policies: the policies document;
 * - content: its own courses, assigned to every descendant;
 * - users: its students and faculty (not the suspended), made members of every descendant.
 */
@Injectable()
export class CascadeService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  @Handles(institutionRoutes.cascadeSettings)
  async get({ params }: RouteInput<R['cascadeSettings']>): Promise<RouteOutput<R['cascadeSettings']>> {
    return this.tenancy.forInstitution(params.id, 'read', (tx) => settingsOf(tx, params.id));
  }

  @Handles(institutionRoutes.updateCascadeSettings)
  async update({ params, body }: RouteInput<R['updateCascadeSettings']>): Promise<RouteOutput<R['updateCascadeSettings']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      await tx.query(`UPDATE institutions SET cascade_settings = cascade_settings || $2::jsonb, updated_at = now() WHERE id = $1`, [
        params.id,
        JSON.stringify(changes),
      ]);
      return settingsOf(tx, params.id);
    });
  }

  @Handles(institutionRoutes.applyCascade)
  async apply({ params }: RouteInput<R['applyCascade']>): Promise<RouteOutput<R['applyCascade']>> {
    const userId = currentCaller().userId;
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      // one apply at a time per source: the second waits and then finds everything copied
      await tx.query(`SELECT 1 FROM institutions WHERE id = $1 FOR UPDATE`, [params.id]);
      const { cascade_settings: on } = await settingsOf(tx, params.id);
      const [below] = (await tx.query(`SELECT count(*)::int AS n FROM institutions d WHERE ${BELOW}`, [params.id])) as { n: number }[];
      const copied = {
        branding: on.branding ? await copyBranding(tx, params.id) : 0,
        plans: on.pricing ? await copyPlans(tx, params.id) : 0,
        policies: on.policies ? await copyPolicies(tx, params.id) : 0,
        courses: on.content ? await copyCourses(tx, params.id, userId) : 0,
        members: on.users ? await copyMembers(tx, params.id, userId) : 0,
      };
      await tx.query(`UPDATE institutions SET cascade_applied_at = now() WHERE id = $1`, [params.id]);
      const n = Number(below!.n);
      return { message: `Cascade settings applied to ${n} institution${n === 1 ? '' : 's'}`, institutions: n, copied };
    });
  }
}

async function settingsOf(tx: EntityManager, id: string): Promise<RouteOutput<R['cascadeSettings']>> {
  const [row] = (await tx.query(`SELECT cascade_settings, cascade_applied_at FROM institutions WHERE id = $1`, [id])) as {
    cascade_settings: Partial<Settings> | null;
    cascade_applied_at: Date | null;
  }[];
  const stored = row?.cascade_settings ?? {};
  const settings = Object.fromEntries(
    Object.entries(DEFAULTS).map(([k, v]) => [k, typeof stored[k as keyof Settings] === 'boolean' ? stored[k as keyof Settings] : v]),
  ) as Settings;
  return { cascade_settings: settings, last_applied_at: row?.cascade_applied_at ? new Date(row.cascade_applied_at).toISOString() : null };
}

async function copyBranding(tx: EntityManager, id: string): Promise<number> {
  return affectedRows(
    await tx.query(
      `UPDATE institutions d
          SET logo_url = s.logo_url, primary_color = s.primary_color, secondary_color = s.secondary_color, custom_text = s.custom_text, updated_at = now()
         FROM institutions s
        WHERE s.id = $1 AND ${BELOW} AND d.inherit_branding
          AND (d.logo_url, d.primary_color, d.secondary_color, d.custom_text) IS DISTINCT FROM (s.logo_url, s.primary_color, s.secondary_color, s.custom_text)`,
      [id],
    ),
  );
}

async function copyPolicies(tx: EntityManager, id: string): Promise<number> {
  return affectedRows(
    await tx.query(
      `UPDATE institutions d SET policies = s.policies, updated_at = now() FROM institutions s WHERE s.id = $1 AND ${BELOW} AND d.policies IS DISTINCT FROM s.policies`,
      [id],
    ),
  );
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

async function copyPlans(tx: EntityManager, id: string): Promise<number> {
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

async function copyCourses(tx: EntityManager, id: string, userId: string): Promise<number> {
  const rows = (await tx.query(
    `INSERT INTO course_assignments (institution_id, course_id, assigned_by)
     SELECT d.id, c.id, $2 FROM courses c CROSS JOIN institutions d WHERE c.institution_id = $1 AND ${BELOW}
     ON CONFLICT DO NOTHING RETURNING course_id`,
    [id, userId],
  )) as unknown[];
  return rows.length;
}

async function copyMembers(tx: EntityManager, id: string, userId: string): Promise<number> {
  const rows = (await tx.query(
    `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, added_by)
     SELECT gen_random_uuid(), d.id, m.user_id, m.member_type, m.portal_role, $2
       FROM members m CROSS JOIN institutions d
      WHERE m.institution_id = $1 AND m.member_type IN ('student', 'faculty') AND NOT m.is_suspended AND ${BELOW}
     ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
    [id, userId],
  )) as { id: string }[];
  await writeMembersChanged(
    tx,
    rows.map((r) => r.id),
  );
  return rows.length;
}
