import { describe, expect, it } from '@jest/globals';
import type { GroupMemberEntity } from '../../entities/group-member.entity.js';
import { isManager } from './group-access.js';
import { targetRefusal, testMembersAddedMessage, testMembersToAdd } from './member-rules.js';

describe('acting on a member (remove, suspend)', () => {
  it('protects the creator from everyone, the creator included', () => {
    expect(targetRefusal('creator', 'creator')).toBe('creator_protected');
    expect(targetRefusal('moderator', 'creator')).toBe('creator_protected');
  });

  it('lets the creator act on moderators and members, a moderator on plain members only', () => {
    expect(targetRefusal('creator', 'moderator')).toBeNull();
    expect(targetRefusal('creator', 'member')).toBeNull();
    expect(targetRefusal('moderator', 'member')).toBeNull();
    expect(targetRefusal('moderator', 'moderator')).toBe('moderator_limit');
  });

  it('counts the creator and moderators as managers, plain members and strangers not', () => {
    const m = (role: GroupMemberEntity['role']) => ({ role }) as GroupMemberEntity;
    expect([isManager(m('creator')), isManager(m('moderator')), isManager(m('member')), isManager(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("'Add Test Members'", () => {
  it('adds three at a time, never beyond max_members, nothing to a full group', () => {
    expect(testMembersToAdd({ maxMembers: 50, memberCount: 1 })).toBe(3);
    expect(testMembersToAdd({ maxMembers: 5, memberCount: 3 })).toBe(2);
    expect(testMembersToAdd({ maxMembers: 5, memberCount: 5 })).toBeLessThanOrEqual(0);
  });

  it('says how many it added, in the singular for one', () => {
    expect(testMembersAddedMessage(1)).toBe('Added 1 test member');
    expect(testMembersAddedMessage(3)).toBe('Added 3 test members');
  });
});
