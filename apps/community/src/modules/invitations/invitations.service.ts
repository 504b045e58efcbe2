import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { communityEvents, communityRoutes, INVITATION_TTL_DAYS, type Invitation, type RouteInput, type RouteOutput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, ENV, Handles, UnitOfWork, currentCaller, epochSeconds, iso, isoOrNull, isWeakSecret } from '@lp/service-kit';
import type { CommunityEnv } from '../../config/community-env.js';
import type { GroupInvitationEntity } from '../../entities/group-invitation.entity.js';
import type { StudyGroupEntity } from '../../entities/study-group.entity.js';
import { invitationLiftsRemoval } from '../groups/ban-rules.js';
import { BansRepository } from '../groups/bans.repository.js';
import { GroupAccess } from '../groups/group-access.js';
import { groupErrors } from '../groups/group-errors.js';
import { GroupsRepository } from '../groups/groups.repository.js';
import { MembersRepository } from '../groups/members.repository.js';
import { Membership } from '../groups/membership.js';
import { People } from '../groups/people.js';
import { invitationExpiry, isExpired, renewedExpiry } from './invitation-expiry.js';
import { signInvitation, verifyInvitation } from './invitation-token.js';
import { InvitationsRepository } from './invitations.repository.js';

type R = typeof communityRoutes;

/**
 * Invitations by e-mail. The creator and moderators send, list and resend them; the link
 * (signed, valid INVITATION_TTL_DAYS after its sending) is public to look at and needs a
 * sign-in to accept or decline. Accepting joins the group even when it is private.
 *
 * Inviting an e-mail that already holds a pending invitation to the group resends that one
 * (a fresh link, the old ones stop working) instead of refusing: the inviter wants the
 * person to get a working link either way.
 */
