import { describe, expect, it } from '@jest/globals';
import type { GroupMember } from '@lp/contracts';
import { canLiftBan, memberActions } from './member-actions';

const member = (role: GroupMember['role'], is_suspended = false): GroupMember => ({
  id: role,
  name: role,
  email: null,
  role,
  is_suspended,
  joined_at: '2026-01-01T00:00:00Z',
});

describe('member actions offered', () => {
  it('never touch the creator', () => {
    expect(memberActions(true, member('creator'))).toEqual([]);
    expect(memberActions(false, member('creator'))).toEqual([]);
  });

  it('let the creator promote, suspend and remove a member, and set a moderator back', () => {
    expect(memberActions(true, member('member'))).toEqual(['promote', 'suspend', 'remove']);
    expect(memberActions(true, member('moderator', true))).toEqual(['demote', 'unsuspend', 'remove']);
  });

  it('let a moderator manage plain members only, without promoting', () => {
    expect(memberActions(false, member('member'))).toEqual(['suspend', 'remove']);
    expect(memberActions(false, member('moderator'))).toEqual([]);
  });
});

describe('lifting a ban offered', () => {
  const members = [member('creator'), member('moderator'), member('member')];
  const ban = (user_id: string, lifted_at: string | null = null) => ({ user_id, lifted_at });
  const creator = { id: 'creator', isCreator: true };
  const mod = { id: 'moderator', isCreator: false };

  it('to the creator for anyone but themself', () => {
    expect(canLiftBan(creator, ban('member'), members)).toBe(true);
    expect(canLiftBan(creator, ban('moderator'), members)).toBe(true);
    expect(canLiftBan(creator, ban('gone'), members)).toBe(true);
  });

  it('to a moderator for plain members and people no longer in the group, never their own or a moderator', () => {
    expect(canLiftBan(mod, ban('member'), members)).toBe(true);
    expect(canLiftBan(mod, ban('gone'), members)).toBe(true);
    expect(canLiftBan(mod, ban('moderator'), members)).toBe(false);
    expect(canLiftBan({ id: 'member', isCreator: false }, ban('member'), members)).toBe(false);
  });

  it('never for a lifted ban', () => {
    expect(canLiftBan(creator, ban('member', '2026-01-02T00:00:00Z'), members)).toBe(false);
  });
});
