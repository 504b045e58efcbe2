import { Inject, Injectable } from '@nestjs/common';
import { communityRoutes, type RouteInput, type RouteOutput, type StudyGroup, type StudyGroupDetail } from '@lp/contracts';
import type { FileStore } from '@lp/storage';
import { Clock, Handles, LOGGER, UnitOfWork, currentCaller, isCheckViolation, type Logger } from '@lp/service-kit';
import { decideJoin } from './ban-rules.js';
import { BansRepository } from './bans.repository.js';
import { FILE_STORE } from './file-store.js';
import { GroupAccess, isManager } from './group-access.js';
import { groupErrors } from './group-errors.js';
import { GroupViews } from './group-views.js';
import { GroupsRepository } from './groups.repository.js';
import { Membership } from './membership.js';
import { People } from './people.js';

type R = typeof communityRoutes;

/** Study groups: creating, browsing, settings, deletion, joining and leaving. */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(GroupAccess) private readonly access: GroupAccess,
    @Inject(BansRepository) private readonly bans: BansRepository,
    @Inject(GroupViews) private readonly views: GroupViews,
    @Inject(Membership) private readonly membership: Membership,
    @Inject(People) private readonly people: People,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @Handles(communityRoutes.myGroups)
  async mine(): Promise<RouteOutput<R['myGroups']>> {
    const caller = currentCaller();
    const all = await this.views.render(await this.groups.ofMember(caller.userId), caller);
    return { created_groups: all.filter((g) => g.is_creator), joined_groups: all.filter((g) => !g.is_creator) };
  }

  /** Public groups, and the private ones the caller belongs to or holds a pending invitation to. */
  @Handles(communityRoutes.browseGroups)
  async browse({ query }: RouteInput<R['browseGroups']>): Promise<RouteOutput<R['browseGroups']>> {
    const caller = currentCaller();
    const { groups, total } = await this.groups.browse({
      ...query,
      userId: caller.userId,
      email: await this.people.emailOf(caller.userId),
      now: this.clock.now(),
    });
    return { groups: await this.views.render(groups, caller), total };
  }

  /** The group and its creator's membership in one transaction (member_count starts at 1). */
  @Handles(communityRoutes.createGroup)
  async create({ body }: RouteInput<R['createGroup']>): Promise<StudyGroup> {
    const caller = currentCaller();
    const group = await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const g = await this.groups.insert(
        tx,
        {
          name: body.name,
          description: body.description,
          category: body.category,
          maxMembers: body.max_members,
          privacy: body.privacy,
          creatorId: caller.userId,
          memberCount: 0,
        },
        now,
      );
      await this.membership.admit(tx, g.id, [{ userId: caller.userId, role: 'creator' }], 'created', now);
      return g;
    });
    return this.views.one((await this.groups.find(group.id))!, caller);
  }

  /**
   * A group and, for its members, its member list. A private group is shown to its members,
   * the people invited to it and admins; anyone else is told it is private (403
   * GROUP_PRIVATE, as join answers), not shown its description; a person removed from it is
   * told so (403 MEMBER_REMOVED), what join would answer them.
   */
  @Handles(communityRoutes.getGroup)
  async get({ params }: RouteInput<R['getGroup']>): Promise<StudyGroupDetail> {
    const caller = currentCaller();
    const { group, member, bans } = await this.access.load(params.id, caller);
    const view = await this.views.one(group, caller);
    if (group.privacy === 'private' && !member && !view.has_invitation && caller.role !== 'admin') {
      throw bans.has('removed') ? groupErrors.removed() : groupErrors.groupPrivate();
    }
    const members =
      member || caller.role === 'admin' ? await this.views.memberList(group.id, isManager(member) || caller.role === 'admin') : [];
    return { ...view, members };
  }

  /** The creator edits the settings; max members never below the member count (the CHECK holds it under concurrent joins too). */
  @Handles(communityRoutes.updateGroup)
  async update({ params, body }: RouteInput<R['updateGroup']>): Promise<StudyGroup> {
    const caller = currentCaller();
    try {
      await this.uow.run(async (tx) => {
        const { group } = await this.access.creator(params.id, caller, 'edit the group', tx, true);
        if (body.max_members < group.memberCount) throw groupErrors.maxBelowCount(group.memberCount);
        await this.groups.update(
          tx,
          group.id,
          { name: body.name, description: body.description, category: body.category, maxMembers: body.max_members, privacy: body.privacy },
          this.clock.now(),
        );
      });
    } catch (e) {
      if (isCheckViolation(e, 'study_groups_member_count_check'))
        throw groupErrors.maxBelowCount((await this.groups.find(params.id))?.memberCount ?? body.max_members);
      throw e;
    }
    return this.views.one((await this.groups.find(params.id))!, caller);
  }

  /** Deletes the group and everything in it (cascades); its stored files go once that committed. */
  @Handles(communityRoutes.deleteGroup)
  async delete({ params }: RouteInput<R['deleteGroup']>): Promise<RouteOutput<R['deleteGroup']>> {
    const caller = currentCaller();
    const keys = await this.uow.run(async (tx) => {
      const { group } = await this.access.creator(params.id, caller, 'delete the group', tx, true);
      const stored = await this.groups.storageKeys(tx, group.id);
      await this.groups.delete(tx, group.id);
      return stored;
    });
    await Promise.all(
      keys.map((k) =>
        this.files.remove(k).catch((e: unknown) => this.log.warn({ err: e, key: k }, 'a deleted group file stayed in storage')),
      ),
    );
    return { message: 'Study group deleted successfully' };
  }

  /**
   * Joins a public group that has room. A private group is joined with an invitation: a
   * caller holding a pending, unexpired one (by e-mail) joins and the invitation counts as
   * accepted; anyone else gets 403 GROUP_PRIVATE. A removed person is refused (403
   * MEMBER_REMOVED) unless they hold such an invitation sent after the removal, which then
   * lifts the removal (lifted by whoever invited). A suspended person joins and stays
   * suspended. The group's row is locked first, as every ban write locks it first, so a
   * join cannot slip past a removal being written.
   */
  @Handles(communityRoutes.joinGroup)
  async join({ params }: RouteInput<R['joinGroup']>): Promise<RouteOutput<R['joinGroup']>> {
    const caller = currentCaller();
    const email = await this.people.emailOf(caller.userId);
    await this.membership.guard(() =>
      this.uow.run(async (tx) => {
        const now = this.clock.now();
        const { group, member } = await this.access.load(params.id, caller, tx, true);
        if (member) throw groupErrors.alreadyMember();
        const removal = await this.bans.active(group.id, caller.userId, 'removed', tx);
        const invitation =
          (removal || group.privacy === 'private') && email ? await this.groups.pendingInvitation(tx, group.id, email, now) : null;
        const decision = decideJoin({
          privacy: group.privacy,
          removedAt: removal?.bannedAt ?? null,
          invitationSentAt: invitation?.sentAt ?? null,
        });
        if ('refused' in decision) throw decision.refused === 'removed' ? groupErrors.removed() : groupErrors.groupPrivate();
        if (invitation) await this.groups.acceptInvitation(tx, invitation.id, caller.userId, now);
        if (removal && invitation) await this.bans.lift(tx, removal.id, invitation.invitedBy, 'invitation', invitation.id, now);
        await this.membership.admit(tx, group.id, [{ userId: caller.userId, role: 'member' }], decision.via, now);
      }),
    );
    const group = await this.views.one((await this.groups.find(params.id))!, caller);
    const still = group.is_suspended ? ': you are still suspended there and cannot post' : '';
    return { message: `You joined ${group.name}${still}`, group };
  }

  @Handles(communityRoutes.leaveGroup)
  async leave({ params }: RouteInput<R['leaveGroup']>): Promise<RouteOutput<R['leaveGroup']>> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const { group, member } = await this.access.load(params.id, caller, tx);
      if (!member) throw groupErrors.notMember();
      if (member.role === 'creator') throw groupErrors.creatorCannotLeave();
      await this.membership.release(tx, group.id, caller.userId);
    });
    return { message: 'You left the group' };
  }
}
