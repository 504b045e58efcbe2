import { describe, expect, it } from '@jest/globals';
import type { GroupBanKind } from '@lp/contracts';
import type { GroupMemberEntity } from '../../entities/group-member.entity.js';
import type { StudyGroupEntity } from '../../entities/study-group.entity.js';
import { toGroup, toMember } from './group-views.js';

const CREATED = new Date('2026-02-01T09:30:00Z');
const REMOVED = new Date('2026-03-01T10:00:00Z');
const group = (over: Partial<StudyGroupEntity> = {}): StudyGroupEntity =>
  ({
    id: 'g1',
    name: 'Algebra circle',
    description: 'Weekly problems',
    category: 'mathematics',
    maxMembers: 10,
    privacy: 'public',
    creatorId: 'c1',
    memberCount: 3,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...over,
  }) as StudyGroupEntity;
const member = (role: GroupMemberEntity['role']): GroupMemberEntity =>
  ({ groupId: 'g1', userId: 'u1', role, isTestMember: false, joinedAt: new Date('2026-02-02T08:00:00Z') }) as GroupMemberEntity;
const bans = (entries: Array<[GroupBanKind, Date]> = []): ReadonlyMap<GroupBanKind, Date> => new Map(entries);

describe("a group's card as the caller sees it", () => {
  it('shows a stranger a public group with room as joinable, with the creator named and the date in ISO', () => {
    expect(toGroup(group(), 'Cleo Creator', null, null, bans())).toEqual({
      id: 'g1',
      name: 'Algebra circle',
      description: 'Weekly problems',
      category: 'mathematics',
      max_members: 10,
      privacy: 'public',
      member_count: 3,
      creator_id: 'c1',
      creator_name: 'Cleo Creator',
      user_role: null,
      is_creator: false,
      is_member: false,
      is_suspended: false,
      is_removed: false,
      can_join: true,
      has_invitation: false,
      created_at: '2026-02-01T09:30:00.000Z',
    });
  });

  it('offers no join on a full group or a private one', () => {
    expect(toGroup(group({ memberCount: 10 }), 'C', null, null, bans()).can_join).toBe(false);
    expect(toGroup(group({ privacy: 'private' }), 'C', null, null, bans()).can_join).toBe(false);
  });

  it("shows a member their role and no join button; the creator's card says so", () => {
    const asMember = toGroup(group(), 'C', member('member'), null, bans());
    expect([asMember.is_member, asMember.user_role, asMember.is_creator, asMember.can_join]).toEqual([true, 'member', false, false]);
    const asCreator = toGroup(group(), 'C', member('creator'), null, bans());
    expect([asCreator.is_creator, asCreator.user_role]).toEqual([true, 'creator']);
  });

  it('shows a removed stranger as removed and not joinable, even in a public group', () => {
    const card = toGroup(group(), 'C', null, null, bans([['removed', REMOVED]]));
    expect([card.is_removed, card.can_join, card.has_invitation]).toEqual([true, false, false]);
  });

  it('counts only an invitation sent after the removal', () => {
    const before = toGroup(group({ privacy: 'private' }), 'C', null, new Date('2026-02-20T00:00:00Z'), bans([['removed', REMOVED]]));
    expect(before.has_invitation).toBe(false);
    const after = toGroup(group({ privacy: 'private' }), 'C', null, new Date('2026-03-02T00:00:00Z'), bans([['removed', REMOVED]]));
    expect([after.has_invitation, after.is_removed]).toEqual([true, true]);
  });

  it("shows a pending invitation to a stranger, never to a member, and a member's removal never", () => {
    expect(toGroup(group({ privacy: 'private' }), 'C', null, CREATED, bans()).has_invitation).toBe(true);
    const m = toGroup(group(), 'C', member('member'), CREATED, bans([['removed', REMOVED]]));
    expect([m.has_invitation, m.is_removed]).toEqual([false, false]);
  });

  it('flags a suspension whether or not the person is a member now', () => {
    expect(toGroup(group(), 'C', member('moderator'), null, bans([['suspended', REMOVED]])).is_suspended).toBe(true);
    const stranger = toGroup(group(), 'C', null, null, bans([['suspended', REMOVED]]));
    expect([stranger.is_suspended, stranger.can_join]).toEqual([true, true]);
  });
});

describe('a member in the member list', () => {
  it('names the member, shows the e-mail only when asked to, and the suspension', () => {
    const person = { name: 'Mia Member', email: 'mia@example.test' };
    expect(toMember(member('moderator'), person, true, false)).toEqual({
      id: 'u1',
      name: 'Mia Member',
      email: 'mia@example.test',
      role: 'moderator',
      is_suspended: false,
      joined_at: '2026-02-02T08:00:00.000Z',
    });
    expect(toMember(member('member'), person, false, true)).toMatchObject({ email: null, is_suspended: true });
  });

  it("names someone the users read model does not know yet 'Unknown user', without an e-mail", () => {
    expect(toMember(member('member'), undefined, true, false)).toMatchObject({ name: 'Unknown user', email: null });
    expect(toMember(member('member'), { name: 'No Mail', email: null }, true, false).email).toBeNull();
  });
});
