import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RpcClient } from '@lp/bus';
import {
  catalogInternal,
  identityInternal,
  institutionInternal,
  institutionRoutes,
  type MemberType,
  type PortalRole,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import type { z } from 'zod';
import { currentCaller, Handles, HandlesInternal } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { memberTypesFor } from '../api-keys/key-scope.js';
import { memberPage, memberView } from './member-view.js';
import { writeMemberRemoved, writeMembersChanged } from './member-events.js';

type R = typeof institutionRoutes;
type Accounts = z.infer<typeof identityInternal.ensureMemberAccounts.response>;

/** the portal role a member type enters with; a grant's role decides the type the other way round */
export const PORTAL_ROLE_OF: Record<MemberType, PortalRole> = { student: 'learner', faculty: 'instructor', admin: 'institution' };
export const memberTypeOfRole = (role: PortalRole): MemberType => (role === 'institution' ? 'admin' : role === 'learner' ? 'student' : 'faculty');

/** Members of an institution: students, faculty and the admins of its portal. */
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

  /**
   * Adds a student or faculty member. The account is found (or, with create_account, made) by
   * identity before the transaction; the users read model learns the person at once, so the
   * answer names them even before identity's event arrives.
   */
  @Handles(institutionRoutes.addMember)
  async add({ params, body }: RouteInput<R['addMember']>): Promise<RouteOutput<R['addMember']>> {
    // the access check first: an outsider must not make accounts through another tenant's id
    await this.tenancy.forInstitution(params.id, 'write', async () => undefined);
    const accounts = await this.rpc.request<Accounts>(identityInternal.ensureMemberAccounts.subject, {
      people: [{ email: body.email, name: body.name ?? null }],
      create: body.create_account,
    });
    const user = accounts.accounts[0]?.user;
    if (!user) throw institutionErrors.userNotFound();
    const caller = currentCaller();
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      await rememberUser(tx, user);
      const id = randomUUID();
      const inserted = (await tx.query(
        `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, notes, added_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
        [id, params.id, user.id, body.member_type, PORTAL_ROLE_OF[body.member_type], body.notes ?? null, caller.userId],
      )) as unknown[];
      if (!inserted.length) throw institutionErrors.alreadyMember();
      await writeMembersChanged(tx, [id]);
      return (await memberView(tx, params.id, id))!;
    });
  }

  @Handles(institutionRoutes.updateMember)
  async update({ params, body }: RouteInput<R['updateMember']>): Promise<RouteOutput<R['updateMember']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const r = (await tx.query(`UPDATE members SET notes = $3, updated_at = now() WHERE institution_id = $1 AND id = $2 RETURNING id`, [params.id, params.memberId, body.notes])) as [unknown[], number];
      if (!affected(r)) throw institutionErrors.memberNotFound();
      return (await memberView(tx, params.id, params.memberId))!;
    });
  }

  @Handles(institutionRoutes.memberStatus)
  async status({ params, body }: RouteInput<R['memberStatus']>): Promise<RouteOutput<R['memberStatus']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const m = await this.lockMember(tx, params.id, params.memberId);
      if (m.userId === currentCaller().userId) throw institutionErrors.cannotRemoveSelf();
      await tx.query(`UPDATE members SET is_suspended = $3, updated_at = now() WHERE institution_id = $1 AND id = $2`, [params.id, params.memberId, body.is_suspended]);
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
   * institution or an ancestor (admin level); the person becomes (or is updated as) a member
   * whose portal has the granted role, access level and permissions.
   */
  @HandlesInternal(institutionInternal.grantAccess)
  async grant(req: z.infer<typeof institutionInternal.grantAccess.request>): Promise<z.infer<typeof institutionInternal.grantAccess.response>> {
    return this.tenancy.forInstitution(
      req.institution_id,
      'admin',
      async (tx) => {
        const [row] = (await tx.query(
          `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, access_level, permissions, added_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
           ON CONFLICT (institution_id, user_id) DO UPDATE
             SET member_type = EXCLUDED.member_type, portal_role = EXCLUDED.portal_role, access_level = EXCLUDED.access_level,
                 permissions = EXCLUDED.permissions, is_suspended = false, updated_at = now()
           RETURNING id, (SELECT name FROM institutions WHERE id = $2) AS institution_name`,
          [randomUUID(), req.institution_id, req.user_id, memberTypeOfRole(req.portal_role), req.portal_role, req.access_level, JSON.stringify(req.permissions), req.granted_by],
        )) as { id: string; institution_name: string }[];
        await writeMembersChanged(tx, [row!.id]);
        return { member_id: row!.id, institution_name: row!.institution_name };
      },
      req.granted_by,
    );
  }

  /** Enrolls a member in one of the institution's courses, free (catalog checks the course is the institution's). */
  @Handles(institutionRoutes.enrollMember)
  async enroll({ params, body }: RouteInput<R['enrollMember']>): Promise<RouteOutput<R['enrollMember']>> {
    const userId = await this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const [m] = (await tx.query(`SELECT user_id FROM members WHERE institution_id = $1 AND id = $2 AND NOT is_suspended`, [params.id, body.member_id])) as { user_id: string }[];
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
    const [m] = (await tx.query(`SELECT user_id FROM members WHERE institution_id = $1 AND id = $2 FOR UPDATE`, [institutionId, memberId])) as { user_id: string }[];
    if (!m) throw institutionErrors.memberNotFound();
    return { userId: m.user_id };
  }
}

/** the person as identity answered, so this transaction's answer can name them */
async function rememberUser(tx: EntityManager, u: { id: string; name: string; email: string; role: string }): Promise<void> {
  await tx.query(`INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [u.id, u.name, u.email, u.role]);
}

const affected = (r: unknown): number => (Array.isArray(r) && typeof r[1] === 'number' ? r[1] : Array.isArray(r) ? (r[0] as unknown[]).length : 0);
