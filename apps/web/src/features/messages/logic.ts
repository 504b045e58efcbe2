import { communityEvents, type DirectMessage } from '@lp/contracts';
import type { useLiveFeed } from '../community';

type LiveEvent = Parameters<Parameters<typeof useLiveFeed>[1]>[0];

/**
 * The older pages a thread loaded and its newest page, as one list oldest first: the newest
 * page is asked again on every arrival, so the two may share messages (each kept once).
 */
export function mergeThread(older: readonly DirectMessage[], newest: readonly DirectMessage[]): DirectMessage[] {
  const byId = new Map<string, DirectMessage>();
  for (const m of [...older, ...newest]) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The caller's last message of the thread when its recipient has read it ("Seen" goes under it), else null. */
export function seenMessageId(messages: readonly DirectMessage[], me: string): string | null {
  const last = [...messages].reverse().find((m) => m.sender_id === me);
  return last?.read_at ? last.id : null;
}

/** Whether the thread shows a message to the caller not yet read (opening it reads them). */
export const hasUnreadFrom = (messages: readonly DirectMessage[], me: string): boolean =>
  messages.some((m) => m.recipient_id === me && m.read_at === null);

/** What a /live/me event means for the inbox: a message from someone, or the caller's messages seen by someone; null for the others. */
export function inboxEventOf(e: LiveEvent): { kind: 'message' | 'seen'; otherId: string } | null {
  const data = e.data as Record<string, unknown> | null;
  if (!data) return null;
  if (e.event === communityEvents.directMessageSent.name && typeof data.sender_id === 'string') {
    return { kind: 'message', otherId: data.sender_id };
  }
  if (e.event === communityEvents.directMessagesRead.name && typeof data.reader_id === 'string') {
    return { kind: 'seen', otherId: data.reader_id };
  }
  return null;
}

/**
 * Whether a /live/me event is a message to `me` from someone else (one more unread for the
 * shell's Messages badge); anything else (a reading, another user's event, a payload off its schema) is not.
 */
export function isMessageTo(e: LiveEvent, me: string): boolean {
  if (e.event !== communityEvents.directMessageSent.name) return false;
  const sent = communityEvents.directMessageSent.schema.safeParse(e.data);
  return sent.success && sent.data.user_id === me && sent.data.sender_id !== me;
}

/** The badge's text: the count, capped so it stays a badge. */
export const UNREAD_BADGE_MAX = 99;
export const unreadBadgeText = (unread: number): string => (unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(unread));
