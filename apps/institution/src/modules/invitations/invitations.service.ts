import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { confirmWithOwner, RpcClient } from '@lp/bus';
import {
  catalogInternal,
  identityInternal,
  institutionRoutes,
  MEMBER_INVITED_MESSAGE,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { randomUUID } from 'node:crypto';
import { currentCaller, Handles, LOGGER, UsersReadModel, type Logger } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { PORTAL_ROLE_OF } from '../members/member-roles.js';
import { MemberEvents } from '../members/member-events.js';
import { MembersRepository } from '../members/members.repository.js';
import { InvitationDelivery } from './invitation-delivery.js';
import { InstitutionsRepository } from '../institutions/institutions.repository.js';
import { isLastAdminOfTop } from './invitation-rules.js';
import { InvitationsRepository } from './invitations.repository.js';
import { toInvitation, toMyInvitation, toMyMembership } from './invitation-view.js';

type R = typeof institutionRoutes;

/**
 * Membership by consent (issue 24, item 3). An institution never makes another account its
 * member: it invites an e-mail, and only the account with that e-mail, signed in as itself,
 * turns the invitation into a membership (or declines it); a member may leave on their own.
 * The admin's answer is the same whatever the e-mail (no account-existence oracle), and an
 * unverified institution's invitations are held: nothing reaches anyone until verification
 * delivers them (invitation-delivery.ts).
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
    @Inject(MemberEvents) private readonly memberEvents: MemberEvents,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
  ) {}

  /**
   * POST /institutions/{id}/members: an invitation, never a member, and one answer for every
   * e-mail. Identity is not asked here at all (the time taken says nothing either): whether an
   * account exists matters only on delivery, where identity makes one for create_account.
   */
  @Handles(institutionRoutes.addMember)
  async add({ params, body }: RouteInput<R['addMember']>): Promise<RouteOutput<R['addMember']>> {
    const caller = currentCaller();
    await this.tenancy.forInstitution(params.id, 'write', (tx) =>
      this.delivery.invite(tx, params.id, caller.userId, [
        {
          email: body.email,
          name: body.name ?? null,
          memberType: body.member_type,
          portalRole: PORTAL_ROLE_OF[body.member_type],
          createAccount: body.create_account,
          notes: body.notes ?? null,
        },
      ]),
    );
    return { status: 'invited', email: body.email, member_type: body.member_type, message: MEMBER_INVITED_MESSAGE };
  }

  @Handles(institutionRoutes.listInvitations)
  async list({ params }: RouteInput<R['listInvitations']>): Promise<RouteOutput<R['listInvitations']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => ({
      invitations: (await this.invitations.list(tx, params.id)).map(toInvitation),
    }));
  }

  @Handles(institutionRoutes.revokeInvitation)
  async revoke({ params }: RouteInput<R['revokeInvitation']>): Promise<RouteOutput<R['revokeInvitation']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      if (!(await this.invitations.revoke(tx, params.id, params.invitationId))) throw institutionErrors.invitationNotFound();
      return { message: 'Invitation withdrawn' };
    });
  }

  // ---------------------------------------------------------------- the invitee's side

  @Handles(institutionRoutes.myInvitations)
  async mine(): Promise<RouteOutput<R['myInvitations']>> {
    const email = await this.callerEmail();
    if (!email) return { invitations: [] };
    return this.tenancy.forInvitee(email, async (tx) => ({
      invitations: (await this.invitations.openFor(tx, email)).map(toMyInvitation),
    }));
  }

  /**
   * Only the invitee's own session accepts: the invitation must be addressed to the caller's
   * account e-mail (row-level security shows no other), delivered, unexpired. The member row
   * and its event (identity's portal) are written in the same transaction; a bulk import's
   * course enrollment follows, asked of catalog once the membership is committed.
   */
  @Handles(institutionRoutes.acceptInvitation)
  async accept({ params }: RouteInput<R['acceptInvitation']>): Promise<RouteOutput<R['acceptInvitation']>> {
    const caller = currentCaller();
    const email = await this.callerEmail();
    if (!email) throw institutionErrors.invitationNotFound();
    const { membership, courseId } = await this.tenancy.forInvitee(email, async (tx, open) => {
      const inv = await this.invitations.lockDelivered(tx, params.invitationId, email);
      if (!inv) throw institutionErrors.invitationNotFound();
      await open(inv.institutionId);
      const made = await this.members.insertIfAbsent(tx, {
        id: randomUUID(),
        institutionId: inv.institutionId,
        userId: caller.userId,
        memberType: inv.memberType,
        portalRole: inv.portalRole,
        accessLevel: inv.accessLevel,
        permissions: inv.permissions,
        notes: inv.notes,
        addedBy: inv.invitedBy,
        importId: inv.importId,
      });
      await this.invitations.markAccepted(tx, inv.id, caller.userId);
      // already a member (joined another way meanwhile): the invitation is spent, the membership stays as it is
      if (made) await this.memberEvents.changed(tx, [made]);
      const [membership] = await this.invitations.membershipsOf(tx, caller.userId, inv.institutionId);
      return { membership: toMyMembership(membership!), courseId: made ? inv.courseId : null };
    });
    if (courseId) await this.enroll(membership.institution_id, courseId, caller.userId);
    return membership;
  }

  @Handles(institutionRoutes.declineInvitation)
  async decline({ params }: RouteInput<R['declineInvitation']>): Promise<RouteOutput<R['declineInvitation']>> {
    const email = await this.callerEmail();
    if (!email) throw institutionErrors.invitationNotFound();
    return this.tenancy.forInvitee(email, async (tx) => {
      if (!(await this.invitations.decline(tx, params.invitationId, email))) throw institutionErrors.invitationNotFound();
      return { message: 'Invitation declined' };
    });
  }

  @Handles(institutionRoutes.myMemberships)
  async memberships(): Promise<RouteOutput<R['myMemberships']>> {
    const caller = currentCaller();
    return this.tenancy.forInvitee(null, async (tx) => ({
      memberships: (await this.invitations.membershipsOf(tx, caller.userId)).map(toMyMembership),
    }));
  }

  /**
   * Leaving is the member's own removal: the member row goes and institution.member.removed
   * ends that portal (and only that portal's sessions) in identity. The last admin of a top
   * institution stays (nobody could run it after them); a subsidiary's admin may leave, its
   * ancestors' admins still run it.
   */
  @Handles(institutionRoutes.leaveInstitution)
  async leave({ params }: RouteInput<R['leaveInstitution']>): Promise<RouteOutput<R['leaveInstitution']>> {
    const caller = currentCaller();
    return this.tenancy.forInvitee(null, async (tx, open) => {
      const m = await this.members.lockOwn(tx, caller.userId, params.institutionId);
      if (!m) throw institutionErrors.memberNotFound();
      if (m.memberType === 'admin') {
        await open(params.institutionId);
        const inst = await this.institutions.find(tx, params.institutionId);
        const others = await this.members.otherActiveAdmins(tx, params.institutionId, caller.userId);
        if (inst && isLastAdminOfTop(inst.parentId === null, others)) throw institutionErrors.lastAdmin();
      }
      await this.members.delete(tx, m.id);
      await this.memberEvents.removed(tx, { id: m.id, institutionId: params.institutionId, userId: caller.userId });
      return { message: 'You left the institution' };
    });
  }

  /**
   * The caller's account e-mail: the users read model first; a person who registered a moment
   * ago may not be in it yet, so identity is asked on a miss (read your own writes).
   */
  private async callerEmail(): Promise<string | null> {
    const userId = currentCaller().userId;
    const email = await confirmWithOwner<string>({
      what: `account e-mail of ${userId}`,
      local: async () => {
        const u = await this.users.find(userId);
        return u && !u.deleted && u.email ? u.email : null;
      },
      owner: async () =>
        (
          await this.rpc.request<z.infer<typeof identityInternal.accountEmail.response>>(identityInternal.accountEmail.subject, {
            user_id: userId,
          })
        ).email,
      log: this.log,
    });
    return email?.toLowerCase() ?? null;
  }

  private async enroll(institutionId: string, courseId: string, userId: string): Promise<void> {
    try {
      await this.rpc.request(catalogInternal.enrollMembers.subject, {
        institution_id: institutionId,
        course_id: courseId,
        user_ids: [userId],
      });
    } catch (e) {
      // the membership stands; the admin can enroll them from the dashboard
      this.log.warn({ err: e, institutionId, courseId, userId }, "could not enroll an accepted invitee in their import's course");
    }
  }
}
