import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RpcClient } from '@lp/bus';
import {
  catalogInternal,
  institutionInternal,
  institutionRoutes,
  type MemberType,
  type PortalRole,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import type { z } from 'zod';
import { currentCaller, Handles, HandlesInternal, queryRows } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { memberTypesFor } from '../api-keys/key-scope.js';
import { memberPage, memberView } from './member-view.js';
import { writeMemberRemoved, writeMembersChanged } from './member-events.js';
import { invite } from '../invitations/invitation-sql.js';

// raw-sql: institution has no repository layer yet (issue 25 item 2 moves the whole service onto one); these statements run in Tenancy's transaction, under its row-level security, as the rest of the service's do

type R = typeof institutionRoutes;

/** the portal role a member type enters with; a grant's role decides the type the other way round */
export const PORTAL_ROLE_OF: Record<MemberType, PortalRole> = { student: 'learner', faculty: 'instructor', admin: 'institution' };
export const memberTypeOfRole = (role: PortalRole): MemberType =>
  role === 'institution' ? 'admin' : role === 'learner' ? 'student' : 'faculty';

/** Members of an institution: students, faculty and the admins of its portal. People join by invitation (modules/invitations). */
@Injectable()
export class MembersService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(RpcClient) private readonly rpc: RpcClient,
  ) {}

  @Handles(institutionRoutes.listMembers)
  async list({ params, query }: RouteInput<R['listMembers']>): Promise<RouteOutput<R['listMembers']>> {
    const types = memberTypesFor(currentCaller(), query.member_type);
    return this.tenancy.forInstitution(params.id, 'read', (tx) =>
      memberPage(tx, { institutionId: params.id, types, search: query.search, limit: query.limit, offset: query.offset }),
    );
  }

  @Handles(institutionRoutes.updateMember)
  async update({ params, body }: RouteInput<R['updateMember']>): Promise<RouteOutput<R['updateMember']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const r = (await tx.query(`UPDATE members SET notes = $3, updated_at = now() WHERE institution_id = $1 AND id = $2 RETURNING id`, [
        params.id,
        params.memberId,
        body.notes,
      ])) as [unknown[], number];
      if (!affected(r)) throw institutionErrors.memberNotFound();
      return (await memberView(tx, params.id, params.memberId))!;
    });
  }

  @Handles(institutionRoutes.memberStatus)
  async status({ params, body }: RouteInput<R['memberStatus']>): Promise<RouteOutput<R['memberStatus']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const m = await this.lockMember(tx, params.id, params.memberId);
      if (m.userId === currentCaller().userId) throw institutionErrors.cannotRemoveSelf();
      await tx.query(`UPDATE members SET is_suspended = $3, updated_at = now() WHERE institution_id = $1 AND id = $2`, [
        params.id,
        params.memberId,
        body.is_suspended,
      ]);
      await writeMembersChanged(tx, [params.memberId]);
      return (await memberView(tx, params.id, params.memberId))!;
    });
  }

  @Handles(institutionRoutes.removeMember)
  async remove({ params }: RouteInput<R['removeMember']>): Promise<RouteOutput<R['removeMember']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const m = await this.lockMember(tx, params.id, params.memberId);
      if (m.userId === currentCaller().userId) throw institutionErrors.cannotRemoveSelf();
      await tx.query(`DELETE FROM members WHERE id = $1`, [params.memberId]);
      await writeMemberRemoved(tx, { id: params.memberId, institutionId: params.id, userId: m.userId });
      return { message: 'Member removed' };
    });
  }

  /**
   * The Portal Access tab: the people who run the portal (Institution Admins) of this
   * institution and every one below it, and anyone granted explicit permissions.
   */
  @Handles(institutionRoutes.portalAccess)
  async portalAccess({ params }: RouteInput<R['portalAccess']>): Promise<RouteOutput<R['portalAccess']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const rows = (await tx.query(
        `SELECT m.id AS member_id, m.user_id, coalesce(u.name, 'Unknown user') AS name, u.email, m.portal_role, m.access_level, m.permissions,
                m.institution_id, i.name AS institution_name, m.added_at
           FROM members m JOIN institutions i ON i.id = m.institution_id LEFT JOIN users u ON u.id = m.user_id
          WHERE $1 = ANY (i.path_ids) AND (m.member_type = 'admin' OR jsonb_array_length(m.permissions) > 0)
          ORDER BY i.hierarchy_level, i.name, m.added_at`,
        [params.id],
      )) as (Omit<RouteOutput<R['portalAccess']>['grants'][number], 'granted_at'> & { added_at: Date })[];
      return { grants: rows.map(({ added_at, ...g }) => ({ ...g, granted_at: new Date(added_at).toISOString() })) };
    });
  }

  /**
   * POST /auth/grant-subsidiary-access, forwarded by identity: the granter must administer the
   * institution or an ancestor (admin level). A person already a member of it is updated at
   * once (their portal gets the granted role, access level and permissions); anyone else is
   * invited with the grant (membership by consent, held while the institution is unverified),
   * whether or not an account has the e-mail, and the answer does not say which.
   */
  @HandlesInternal(institutionInternal.grantAccess)
  async grant(
    req: z.infer<typeof institutionInternal.grantAccess.request>,
  ): Promise<z.infer<typeof institutionInternal.grantAccess.response>> {
    return this.tenancy.forInstitution(
      req.institution_id,
      'admin',
      async (tx) => {
        const [inst] = (await tx.query(`SELECT name FROM institutions WHERE id = $1`, [req.institution_id])) as { name: string }[];
        const updated = await queryRows<{ id: string }>(
          tx,
          `UPDATE members m SET member_type = $3, portal_role = $4, access_level = $5, permissions = $6::jsonb, is_suspended = false, updated_at = now()
             FROM users u WHERE u.id = m.user_id AND m.institution_id = $1 AND lower(u.email) = $2 RETURNING m.id`,
          [
            req.institution_id,
            req.email,
            memberTypeOfRole(req.portal_role),
            req.portal_role,
            req.access_level,
            JSON.stringify(req.permissions),
          ],
        );
        const ids = updated.map((r) => r.id);
        if (ids.length) {
          await writeMembersChanged(tx, ids);
          return { outcome: 'updated' as const, institution_name: inst!.name };
        }
        await invite(tx, req.institution_id, req.granted_by, [
          {
            email: req.email,
            name: null,
            memberType: memberTypeOfRole(req.portal_role),
            portalRole: req.portal_role,
            accessLevel: req.access_level,
            permissions: req.permissions,
            createAccount: false,
          },
        ]);
        return { outcome: 'invited' as const, institution_name: inst!.name };
      },
      req.granted_by,
    );
  }

  /** Enrolls a member in one of the institution's courses, free (catalog checks the course is the institution's). */
  @Handles(institutionRoutes.enrollMember)
  async enroll({ params, body }: RouteInput<R['enrollMember']>): Promise<RouteOutput<R['enrollMember']>> {
    const userId = await this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const [m] = (await tx.query(`SELECT user_id FROM members WHERE institution_id = $1 AND id = $2 AND NOT is_suspended`, [
        params.id,
        body.member_id,
      ])) as { user_id: string }[];
      if (!m) throw institutionErrors.memberNotFound();
      return m.user_id;
    });
    const reply = await this.rpc.request<z.infer<typeof catalogInternal.enrollMembers.response>>(catalogInternal.enrollMembers.subject, {
      institution_id: params.id,
      course_id: body.course_id,
      user_ids: [userId],
    });
    const e = reply.enrollments[0]!;
    return { enrollment_id: e.enrollment_id, created: e.created };
  }

  private async lockMember(tx: EntityManager, institutionId: string, memberId: string): Promise<{ userId: string }> {
    const [m] = (await tx.query(`SELECT user_id FROM members WHERE institution_id = $1 AND id = $2 FOR UPDATE`, [
      institutionId,
      memberId,
    ])) as { user_id: string }[];
    if (!m) throw institutionErrors.memberNotFound();
    return { userId: m.user_id };
  }
}

const affected = (r: unknown): number =>
  Array.isArray(r) && typeof r[1] === 'number' ? r[1] : Array.isArray(r) ? (r[0] as unknown[]).length : 0;