@Injectable()
export class InvitationsService implements OnModuleInit {
  constructor(
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BansRepository) private readonly bans: BansRepository,
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(Membership) private readonly membership: Membership,
    @Inject(People) private readonly people: People,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: CommunityEnv,
  ) {}

  /** Invitation links let people into private groups: production refuses the development secret or a placeholder. */
  onModuleInit(): void {
    if (this.env.NODE_ENV === 'production' && isWeakSecret(this.env.INVITATION_SECRET)) {
      throw new Error(
        'Invalid configuration:\n  INVITATION_SECRET: must be set in production to a random value of at least 32 characters (not a placeholder)',
      );
    }
  }

  @Handles(communityRoutes.sendInvitation)
  async send({ params, body }: RouteInput<R['sendInvitation']>): Promise<RouteOutput<R['sendInvitation']>> {
    const caller = currentCaller();
    const { group } = await this.access.manager(params.id, caller, 'send invitations');
    for (const u of await this.people.byEmail(body.email)) {
      if (await this.members.find(group.id, u.id)) throw groupErrors.inviteeAlreadyMember();
    }
    const id = await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const expiresAt = invitationExpiry(now);
      const message = body.message || null;
      const created = await this.invitations.insertPending(
        tx,
        { groupId: group.id, email: body.email, message, invitedBy: caller.userId, expiresAt },
        now,
      );
      if (created) {
        await this.announce(tx, (await this.invitations.find(created, tx))!, group);
        return created;
      }
      const pending = await this.invitations.lockPending(tx, group.id, body.email);
      // answered between the insert and the lock: the next call inserts a new one
      if (!pending) throw groupErrors.invitationNotPending('answered');
      await this.invitations.resend(tx, pending.id, renewedExpiry(pending.expiresAt, now), message, now);
      await this.announce(tx, (await this.invitations.find(pending.id, tx))!, group);
      return pending.id;
    });
    return this.sentReply(id, 'Invitation sent');
  }

  /** Every invitation of the group, the most recent first (the members panel shows the first 5). */
  @Handles(communityRoutes.listInvitations)
  async list({ params }: RouteInput<R['listInvitations']>): Promise<Invitation[]> {
    const { group } = await this.access.manager(params.id, currentCaller(), 'see invitations');
    const rows = await this.invitations.listForGroup(group.id, this.env.ITEM_LIST_LIMIT);
    const names = await this.people.names(rows.map((i) => i.invitedBy));
    return rows.map((i) => this.toInvitation(i, names(i.invitedBy)));
  }

  /** Only a pending invitation is resent: a fresh 7-day link, the old one stops working. */
  @Handles(communityRoutes.resendInvitation)
  async resend({ params }: RouteInput<R['resendInvitation']>): Promise<RouteOutput<R['resendInvitation']>> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const inv = await this.invitations.lock(tx, params.id);
      if (!inv) throw groupErrors.invitationIdNotFound();
      const { group } = await this.access.manager(inv.groupId, caller, 'resend invitations', tx);
      if (inv.status !== 'pending') throw groupErrors.invitationNotPending(inv.status);
      const now = this.clock.now();
      await this.invitations.resend(tx, inv.id, renewedExpiry(inv.expiresAt, now), undefined, now);
      await this.announce(tx, (await this.invitations.find(inv.id, tx))!, group);
    });
    return this.sentReply(params.id, 'Invitation resent');
  }

  /** What the link's page shows before anyone signs in; an expired or answered link says so (no error). */
  @Handles(communityRoutes.invitationPreview)
  async preview({ params }: RouteInput<R['invitationPreview']>): Promise<RouteOutput<R['invitationPreview']>> {
    const inv = await this.byToken(params.token);
    const group = await this.groups.find(inv.groupId);
    if (!group) throw groupErrors.invitationNotFound();
    return {
      id: inv.id,
      email: inv.email,
      status: inv.status,
      expired: this.expired(inv),
      expires_at: iso(inv.expiresAt),
      message: inv.message,
      invited_by_name: await this.people.name(inv.invitedBy),
      group: {
        id: group.id,
        name: group.name,
        description: group.description,
        category: group.category,
        privacy: group.privacy,
        member_count: group.memberCount,
        max_members: group.maxMembers,
      },
    };
  }

  /**
   * The signed-in holder of the link joins the group, private or not; not when it is full or
   * the link expired. A person removed from the group comes back only with an invitation sent
   * (or resent) after the removal, and accepting it lifts the removal (lifted by whoever
   * invited); a suspension holds on. The group's row is locked before the invitation's, the
   * order joins take too.
   */
  @Handles(communityRoutes.acceptInvitation)
  async accept({ params }: RouteInput<R['acceptInvitation']>): Promise<RouteOutput<R['acceptInvitation']>> {
    const caller = currentCaller();
    const { id, groupId } = await this.byToken(params.token);
    await this.membership.guard(() =>
      this.uow.run(async (tx) => {
        const now = this.clock.now();
        if (!(await this.groups.lock(tx, groupId))) throw groupErrors.invitationNotFound();
        const inv = await this.answerable(tx, id, params.token);
        if (await this.members.find(inv.groupId, caller.userId, tx)) throw groupErrors.alreadyMember();
        const removal = await this.bans.active(inv.groupId, caller.userId, 'removed', tx);
        if (removal && !invitationLiftsRemoval(inv.sentAt, removal.bannedAt)) throw groupErrors.removed();
        await this.invitations.respond(tx, inv.id, 'accepted', caller.userId, now);
        if (removal) await this.bans.lift(tx, removal.id, inv.invitedBy, 'invitation', inv.id, now);
        await this.membership.admit(tx, inv.groupId, [{ userId: caller.userId, role: 'member' }], 'invitation', now);
      }),
    );
    const group = await this.groups.find(groupId);
    return { message: `You joined ${group?.name ?? 'the group'}`, group_id: groupId, status: 'accepted' };
  }

  @Handles(communityRoutes.declineInvitation)
  async decline({ params }: RouteInput<R['declineInvitation']>): Promise<RouteOutput<R['declineInvitation']>> {
    const caller = currentCaller();
    const { id } = await this.byToken(params.token);
    const groupId = await this.uow.run(async (tx) => {
      const inv = await this.answerable(tx, id, params.token);
      await this.invitations.respond(tx, inv.id, 'declined', caller.userId, this.clock.now());
      return inv.groupId;
    });
    return { message: 'Invitation declined', group_id: groupId, status: 'declined' };
  }

  /** The invitation a token names, when its signature holds and it is the invitation's current link (404 otherwise). */
  private async byToken(token: string, tx?: EntityManager): Promise<GroupInvitationEntity> {
    const claim = verifyInvitation(token, this.env.INVITATION_SECRET);
    if (!claim) throw groupErrors.invitationNotFound();
    const inv = await this.invitations.find(claim.id, tx);
    // a resend moved expires_at: the links sent before it no longer name the invitation
    if (!inv || epochSeconds(inv.expiresAt) !== claim.expiresAtSeconds) throw groupErrors.invitationNotFound();
    return inv;
  }

  /** The invitation locked for an answer: the link still current, pending, not expired (checked in this order). */
  private async answerable(tx: EntityManager, id: string, token: string): Promise<GroupInvitationEntity> {
    const inv = await this.invitations.lock(tx, id);
    if (!inv || signInvitation(inv.id, inv.expiresAt, this.env.INVITATION_SECRET) !== token) throw groupErrors.invitationNotFound();
    if (inv.status !== 'pending') throw groupErrors.invitationNotPending(inv.status);
    if (this.expired(inv)) throw groupErrors.invitationExpired();
    return inv;
  }

  private expired(inv: GroupInvitationEntity): boolean {
    return isExpired(inv.expiresAt, this.clock.now());
  }

  private link(inv: GroupInvitationEntity): string {
    return `${this.env.PUBLIC_URL}/community/invitations/${signInvitation(inv.id, inv.expiresAt, this.env.INVITATION_SECRET)}`;
  }

  /** community.invitation.sent, in the sending's transaction: community's own consumer has the worker e-mail it. */
  private async announce(tx: EntityManager, inv: GroupInvitationEntity, group: StudyGroupEntity): Promise<void> {
    await writeEvent(tx, communityEvents.invitationSent, {
      v: 1,
      invitation_id: inv.id,
      sending: inv.sending,
      group_id: group.id,
      group_name: group.name,
      email: inv.email,
      invited_by_name: await this.people.name(inv.invitedBy, tx),
      message: inv.message,
      link: this.link(inv),
      expires_at: iso(inv.expiresAt),
    });
  }

  private async sentReply(id: string, message: string): Promise<RouteOutput<R['sendInvitation']>> {
    const inv = (await this.invitations.find(id))!;
    return {
      message,
      invitation: this.toInvitation(inv, await this.people.name(inv.invitedBy)),
      invitation_link: this.link(inv),
      expires_in_days: INVITATION_TTL_DAYS,
    };
  }

  private toInvitation(i: GroupInvitationEntity, invitedByName: string): Invitation {
    return {
      id: i.id,
      email: i.email,
      status: i.status,
      message: i.message,
      invited_by_name: invitedByName,
      created_at: iso(i.createdAt),
      expires_at: iso(i.expiresAt),
      expired: i.status === 'pending' && this.expired(i),
      responded_at: isoOrNull(i.respondedAt),
    };
  }
}
