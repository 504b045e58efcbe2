import type { Caller } from '@lp/contracts';

/**
 * Who may change a group post: an admin any; otherwise only its author while a member of the
 * group, and editing (not deleting) only while not suspended there.
 */
export function postChangeRefusal(
  change: 'edit' | 'delete',
  post: { authorId: string },
  caller: Pick<Caller, 'userId' | 'role'>,
  place: { member: boolean; suspended: boolean },
): 'not_author' | 'suspended' | null {
  if (caller.role === 'admin') return null;
  if (post.authorId !== caller.userId || !place.member) return 'not_author';
  if (change === 'edit' && place.suspended) return 'suspended';
  return null;
}
