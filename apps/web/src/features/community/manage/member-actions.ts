import type { GroupMember } from '@lp/contracts';

export type MemberAction = 'remove' | 'suspend' | 'unsuspend' | 'promote' | 'demote';

/** What the caller may do to one member: never to the creator; a moderator only to plain members; promote is the creator's. */
export function memberActions(callerIsCreator: boolean, member: GroupMember): MemberAction[] {
  if (member.role === 'creator') return [];
  if (!callerIsCreator && member.role !== 'member') return [];
  const actions: MemberAction[] = [member.is_suspended ? 'unsuspend' : 'suspend', 'remove'];
  if (callerIsCreator) actions.unshift(member.role === 'moderator' ? 'demote' : 'promote');
  return actions;
}
