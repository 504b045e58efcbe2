import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { writeEvent } from '@lp/bus';
import {
  institutionEvents,
  institutionRoutes,
  normalizeSubdomain,
  SubdomainSchema,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { currentCaller, ExportsUserData, Handles, isUniqueViolation, queryRows } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { writeMembersChanged } from '../members/member-events.js';
import { institutionEventFields, writeInstitutionUpdated } from './institution-events.js';
import { institutionView, institutionViews } from './institution-view.js';
import { releaseHeld } from '../invitations/invitation-sql.js';

type R = typeof institutionRoutes;

/** Institutions themselves: onboarding, their details and white-label settings, and the platform admin's verification. */
@Injectable()
export class InstitutionsService {
  constructor(@Inject(Tenancy) private readonly tenancy: Tenancy) {}

  /**
   * The institution of the caller's current portal when the caller administers it (or an
   * ancestor of it), else the first they administer, top institutions first.
   */
  @Handles(institutionRoutes.me)
  async me(): Promise<RouteOutput<R['me']>> {
    const caller = currentCaller();
    return this.tenancy.forUser(async (tx, roots) => {
      if (!roots.length) throw institutionErrors.noInstitution();
      const visible = await institutionViews(
        tx,
        roots.map((r) => r.institutionId),
      );
      const current = caller.institutionId;
      const pick = (current && (await tx.query(`SELECT id, path_ids AS "pathIds" FROM institutions WHERE id = $1`, [current]))[0]) as
        { id: string; pathIds: string[] } | undefined;
      const chosenId = pick?.id ?? visible[0]!.id;
      const pathIds = pick?.pathIds ?? [chosenId];
      const via =
        [...pathIds]
          .reverse()
          .map((id) => roots.find((r) => r.institutionId === id))
          .find((r) => r !== undefined) ?? roots.find((r) => r.institutionId === chosenId)!;
      return institutionView(tx, chosenId, { accessLevel: via.accessLevel, viaInstitutionId: via.institutionId });
    });
  }

  /** A new top institution, pending until an admin verifies it; its founder is its admin member. */
  @Handles(institutionRoutes.onboard)
  async onboard({ body }: RouteInput<R['onboard']>): Promise<RouteOutput<R['onboard']>> {
    const caller = currentCaller();
    const id = randomUUID();
    try {
      return await this.tenancy.forNew(id, async (tx) => {
        await this.insertInstitution(tx, id, body, caller.userId);
        const memberId = randomUUID();
        await tx.query(
          `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, access_level, added_by) VALUES ($1, $2, $3, 'admin', 'institution', 'admin', $3)`,
          [memberId, id, caller.userId],
        );
        const fields = await institutionEventFields(tx, id);
        await writeEvent(tx, institutionEvents.created, { ...fields, created_by: caller.userId, created_at: new Date().toISOString() });
        await writeMembersChanged(tx, [memberId]);
        return institutionView(tx, id, { accessLevel: 'admin', viaInstitutionId: id });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw institutionErrors.subdomainTaken(await this.holderOf(body.subdomain));
      throw e;
    }
  }

  private async insertInstitution(tx: EntityManager, id: string, b: RouteInput<R['onboard']>['body'], createdBy: string): Promise<void> {
    await tx.query(`INSERT INTO subdomains (subdomain, institution_id, name) VALUES ($1, $2, $3)`, [b.subdomain, id, b.name]);
    await tx.query(
      `INSERT INTO institutions (id, parent_id, path_ids, hierarchy_level, organizational_level, level_type, name, subdomain, contact_email, contact_phone, address, country, registration_number, tax_id, created_by)
       VALUES ($1, NULL, ARRAY[$1::uuid], 0, 1, 'corporation', $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        b.name,
        b.subdomain,
        b.contact_email,
        b.contact_phone ?? null,
        b.address ?? null,
        b.country ?? null,
        b.registration_number ?? null,
        b.tax_id ?? null,
        createdBy,
      ],
    );
  }

  private async holderOf(subdomain: string): Promise<string> {
    return this.tenancy.asSystem(async (tx) => {
      const [r] = (await tx.query(`SELECT name FROM subdomains WHERE subdomain = $1`, [subdomain])) as { name: string }[];
      return r?.name ?? 'another institution';
    });
  }

  /** The spec shows who holds a taken subdomain: its name, nothing else (the subdomains list is platform-wide on purpose). */
  @Handles(institutionRoutes.checkSubdomain)
  async checkSubdomain({ query }: RouteInput<R['checkSubdomain']>): Promise<RouteOutput<R['checkSubdomain']>> {
    const subdomain = normalizeSubdomain(query.subdomain);
    const parsed = SubdomainSchema.safeParse(subdomain);
    if (!parsed.success)
      return { subdomain, available: false, taken_by: null, reason: parsed.error.issues[0]?.message ?? 'Invalid subdomain' };
    const taken = await this.tenancy.asSystem(
      async (tx) => (await tx.query(`SELECT name FROM subdomains WHERE subdomain = $1`, [subdomain]))[0] as { name: string } | undefined,
    );
    return { subdomain, available: !taken, taken_by: taken?.name ?? null, reason: null };
  }

  @Handles(institutionRoutes.get)
  async get({ params }: RouteInput<R['get']>): Promise<RouteOutput<R['get']>> {
    return this.tenancy.forInstitution(params.id, 'read', (tx, access) => institutionView(tx, params.id, access));
  }

  @Handles(institutionRoutes.update)
  async update({ params, body }: RouteInput<R['update']>): Promise<RouteOutput<R['update']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx, access) => {
      const columns: Record<string, unknown> = {
        name: body.name,
        contact_email: body.contact_email,
        contact_phone: body.contact_phone,
        address: body.address,
        country: body.country,
        primary_color: body.primary_color,
        secondary_color: body.secondary_color,
        custom_text: body.custom_text,
        logo_url: body.logo_url,
        inherit_branding: body.inherit_branding,
      };
      await setColumns(tx, params.id, columns);
      if (body.name !== undefined) {
        await tx.query(`UPDATE subdomains SET name = $2 WHERE institution_id = $1`, [params.id, body.name]);
        await writeInstitutionUpdated(tx, params.id);
      }
      return institutionView(tx, params.id, access);
    });
  }

  @Handles(institutionRoutes.logo)
  async logo({ params, query }: RouteInput<R['logo']>): Promise<RouteOutput<R['logo']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx, access) => {
      await setColumns(tx, params.id, { logo_url: query.logo_url });
      return institutionView(tx, params.id, access);
    });
  }

  // ---------------------------------------------------------------- the platform admin

  @Handles(institutionRoutes.adminInstitutions)
  async adminList({ query }: RouteInput<R['adminInstitutions']>): Promise<RouteOutput<R['adminInstitutions']>> {
    return this.tenancy.asSystem(async (tx) => {
      const rows = (await tx.query(
        `SELECT id FROM institutions WHERE ($1::text IS NULL OR verification_status = $1)
          ORDER BY (verification_status = 'pending') DESC, created_at DESC LIMIT 1000`,
        [query.status ?? null],
      )) as { id: string }[];
      const views = await institutionViews(
        tx,
        rows.map((r) => r.id),
      );
      const order = new Map(rows.map((r, i) => [r.id, i]));
      return { institutions: views.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
    });
  }

  /**
   * Verifies or rejects a pending institution, and with it the drafts its admins prepared below
   * it while it was pending (subsidiaries still pending). What they held is settled in the same
   * transaction: on verification every held invitation is delivered (its
   * institution.invitation.sent goes out through this transaction's outbox: the e-mail, and the
   * account identity makes for create_account), on rejection they are withdrawn unsent.
   */
  @Handles(institutionRoutes.verify)
  async verify({ params, body }: RouteInput<R['verify']>): Promise<RouteOutput<R['verify']>> {
    const caller = currentCaller();
    return this.tenancy.asSystem(async (tx) => {
      const [row] = (await tx.query(`SELECT verification_status FROM institutions WHERE id = $1 FOR UPDATE`, [params.id])) as {
        verification_status: string;
      }[];
      if (!row) throw institutionErrors.notFound();
      if (row.verification_status !== 'pending') throw institutionErrors.notPending();
      const settled = await queryRows<{ id: string; hierarchy_level: number }>(
        tx,
        `UPDATE institutions SET verification_status = $2, verification_notes = CASE WHEN id = $1 THEN $3 ELSE verification_notes END,
                verified_at = now(), verified_by = $4, updated_at = now()
          WHERE verification_status = 'pending' AND $1 = ANY (path_ids) RETURNING id, hierarchy_level`,
        [params.id, body.status, body.notes ?? null, caller.userId],
      );
      const ids = settled.sort((a, b) => a.hierarchy_level - b.hierarchy_level).map((r) => r.id);
      const at = new Date().toISOString();
      for (const id of ids) {
        const fields = await institutionEventFields(tx, id);
        await writeEvent(tx, institutionEvents.verified, {
          ...fields,
          notes: id === params.id ? (body.notes ?? null) : null,
          verified_by: caller.userId,
          verified_at: at,
        });
      }
      await releaseHeld(tx, ids, body.status === 'verified');
      return institutionView(tx, params.id);
    });
  }

  // ---------------------------------------------------------------- portals by host

  /**
   * A verified institution's public face for its {subdomain} host. Branding a subsidiary does
   * not set itself is inherited from the nearest ancestor that does (inherit_branding).
   */
  @Handles(institutionRoutes.portalBySubdomain)
  async portalBySubdomain({ query }: RouteInput<R['portalBySubdomain']>): Promise<RouteOutput<R['portalBySubdomain']>> {
    const subdomain = normalizeSubdomain(query.subdomain);
    return this.tenancy.asSystem(async (tx) => {
      const rows = (await tx.query(
        `SELECT a.id, a.name, a.subdomain, a.logo_url, a.primary_color, a.secondary_color, a.custom_text, a.inherit_branding, a.verification_status,
                array_position(i.path_ids, a.id) AS depth
           FROM institutions i JOIN institutions a ON a.id = ANY (i.path_ids)
          WHERE i.subdomain = $1 ORDER BY depth DESC`,
        [subdomain],
      )) as BrandingRow[];
      const self = rows[0];
      if (!self || self.verification_status !== 'verified') throw institutionErrors.portalNotFound();
      const lineage = self.inherit_branding ? rows : [self];
      const pick = <K extends 'logo_url' | 'primary_color' | 'secondary_color' | 'custom_text'>(k: K) =>
        lineage.find((r) => r[k] !== null)?.[k] ?? null;
      return {
        institution_id: self.id,
        name: self.name,
        subdomain: self.subdomain,
        logo_url: pick('logo_url'),
        primary_color: pick('primary_color'),
        secondary_color: pick('secondary_color'),
        custom_text: pick('custom_text'),
      };
    });
  }

  /** Institution's part of "Download my data": the institutions the person founded and their memberships. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    return this.tenancy.asSystem(async (tx) => ({
      institutions_founded: await tx.query(
        `SELECT id, name, subdomain, verification_status, created_at FROM institutions WHERE created_by = $1`,
        [userId],
      ),
      memberships: await tx.query(
        `SELECT m.institution_id, i.name AS institution_name, m.member_type, m.portal_role, m.access_level, m.is_suspended, m.notes, m.added_at
           FROM members m JOIN institutions i ON i.id = m.institution_id WHERE m.user_id = $1`,
        [userId],
      ),
    }));
  }
}

interface BrandingRow {
  id: string;
  name: string;
  subdomain: string;
  logo_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  custom_text: string | null;
  inherit_branding: boolean;
  verification_status: string;
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
