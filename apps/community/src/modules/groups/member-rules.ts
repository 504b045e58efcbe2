import { TEST_MEMBERS_ADDED, type GroupRole } from '@lp/contracts';

/** Why a manager may not act on a member (remove, suspend): nobody on the creator, a moderator on plain members only. */
export type TargetRefusal = 'creator_protected' | 'moderator_limit';

export function targetRefusal(actor: GroupRole, target: GroupRole): TargetRefusal | null {
  if (target === 'creator') return 'creator_protected';
  if (actor === 'moderator' && target !== 'member') return 'moderator_limit';
  return null;
}

/** How many generated people 'Add Test Members' adds: TEST_MEMBERS_ADDED, never beyond max_members (0 or less: the group is full). */
export const testMembersToAdd = (group: { maxMembers: number; memberCount: number }): number =>
  Math.min(TEST_MEMBERS_ADDED, group.maxMembers - group.memberCount);

export const testMembersAddedMessage = (n: number): string => `Added ${n} test member${n === 1 ? '' : 's'}`;
