import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Caller, GroupBanKind } from '@lp/contracts';
import type { GroupMemberEntity } from '../../entities/group-member.entity.js';
import type { StudyGroupEntity } from '../../entities/study-group.entity.js';
import { BansRepository } from './bans.repository.js';
import { groupErrors } from './group-errors.js';
import { GroupsRepository } from './groups.repository.js';
import { MembersRepository } from './members.repository.js';

export interface GroupAndMember {
  group: StudyGroupEntity;
  /** the caller's membership, null for a non-member */
  member: GroupMemberEntity | null;
  /** the bans that hold on the caller in this group, member or not, each with when it was placed */
  bans: ReadonlyMap<GroupBanKind, Date>;
}

export const isManager = (m: GroupMemberEntity | null): m is GroupMemberEntity => !!m && (m.role === 'creator' || m.role === 'moderator');

/**
 * Who may do what in a group, in one place: 404 for an unknown group, 403 NOT_GROUP_MEMBER
 * for a non-member on the workspace, 403 MEMBER_SUSPENDED for a suspended member posting,
 * 403 NOT_GROUP_MANAGER for the creator's and moderators' actions. Suspension is a ban on the
 * group (group_bans), read with the membership, so it holds after leaving and joining again.
 */
@Injectable()
export class GroupAccess {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BansRepository) private readonly bans: BansRepository,
  ) {}

  /** With `lock`, the group's row stays locked until the transaction ends: joins and ban writes take it first. */
  async load(groupId: string, caller: Caller, tx?: EntityManager, lock = false): Promise<GroupAndMember> {
    const group = lock && tx ? await this.groups.lock(tx, groupId) : await this.groups.find(groupId, tx);
    if (!group) throw groupErrors.groupNotFound();
    const [member, bans] = await Promise.all([
      this.members.find(groupId, caller.userId, tx),
      this.bans.activeOf(caller.userId, [groupId], tx),
    ]);
    return { group, member, bans: bans.get(groupId) ?? new Map() };
  }

  /** Reading the workspace: any member, suspended or not. */
  async reader(groupId: string, caller: Caller, tx?: EntityManager): Promise<GroupAndMember & { member: GroupMemberEntity }> {
    const r = await this.load(groupId, caller, tx);
    if (!r.member) throw groupErrors.notMember();
    return r as GroupAndMember & { member: GroupMemberEntity };
  }

  /** Posting messages, files, events and posts: a member who is not suspended. */
  async poster(groupId: string, caller: Caller, tx?: EntityManager): Promise<GroupAndMember & { member: GroupMemberEntity }> {
    const r = await this.reader(groupId, caller, tx);
    if (r.bans.has('suspended')) throw groupErrors.suspended();
    return r;
  }

  /** The creator's and moderators' actions (invitations, analytics, members); a suspended moderator has none. */
  async manager(
    groupId: string,
    caller: Caller,
    what: string,
    tx?: EntityManager,
    lock = false,
  ): Promise<GroupAndMember & { member: GroupMemberEntity }> {
    const r = await this.load(groupId, caller, tx, lock);
    if (!isManager(r.member)) throw groupErrors.managersOnly(what);
    if (r.bans.has('suspended')) throw groupErrors.suspended();
    return r as GroupAndMember & { member: GroupMemberEntity };
  }

  /** The creator's own actions (settings, deletion, roles, test members). */
  async creator(
    groupId: string,
    caller: Caller,
    what: string,
    tx?: EntityManager,
    lock = false,
  ): Promise<GroupAndMember & { member: GroupMemberEntity }> {
    const r = await this.load(groupId, caller, tx, lock);
    if (r.member?.role !== 'creator') throw groupErrors.creatorOnly(what);
    return r as GroupAndMember & { member: GroupMemberEntity };
  }
}
