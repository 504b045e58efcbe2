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
import { currentCaller, Handles, LOGGER, queryRows, UsersReadModel, type Logger } from '@lp/service-kit';
import { institutionErrors } from '../../common/institution-errors.js';
import { Tenancy } from '../../common/tenancy.js';
import { PORTAL_ROLE_OF } from '../members/members.service.js';
import { writeMemberRemoved, writeMembersChanged } from '../members/member-events.js';
import { invite } from './invitation-sql.js';
import { invitationList, myInvitationList, myMembershipList } from './invitation-view.js';

// raw-sql: institution has no repository layer yet (issue 25 item 2 moves the whole service onto one); these statements run in Tenancy's transaction, under its row-level security, as the rest of the service's do

type R = typeof institutionRoutes;

interface OpenInvitation {
  id: string;
  institution_id: string;
  member_type: 'student' | 'faculty' | 'admin';
  portal_role: string;
  access_level: string;
  permissions: string[];
  notes: string | null;
  course_id: string | null;
  import_id: string | null;
  invited_by: string | null;
}

/**
 * Membership by consent (issue 24, item 3). An institution never makes another account its
 * member: it invites an e-mail, and only the account with that e-mail, signed in as itself,
 * turns the invitation into a membership (or declines it); a member may leave on their own.
 * The admin's answer is the same whatever the e-mail (no account-existence oracle), and an
 * unverified institution's invitations are held: nothing reaches anyone until verification
 * delivers them (invitation-sql.ts).
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UsersReadModel) private readonly users: UsersReadModel,
    @Inject(LOGGER) private readonly log: Logger,
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
      invite(tx, params.id, caller.userId, [
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
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => ({ invitations: await invitationList(tx, params.id) }));
  }

  @Handles(institutionRoutes.revokeInvitation)
  async revoke({ params }: RouteInput<R['revokeInvitation']>): Promise<RouteOutput<R['revokeInvitation']>> {
    return this.tenancy.forInstitution(params.id, 'write', async (tx) => {
      const gone = await queryRows<{ id: string }>(
        tx,
        `UPDATE invitations SET status = 'revoked', responded_at = now(), updated_at = now()
          WHERE institution_id = $1 AND id = $2 AND status IN ('held', 'pending') RETURNING id`,
        [params.id, params.invitationId],
      );
      if (!gone.length) throw institutionErrors.invitationNotFound();
      return { message: 'Invitation withdrawn' };
    });
  }

  // ---------------------------------------------------------------- the invitee's side

  @Handles(institutionRoutes.myInvitations)
  async mine(): Promise<RouteOutput<R['myInvitations']>> {
    const email = await this.callerEmail();
    if (!email) return { invitations: [] };
    return this.tenancy.forInvitee(email, async (tx) => ({ invitations: await myInvitationList(tx, email) }));
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
      const [inv] = await queryRows<OpenInvitation>(
        tx,
        `SELECT id, institution_id, member_type, portal_role, access_level, permissions, notes, course_id, import_id, invited_by FROM invitations
          WHERE id = $1 AND email = $2 AND status = 'pending' AND expires_at > now() FOR UPDATE`,
        [params.invitationId, email],
      );
      if (!inv) throw institutionErrors.invitationNotFound();
      await open(inv.institution_id);
      const [made] = await queryRows<{ id: string }>(
        tx,
        `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, access_level, permissions, notes, added_by, import_id)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)
         ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
        [
          inv.institution_id,
          caller.userId,
          inv.member_type,
          inv.portal_role,
          inv.access_level,
          JSON.stringify(inv.permissions),
          inv.notes,
          inv.invited_by,
          inv.import_id,
        ],
      );
      await tx.query(`UPDATE invitations SET status = 'accepted', user_id = $2, responded_at = now(), updated_at = now() WHERE id = $1`, [
        inv.id,
        caller.userId,
      ]);
      // already a member (joined another way meanwhile): the invitation is spent, the membership stays as it is
      if (made) await writeMembersChanged(tx, [made.id]);
      const [membership] = await myMembershipList(tx, caller.userId, inv.institution_id);
      return { membership: membership!, courseId: made ? inv.course_id : null };
    });
    if (courseId) await this.enroll(membership.institution_id, courseId, caller.userId);
    return membership;
  }

  @Handles(institutionRoutes.declineInvitation)
  async decline({ params }: RouteInput<R['declineInvitation']>): Promise<RouteOutput<R['declineInvitation']>> {
    const email = await this.callerEmail();
    if (!email) throw institutionErrors.invitationNotFound();
    return this.tenancy.forInvitee(email, async (tx) => {
      const done = await queryRows<{ id: string }>(
        tx,
        `UPDATE invitations SET status = 'declined', responded_at = now(), updated_at = now()
          WHERE id = $1 AND email = $2 AND status = 'pending' AND expires_at > now() RETURNING id`,
        [params.invitationId, email],
      );
      if (!done.length) throw institutionErrors.invitationNotFound();
      return { message: 'Invitation declined' };
    });
  }

  @Handles(institutionRoutes.myMemberships)
  async memberships(): Promise<RouteOutput<R['myMemberships']>> {
    const caller = currentCaller();
    return this.tenancy.forInvitee(null, async (tx) => ({ memberships: await myMembershipList(tx, caller.userId) }));
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
      const [m] = await queryRows<{ id: string; member_type: string }>(
        tx,
        `SELECT id, member_type FROM members WHERE user_id = $1 AND institution_id = $2 FOR UPDATE`,
        [caller.userId, params.institutionId],
      );
      if (!m) throw institutionErrors.memberNotFound();
      if (m.member_type === 'admin') {
        await open(params.institutionId);
        const [top] = await queryRows<{ others: number; is_top: boolean }>(
          tx,
          `SELECT (SELECT count(*) FROM members WHERE institution_id = i.id AND member_type = 'admin' AND NOT is_suspended AND user_id <> $2) AS others,
                  i.parent_id IS NULL AS is_top
             FROM institutions i WHERE i.id = $1`,
          [params.institutionId, caller.userId],
        );
        if (top?.is_top && Number(top.others) === 0) throw institutionErrors.lastAdmin();
      }
      await tx.query(`DELETE FROM members WHERE id = $1`, [m.id]);
      await writeMemberRemoved(tx, { id: m.id, institutionId: params.institutionId, userId: caller.userId });
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
