import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RpcClient } from '@lp/bus';
import { catalogInternal, institutionInternal, institutionRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { z } from 'zod';
import { currentCaller, Handles, HandlesInternal } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { memberTypesFor } from '../api-keys/key-scope.js';
import { InstitutionsRepository } from '../institutions/institutions.repository.js';
import { InvitationDelivery } from '../invitations/invitation-delivery.js';
import { toMember } from './member-view.js';
import { MemberEvents } from './member-events.js';
import { memberTypeOfRole } from './member-roles.js';
import { MembersRepository } from './members.repository.js';
import type { MemberEntity } from '../../entities/member.entity.js';

type R = typeof institutionRoutes;

/** Members of an institution: students, faculty and the admins of its portal. People join by invitation (modules/invitations). */
@Injectable()
export class MembersService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
    @Inject(MemberEvents) private readonly events: MemberEvents,
    @Inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
  ) {}

  @Handles(institutionRoutes.listMembers)
  async list({ params, query }: RouteInput<R['listMembers']>): Promise<RouteOutput<R['listMembers']>> {
    const types = memberTypesFor(currentCaller(), query.member_type);
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const page = await this.members.page(tx, {
        institutionId: params.id,
        types,
        search: query.search,
        limit: query.limit,
        offset: query.offset,
      });
      return { members: page.rows.map(toMember), total: page.total };
    });
  }

  @Handles(institutionRoutes.updateMember)
  async update({ params, body }: RouteInput<R['updateMember']>): Promise<RouteOutput<R['updateMember']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      if (!(await this.members.update(tx, params.id, params.memberId, { notes: body.notes }))) throw institutionErrors.memberNotFound();
      return toMember((await this.members.view(tx, params.id, params.memberId))!);
    });
  }

  @Handles(institutionRoutes.memberStatus)
  async status({ params, body }: RouteInput<R['memberStatus']>): Promise<RouteOutput<R['memberStatus']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const m = await this.lockOther(tx, params.id, params.memberId);
      await this.members.update(tx, params.id, m.id, { isSuspended: body.is_suspended });
      await this.events.changed(tx, [params.memberId]);
      return toMember((await this.members.view(tx, params.id, params.memberId))!);
    });
  }

  @Handles(institutionRoutes.removeMember)
  async remove({ params }: RouteInput<R['removeMember']>): Promise<RouteOutput<R['removeMember']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const m = await this.lockOther(tx, params.id, params.memberId);
      await this.members.delete(tx, params.memberId);
      await this.events.removed(tx, { id: params.memberId, institutionId: params.id, userId: m.userId });
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
      const rows = await this.members.portalGrants(tx, params.id);
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
        const inst = await this.institutions.find(tx, req.institution_id);
        const memberType = memberTypeOfRole(req.portal_role);
        const ids = await this.members.idsByEmail(tx, req.institution_id, req.email);
        if (ids.length) {
          await this.members.applyGrant(tx, ids, {
            memberType,
            portalRole: req.portal_role,
            accessLevel: req.access_level,
            permissions: req.permissions,
          });
          await this.events.changed(tx, ids);
          return { outcome: 'updated' as const, institution_name: inst!.name };
        }
        await this.delivery.invite(tx, req.institution_id, req.granted_by, [
          {
            email: req.email,
            name: null,
            memberType,
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
      const m = await this.members.find(tx, params.id, body.member_id);
      if (!m || m.isSuspended) throw institutionErrors.memberNotFound();
      return m.userId;
    });
    const reply = await this.rpc.request<z.infer<typeof catalogInternal.enrollMembers.response>>(catalogInternal.enrollMembers.subject, {
      institution_id: params.id,
      course_id: body.course_id,
      user_ids: [userId],
    });
    const e = reply.enrollments[0]!;
    return { enrollment_id: e.enrollment_id, created: e.created };
  }

  /** The member row, locked; nobody suspends or removes themselves. */
  private async lockOther(tx: EntityManager, institutionId: string, memberId: string): Promise<MemberEntity> {
    const m = await this.members.lock(tx, institutionId, memberId);
    if (!m) throw institutionErrors.memberNotFound();
    if (m.userId === currentCaller().userId) throw institutionErrors.cannotRemoveSelf();
    return m;
  }
}
