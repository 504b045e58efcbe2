import type { GroupPrivacy, GroupRole } from '@lp/contracts';

/**
 * The ban rules that need no database, in one place (the services read the facts under the
 * group's row lock and act on the answer).
 */

/** How a person who is not a member gets in, or why not. */
export type JoinDecision = { via: 'joined' | 'invitation' } | { refused: 'removed' | 'private' };

/**
 * A removed person joins only with an invitation sent (or resent) after the removal: one
 * sent before it was meant for the person they were then, and accepting it would undo the
 * removal at once. A private group is joined only with an invitation. A suspension does not
 * stop a join: it holds in the group whatever the membership.
 */
export function decideJoin(f: { privacy: GroupPrivacy; removedAt: Date | null; invitationSentAt: Date | null }): JoinDecision {
  if (f.removedAt) return invitationLiftsRemoval(f.invitationSentAt, f.removedAt) ? { via: 'invitation' } : { refused: 'removed' };
  if (f.privacy === 'private') return f.invitationSentAt ? { via: 'invitation' } : { refused: 'private' };
  return { via: 'joined' };
}

/** Whether an invitation (its latest sending) lets a person removed at `removedAt` back. */
export function invitationLiftsRemoval(invitationSentAt: Date | null, removedAt: Date): boolean {
  return !!invitationSentAt && invitationSentAt.getTime() > removedAt.getTime();
}

export type LiftRefusal = 'own' | 'moderator_limit' | 'already_lifted';

/**
 * Who may lift a ban, besides being the group's creator or an unsuspended moderator (the
 * caller's GroupAccess.manager): nobody their own; a moderator nobody who is a moderator (or
 * the creator) now, as for banning; a lifted ban stays lifted.
 */
export function liftRefusal(
  actor: { userId: string; role: GroupRole },
  ban: { userId: string; liftedAt: Date | null },
  bannedRoleNow: GroupRole | null,
): LiftRefusal | null {
  if (ban.userId === actor.userId) return 'own';
  if (actor.role !== 'creator' && bannedRoleNow !== null && bannedRoleNow !== 'member') return 'moderator_limit';
  if (ban.liftedAt) return 'already_lifted';
  return null;
}
