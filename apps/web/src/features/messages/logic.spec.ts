import { describe, expect, it } from '@jest/globals';
import type { DirectMessage } from '@lp/contracts';
import { hasUnreadFrom, inboxEventOf, mergeThread, seenMessageId } from './logic';

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
