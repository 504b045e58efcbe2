import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { writeEvent } from '@lp/bus';
import {
  institutionEvents,
  institutionRoutes,
  normalizeSubdomain,
  SubdomainSchema,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { currentCaller, ExportsUserData, Handles, isUniqueViolation } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { nearestRoot } from '../../common/tenant-access.js';
import { MemberEvents } from '../members/member-events.js';
import { MembersRepository } from '../members/members.repository.js';
import { InvitationDelivery } from '../invitations/invitation-delivery.js';
import { institutionEventFields, writeInstitutionUpdated } from './institution-events.js';
import { institutionView, institutionViews } from './institution-view.js';
import { portalBranding } from './portal-branding.js';
import { InstitutionsRepository } from './institutions.repository.js';

type R = typeof institutionRoutes;

/** Institutions themselves: onboarding, their details and white-label settings, and the platform admin's verification. */
@Injectable()
export class InstitutionsService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(MemberEvents) private readonly memberEvents: MemberEvents,
    @Inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
  ) {}

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
        this.institutions,
        tx,
        roots.map((r) => r.institutionId),
      );
      const current = caller.institutionId;
      const currentPath = current ? await this.institutions.pathIds(tx, current) : null;
      const chosenId = currentPath ? current! : visible[0]!.id;
      const via = nearestRoot(currentPath ?? [chosenId], roots) ?? roots.find((r) => r.institutionId === chosenId)!;
      return institutionView(this.institutions, tx, chosenId, { accessLevel: via.accessLevel, viaInstitutionId: via.institutionId });
    });
  }

  /** A new top institution, pending until an admin verifies it; its founder is its admin member. */
  @Handles(institutionRoutes.onboard)
  async onboard({ body }: RouteInput<R['onboard']>): Promise<RouteOutput<R['onboard']>> {
    const caller = currentCaller();
    const id = randomUUID();
    try {
      return await this.tenancy.forNew(id, async (tx) => {
        await this.institutions.insert(tx, {
          id,
          parentId: null,
          pathIds: [id],
          hierarchyLevel: 0,
          organizationalLevel: 1,
          levelType: 'corporation',
          name: body.name,
          subdomain: body.subdomain,
          contactEmail: body.contact_email,
          contactPhone: body.contact_phone ?? null,
          address: body.address ?? null,
          country: body.country ?? null,
          registrationNumber: body.registration_number ?? null,
          taxId: body.tax_id ?? null,
          createdBy: caller.userId,
        });
        const memberId = randomUUID();
        await this.members.insert(tx, {
          id: memberId,
          institutionId: id,
          userId: caller.userId,
          memberType: 'admin',
          portalRole: 'institution',
          accessLevel: 'admin',
          addedBy: caller.userId,
        });
        const fields = await institutionEventFields(this.institutions, tx, id);
        await writeEvent(tx, institutionEvents.created, { ...fields, created_by: caller.userId, created_at: new Date().toISOString() });
        await this.memberEvents.changed(tx, [memberId]);
        return institutionView(this.institutions, tx, id, { accessLevel: 'admin', viaInstitutionId: id });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw institutionErrors.subdomainTaken(await this.holderOf(body.subdomain));
      throw e;
    }
  }

  private async holderOf(subdomain: string): Promise<string> {
    return this.tenancy.asSystem(async (tx) => (await this.institutions.subdomainHolder(tx, subdomain)) ?? 'another institution');
  }

  /** The spec shows who holds a taken subdomain: its name, nothing else (the subdomains list is platform-wide on purpose). */
  @Handles(institutionRoutes.checkSubdomain)
  async checkSubdomain({ query }: RouteInput<R['checkSubdomain']>): Promise<RouteOutput<R['checkSubdomain']>> {
    const subdomain = normalizeSubdomain(query.subdomain);
    const parsed = SubdomainSchema.safeParse(subdomain);
    if (!parsed.success)
      return { subdomain, available: false, taken_by: null, reason: parsed.error.issues[0]?.message ?? 'Invalid subdomain' };
    const takenBy = await this.tenancy.asSystem((tx) => this.institutions.subdomainHolder(tx, subdomain));
    return { subdomain, available: takenBy === null, taken_by: takenBy, reason: null };
  }

  @Handles(institutionRoutes.get)
  async get({ params }: RouteInput<R['get']>): Promise<RouteOutput<R['get']>> {
    return this.tenancy.forInstitution(params.id, 'read', (tx, access) => institutionView(this.institutions, tx, params.id, access));
  }

  @Handles(institutionRoutes.update)
  async update({ params, body }: RouteInput<R['update']>): Promise<RouteOutput<R['update']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx, access) => {
      await this.institutions.patch(tx, params.id, {
        name: body.name,
        contactEmail: body.contact_email,
        contactPhone: body.contact_phone,
        address: body.address,
        country: body.country,
        primaryColor: body.primary_color,
        secondaryColor: body.secondary_color,
        customText: body.custom_text,
        logoUrl: body.logo_url,
        inheritBranding: body.inherit_branding,
      });
      if (body.name !== undefined) {
        await this.institutions.patchSubdomainEntry(tx, params.id, { name: body.name });
        await writeInstitutionUpdated(this.institutions, tx, params.id);
      }
      return institutionView(this.institutions, tx, params.id, access);
    });
  }

  @Handles(institutionRoutes.logo)
  async logo({ params, query }: RouteInput<R['logo']>): Promise<RouteOutput<R['logo']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx, access) => {
      await this.institutions.patch(tx, params.id, { logoUrl: query.logo_url });
      return institutionView(this.institutions, tx, params.id, access);
    });
  }

  // ---------------------------------------------------------------- the platform admin

  @Handles(institutionRoutes.adminInstitutions)
  async adminList({ query }: RouteInput<R['adminInstitutions']>): Promise<RouteOutput<R['adminInstitutions']>> {
    return this.tenancy.asSystem(async (tx) => {
      const ids = await this.institutions.idsForPlatformAdmin(tx, query.status ?? null);
      const views = await institutionViews(this.institutions, tx, ids);
      const order = new Map(ids.map((id, i) => [id, i]));
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
      const row = await this.institutions.lock(tx, params.id);
      if (!row) throw institutionErrors.notFound();
      if (row.verificationStatus !== 'pending') throw institutionErrors.notPending();
      const settled = await this.institutions.settlePending(tx, params.id, body.status, body.notes ?? null, caller.userId);
      const ids = settled.sort((a, b) => a.hierarchy_level - b.hierarchy_level).map((r) => r.id);
      const at = new Date().toISOString();
      for (const id of ids) {
        const fields = await institutionEventFields(this.institutions, tx, id);
        await writeEvent(tx, institutionEvents.verified, {
          ...fields,
          notes: id === params.id ? (body.notes ?? null) : null,
          verified_by: caller.userId,
          verified_at: at,
          created_by: (await this.institutions.find(tx, id))!.createdBy,
        });
      }
      await this.delivery.releaseHeld(tx, ids, body.status === 'verified');
      return institutionView(this.institutions, tx, params.id);
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
      const portal = portalBranding(await this.institutions.lineageBySubdomain(tx, subdomain));
      if (!portal) throw institutionErrors.portalNotFound();
      return portal;
    });
  }

  /** Institution's part of "Download my data": the institutions the person founded and their memberships. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    return this.tenancy.asSystem(async (tx) => ({
      institutions_founded: await this.institutions.founded(tx, userId),
      memberships: await this.institutions.membershipsOf(tx, userId),
    }));
  }
}
