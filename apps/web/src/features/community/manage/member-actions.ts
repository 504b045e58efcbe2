import type { GroupBan, GroupMember } from '@lp/contracts';

export type MemberAction = 'remove' | 'suspend' | 'unsuspend' | 'promote' | 'demote';

/** What the caller may do to one member: never to the creator; a moderator only to plain members; promote is the creator's. */
export function memberActions(callerIsCreator: boolean, member: GroupMember): MemberAction[] {
  if (member.role === 'creator') return [];
  if (!callerIsCreator && member.role !== 'member') return [];
  const actions: MemberAction[] = [member.is_suspended ? 'unsuspend' : 'suspend', 'remove'];
  if (callerIsCreator) actions.unshift(member.role === 'moderator' ? 'demote' : 'promote');
  return actions;
}

/**
 * Whether the caller may lift a ban, as the server decides it: the creator any ban on someone
 * else, a moderator those on anyone who is not a moderator now; nobody their own. (A suspended
 * moderator has no Manage Members at all.)
 */
export function canLiftBan(
  caller: { id: string; isCreator: boolean },
  ban: Pick<GroupBan, 'user_id' | 'lifted_at'>,
  members: readonly Pick<GroupMember, 'id' | 'role'>[],
): boolean {
  if (ban.lifted_at !== null || ban.user_id === caller.id) return false;
  if (caller.isCreator) return true;
  const role = members.find((m) => m.id === ban.user_id)?.role;
  return role === undefined || role === 'member';
}
