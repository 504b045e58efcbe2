import { Inject, Injectable } from '@nestjs/common';
import type { Caller, GroupBanKind, GroupMember, StudyGroup } from '@lp/contracts';
import { Clock, iso, UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { GroupMemberEntity } from '../../entities/group-member.entity.js';
import type { StudyGroupEntity } from '../../entities/study-group.entity.js';
import { invitationLiftsRemoval } from './ban-rules.js';
import { BansRepository } from './bans.repository.js';
import { GroupsRepository } from './groups.repository.js';
import { MembersRepository } from './members.repository.js';
import { People } from './people.js';

/** A group's card as the caller sees it: the group, and the caller's place in it. */
@Injectable()
export class GroupViews {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(BansRepository) private readonly bans: BansRepository,
    @Inject(People) private readonly people: People,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async render(groups: StudyGroupEntity[], caller: Caller): Promise<StudyGroup[]> {
    if (!groups.length) return [];
    const ids = groups.map((g) => g.id);
    const [names, memberships, email, bans] = await Promise.all([
      this.people.names(groups.map((g) => g.creatorId)),
      this.members.ofUserIn(caller.userId, ids),
      this.people.emailOf(caller.userId),
      this.bans.activeOf(caller.userId, ids),
    ]);
    const invited = await this.groups.invitedTo(email, ids, this.clock.now());
    return groups.map((g) =>
      toGroup(g, names(g.creatorId), memberships.get(g.id) ?? null, invited.get(g.id) ?? null, bans.get(g.id) ?? NO_BANS),
    );
  }

  async one(group: StudyGroupEntity, caller: Caller): Promise<StudyGroup> {
    return (await this.render([group], caller))[0]!;
  }

  /** Members with their names; e-mails for the group's creator and moderators only. */
  async memberList(groupId: string, showEmails: boolean): Promise<GroupMember[]> {
    const [rows, suspended] = await Promise.all([this.members.list(groupId), this.bans.activeUsers(groupId, 'suspended')]);
    const users = await this.people.byIds(rows.map((m) => m.userId));
    return rows.map((m) => toMember(m, users.get(m.userId), showEmails, suspended.has(m.userId)));
  }
}

const NO_BANS: ReadonlyMap<GroupBanKind, Date> = new Map();

export function toGroup(
  g: StudyGroupEntity,
  creatorName: string,
  member: GroupMemberEntity | null,
  invitationSentAt: Date | null,
  bans: ReadonlyMap<GroupBanKind, Date>,
): StudyGroup {
  // a member never holds a removal that holds: joining again lifts it or is refused
  const removedAt = member ? undefined : bans.get('removed');
  // an invitation sent before the removal does not let the person back, so it does not count
  const hasInvitation = !!invitationSentAt && (!removedAt || invitationLiftsRemoval(invitationSentAt, removedAt));
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    category: g.category,
    max_members: g.maxMembers,
    privacy: g.privacy,
    member_count: g.memberCount,
    creator_id: g.creatorId,
    creator_name: creatorName,
    user_role: member?.role ?? null,
    is_creator: member?.role === 'creator',
    is_member: !!member,
    is_suspended: bans.has('suspended'),
    is_removed: !!removedAt,
    can_join: !member && !removedAt && g.privacy === 'public' && g.memberCount < g.maxMembers,
    has_invitation: !member && hasInvitation,
    created_at: iso(g.createdAt),
  };
}

export function toMember(
  m: GroupMemberEntity,
  user: { name: string; email: string | null } | undefined,
  showEmail: boolean,
  suspended: boolean,
): GroupMember {
  return {
    id: m.userId,
    name: user?.name ?? UNKNOWN_USER_NAME,
    email: showEmail ? (user?.email ?? null) : null,
    role: m.role,
    is_suspended: suspended,
    joined_at: iso(m.joinedAt),
  };
}
