import { GROUP_MAX_MEMBERS, PREVIEW_CHARS, type GroupMessage, type QaAnswer, type StudyGroup } from '@lp/contracts';
import { formatSignedChange, type ChangeTone } from '../../lib/figures';

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A file's size in Bytes, KB, MB or GB, rounded to 2 decimals (spec 3, section 9). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** unit).toFixed(2))} ${SIZE_UNITS[unit]}`;
}

/** A post's or question's preview: cut at 150 characters, marked when cut. */
export function preview(text: string, chars: number = PREVIEW_CHARS): string {
  return text.length > chars ? `${text.slice(0, chars)}...` : text;
}

/** The max members field as typed: a number is kept as it is (the form checks 5-100), anything else is the default 50. */
export function maxMembersOf(raw: string | number): number {
  const value = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(value) ? Math.trunc(value) : GROUP_MAX_MEMBERS.default;
}

/**
 * What a group card offers the caller (spec: Your Group, Already Joined, Join Group, Group
 * Full); 'removed': a moderator removed the caller, who joins again only by an invitation.
 */
export type GroupCardState = 'creator' | 'member' | 'join' | 'full' | 'invited' | 'private' | 'removed';

export function groupCardState(
  group: Pick<
    StudyGroup,
    'is_creator' | 'is_member' | 'can_join' | 'member_count' | 'max_members' | 'privacy' | 'has_invitation' | 'is_removed'
  >,
): GroupCardState {
  if (group.is_creator) return 'creator';
  if (group.is_member) return 'member';
  // the server counts only an invitation sent after the removal, so has_invitation means it lets them back
  if (group.is_removed) return group.has_invitation ? 'invited' : 'removed';
  if (group.member_count >= group.max_members) return 'full';
  if (group.can_join) return 'join';
  // a private group is joined through the link of an invitation, never from its card
  return group.has_invitation ? 'invited' : 'private';
}

export type GrowthTone = ChangeTone;

/** The analytics growth figure: a signed change in percent (lib/figures' rule); '—' when there is nothing to compare. */
export function formatGrowth(percent: number | null): { text: string; tone: GrowthTone } {
  const change = formatSignedChange(percent);
  return change.tone === 'none' ? change : { text: `${change.text}%`, tone: change.tone };
}

/** Adds a message to the list unless it is there already (the sender gets it twice: its POST answer and the live feed). */
export function withMessage(messages: readonly GroupMessage[] | undefined, message: GroupMessage): GroupMessage[] {
  const list = messages ?? [];
  if (list.some((m) => m.id === message.id)) return [...list];
  return [...list, message].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A live `community.message.posted` payload as a message of the list, or null when it is not one. */
export function messageFromEvent(data: unknown): GroupMessage | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const fields = ['message_id', 'group_id', 'author_id', 'author_name', 'content', 'created_at'] as const;
  if (!fields.every((f) => typeof d[f] === 'string')) return null;
  return {
    id: d.message_id as string,
    group_id: d.group_id as string,
    author_id: d.author_id as string,
    author_name: d.author_name as string,
    content: d.content as string,
    created_at: d.created_at as string,
  };
}

/** Answers as /qa/{id} shows them: the accepted one first, then the most upvoted, then the oldest. */
export function sortAnswers(answers: readonly QaAnswer[]): QaAnswer[] {
  return [...answers].sort(
    (a, b) => Number(b.is_accepted) - Number(a.is_accepted) || b.upvotes - a.upvotes || a.created_at.localeCompare(b.created_at),
  );
}
