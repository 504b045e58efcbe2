import { describe, expect, it } from '@jest/globals';
import type { GroupMember } from '@lp/contracts';
import { memberActions } from './member-actions';

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
