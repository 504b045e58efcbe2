import { describe, expect, it } from '@jest/globals';
import type { GroupMessage, QaAnswer } from '@lp/contracts';
import { formatFileSize, formatGrowth, groupCardState, maxMembersOf, messageFromEvent, preview, sortAnswers, withMessage } from './format';

describe('file sizes', () => {
  it('are shown in Bytes, KB, MB or GB with at most 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_234_567)).toBe('1.18 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('previews', () => {
  it('are cut at 150 characters', () => {
    const long = 'x'.repeat(151);
    expect(preview(long)).toBe(`${'x'.repeat(150)}...`);
    expect(preview('x'.repeat(150))).toBe('x'.repeat(150));
  });
});

describe('max members', () => {
  it('falls back to 50 when not a number', () => {
    expect(maxMembersOf('abc')).toBe(50);
    expect(maxMembersOf('')).toBe(50);
    expect(maxMembersOf('20')).toBe(20);
    expect(maxMembersOf('300')).toBe(300);
  });
});

describe('group card state', () => {
  const base = {
    is_creator: false,
    is_member: false,
    can_join: true,
    member_count: 3,
    max_members: 50,
    privacy: 'public' as const,
    has_invitation: false,
    is_removed: false,
  };
  it('names the four states of the spec', () => {
    expect(groupCardState({ ...base, is_creator: true, is_member: true, can_join: false })).toBe('creator');
    expect(groupCardState({ ...base, is_member: true, can_join: false })).toBe('member');
    expect(groupCardState(base)).toBe('join');
    expect(groupCardState({ ...base, can_join: false, member_count: 50 })).toBe('full');
  });
  it('offers no join on a private group: invitation only', () => {
    expect(groupCardState({ ...base, privacy: 'private', can_join: false })).toBe('private');
    expect(groupCardState({ ...base, privacy: 'private', can_join: false, has_invitation: true })).toBe('invited');
  });
  it('tells a removed person they need an invitation, also on a public group with room', () => {
    expect(groupCardState({ ...base, can_join: false, is_removed: true })).toBe('removed');
    expect(groupCardState({ ...base, privacy: 'private', can_join: false, is_removed: true })).toBe('removed');
    expect(groupCardState({ ...base, can_join: false, is_removed: true, has_invitation: true })).toBe('invited');
  });
});

describe('growth figure', () => {
  it('is signed and toned, or a dash when there is nothing to compare', () => {
    expect(formatGrowth(12)).toEqual({ text: '+12%', tone: 'up' });
    expect(formatGrowth(-33.333)).toEqual({ text: '\u221233.3%', tone: 'down' });
    expect(formatGrowth(0)).toEqual({ text: '0%', tone: 'flat' });
    expect(formatGrowth(null)).toEqual({ text: '—', tone: 'none' });
  });
});

describe('live messages', () => {
  const message = (id: string, at: string): GroupMessage => ({
    id,
    group_id: 'g',
    author_id: 'u',
    author_name: 'Ann',
    content: id,
    created_at: at,
  });
  it('are appended once: the POST answer and the live event of the same message make one entry', () => {
    const first = withMessage([], message('m1', '2026-01-01T10:00:00Z'));
    const again = withMessage(first, message('m1', '2026-01-01T10:00:00Z'));
    expect(again.map((m) => m.id)).toEqual(['m1']);
    expect(withMessage(again, message('m0', '2026-01-01T09:00:00Z')).map((m) => m.id)).toEqual(['m0', 'm1']);
  });
  it('are read from the event payload', () => {
    const payload = {
      v: 1,
      message_id: 'm1',
      group_id: 'g',
      author_id: 'u',
      author_name: 'Ann',
      content: 'hi',
      created_at: '2026-01-01T10:00:00Z',
    };
    expect(messageFromEvent(payload)).toEqual({
      id: 'm1',
      group_id: 'g',
      author_id: 'u',
      author_name: 'Ann',
      content: 'hi',
      created_at: '2026-01-01T10:00:00Z',
    });
    expect(messageFromEvent({ message_id: 'm1' })).toBeNull();
    expect(messageFromEvent('nope')).toBeNull();
  });
});

describe('answers', () => {
  const answer = (id: string, upvotes: number, is_accepted = false): QaAnswer => ({
    id,
    question_id: 'q',
    content: id,
    upvotes,
    is_accepted,
    author_id: 'u',
    author_name: 'Ann',
    has_upvoted: false,
    created_at: `2026-01-01T10:00:0${id}Z`,
  });
  it('show the accepted one first, then by upvotes', () => {
    expect(sortAnswers([answer('1', 5), answer('2', 0, true), answer('3', 9)]).map((a) => a.id)).toEqual(['2', '3', '1']);
  });
});
