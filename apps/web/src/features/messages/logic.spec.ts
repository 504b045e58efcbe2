import { describe, expect, it } from '@jest/globals';
import type { DirectMessage } from '@lp/contracts';
import { hasUnreadFrom, inboxEventOf, isMessageTo, mergeThread, seenMessageId, unreadBadgeText } from './logic';

const msg = (id: string, from: string, to: string, minute: number, read = false): DirectMessage => ({
  id,
  sender_id: from,
  sender_name: from,
  recipient_id: to,
  recipient_name: to,
  content: id,
  context: null,
  created_at: `2026-12-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  read_at: read ? '2026-12-01T11:00:00.000Z' : null,
});

describe('the thread', () => {
  it('merges older pages and the newest page once each, oldest first', () => {
    const a = msg('a', 'me', 'you', 1);
    const b = msg('b', 'you', 'me', 2);
    const c = msg('c', 'me', 'you', 3);
    expect(mergeThread([a, b], [b, c]).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it("puts Seen under the caller's last message only once it is read", () => {
    expect(seenMessageId([msg('a', 'me', 'you', 1, true), msg('b', 'you', 'me', 2)], 'me')).toBe('a');
    expect(seenMessageId([msg('a', 'me', 'you', 1, true), msg('c', 'me', 'you', 3)], 'me')).toBeNull();
    expect(seenMessageId([msg('b', 'you', 'me', 2)], 'me')).toBeNull();
  });

  it("reads only the other person's unread messages to the caller", () => {
    expect(hasUnreadFrom([msg('a', 'me', 'you', 1)], 'me')).toBe(false);
    expect(hasUnreadFrom([msg('b', 'you', 'me', 2)], 'me')).toBe(true);
    expect(hasUnreadFrom([msg('b', 'you', 'me', 2, true)], 'me')).toBe(false);
  });

  it('tells a message and a reading from the other events of the feed', () => {
    expect(inboxEventOf({ event: 'community.direct-message.sent', data: { sender_id: 's' } })).toEqual({ kind: 'message', otherId: 's' });
    expect(inboxEventOf({ event: 'community.direct-messages.read', data: { reader_id: 'r' } })).toEqual({ kind: 'seen', otherId: 'r' });
    expect(inboxEventOf({ event: 'gamification.notification.created', data: {} })).toBeNull();
  });
});

describe("the shell's unread badge", () => {
  const sent = (to: string, from: string) => ({
    event: 'community.direct-message.sent',
    data: {
      v: 1,
      message_id: 'm',
      user_id: to,
      sender_id: from,
      sender_name: 'Sender',
      content: 'hi',
      context: null,
      unread_since_id: 'm',
      sent_at: '2026-12-01T10:00:00.000Z',
    },
  });

  it('counts a message to the caller from someone else, nothing else', () => {
    expect(isMessageTo(sent('me', 'you'), 'me')).toBe(true);
    expect(isMessageTo(sent('you', 'me'), 'me')).toBe(false);
    expect(isMessageTo(sent('me', 'me'), 'me')).toBe(false);
    expect(isMessageTo({ event: 'community.direct-message.sent', data: { user_id: 'me' } }, 'me')).toBe(false);
    expect(isMessageTo({ event: 'community.direct-messages.read', data: sent('me', 'you').data }, 'me')).toBe(false);
  });

  it('caps the count at 99+', () => {
    expect(unreadBadgeText(3)).toBe('3');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
