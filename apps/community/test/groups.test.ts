import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { communityRoutes as r, type RouteRequest, type StudyGroup } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { CommunityHarness, type TestUser } from './support/community-harness.js';

type CreateBody = RouteRequest<typeof r.createGroup>['body'];

let h: CommunityHarness;
let creator: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  h = await CommunityHarness.start();
  [creator, alice, bob, carol, admin] = await Promise.all([
    h.user('learner', 'Creator Cleo'),
    h.user(),
    h.user(),
    h.user(),
    h.user('admin'),
  ]);
}, 120_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const create = (over: Partial<CreateBody> = {}, who = creator): Promise<StudyGroup> =>
  h.call(
    r.createGroup,
    {
      body: {
        name: `Group ${randomUUID().slice(0, 6)}`,
        description: 'We study together',
        category: 'programming_development',
        max_members: 50,
        privacy: 'public',
        ...over,
      },
    },
    who.caller,
  );
const join = (id: string, who: TestUser) => h.call(r.joinGroup, { params: { id } }, who.caller);
const count = async (id: string): Promise<{ member_count: number; rows: number }> => {
  const [g] = (await h.ds.query('SELECT member_count FROM study_groups WHERE id = $1', [id])) as Array<{ member_count: number }>;
  const [m] = (await h.ds.query('SELECT count(*)::int AS n FROM group_members WHERE group_id = $1', [id])) as Array<{ n: number }>;
  return { member_count: g!.member_count, rows: m!.n };
};

describe('creating a group', () => {
  it('makes the caller its creator (a member row and member_count 1 in one go) and tells gamification', async () => {
    const g = await create({ name: 'Rustaceans', max_members: 10, privacy: 'private' });
    expect(g).toMatchObject({
      name: 'Rustaceans',
      max_members: 10,
      privacy: 'private',
      member_count: 1,
      creator_id: creator.id,
      creator_name: 'Creator Cleo',
      user_role: 'creator',
      is_creator: true,
      is_member: true,
      is_suspended: false,
      can_join: false,
      has_invitation: false,
    });
    expect(await count(g.id)).toEqual({ member_count: 1, rows: 1 });
    const events = (await h.outbox('community.group.joined')).map((e) => e.payload);
    expect(events).toContainEqual(expect.objectContaining({ group_id: g.id, user_id: creator.id, role: 'creator', via: 'created' }));
  });

  it('takes the defaults (50 members, public) and refuses max members outside 5-100 and a blank name', async () => {
    const g = await h.call(
      r.createGroup,
      { body: { name: 'Defaults', description: 'd', category: 'language_learning' } as CreateBody },
      creator.caller,
    );
    expect([g.max_members, g.privacy]).toEqual([50, 'public']);
    const low = await expectAppError(create({ max_members: 4 }), 400, 'VALIDATION_FAILED');
    expect(low.errors).toEqual([{ path: 'max_members', message: 'Max members must be at least 5' }]);
    await expectAppError(create({ max_members: 101 }), 400, 'VALIDATION_FAILED');
    await expectAppError(create({ name: '  ' }), 400, 'VALIDATION_FAILED');
  });
});

describe('joining and leaving', () => {
  it('joins a public group once (409 the second time), the card changes, the count follows', async () => {
    const g = await create();
    const before = await h.call(r.getGroup, { params: { id: g.id } }, alice.caller);
    expect(before).toMatchObject({ is_member: false, can_join: true, user_role: null, members: [] });
    const joined = await join(g.id, alice);
    expect(joined.group).toMatchObject({ is_member: true, user_role: 'member', can_join: false, member_count: 2 });
    const again = await expectAppError(join(g.id, alice), 409, 'ALREADY_MEMBER');
    expect(again.detail).toBe('You are already a member of this group');
    expect(await count(g.id)).toEqual({ member_count: 2, rows: 2 });
    const events = (await h.outbox('community.group.joined')).map((e) => e.payload);
    expect(events).toContainEqual(expect.objectContaining({ group_id: g.id, user_id: alice.id, role: 'member', via: 'joined' }));
  });

  it('refuses a private group without an invitation (403 GROUP_PRIVATE with a clear detail), an unknown group (404)', async () => {
    const g = await create({ privacy: 'private' });
    const e = await expectAppError(join(g.id, bob), 403, 'GROUP_PRIVATE');
    expect(e.detail).toMatch(/private.*invitation/);
    await expectAppError(join(randomUUID(), bob), 404, 'GROUP_NOT_FOUND');
    // a stranger is not shown a private group either
    await expectAppError(h.call(r.getGroup, { params: { id: g.id } }, bob.caller), 403, 'GROUP_PRIVATE');
    // an admin is
    expect((await h.call(r.getGroup, { params: { id: g.id } }, admin.caller)).members).toHaveLength(1);
  });

  it("refuses a full group with 422 GROUP_FULL 'This group is full', and the card says it cannot be joined", async () => {
    const g = await create({ max_members: 5 });
    for (const u of await Promise.all([h.user(), h.user(), h.user(), h.user()])) await join(g.id, u);
    const card = await h.call(r.getGroup, { params: { id: g.id } }, bob.caller);
    expect([card.member_count, card.can_join]).toEqual([5, false]);
    const e = await expectAppError(join(g.id, bob), 422, 'GROUP_FULL');
    expect(e.detail).toBe('This group is full');
  });

  it('lets exactly one of 10 concurrent joiners take the last place (max 5 with 4 members)', async () => {
    const g = await create({ max_members: 5 });
    for (const u of await Promise.all([h.user(), h.user(), h.user()])) await join(g.id, u);
    const racers = await Promise.all(Array.from({ length: 10 }, () => h.user()));
    const results = await Promise.allSettled(racers.map((u) => join(g.id, u)));
    const ok = results.filter((x) => x.status === 'fulfilled');
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused.map((x) => (x.reason as { code: string }).code)).toEqual(Array(9).fill('GROUP_FULL'));
    expect(await count(g.id)).toEqual({ member_count: 5, rows: 5 });
  });

  it('lets a member leave (the count follows) but not the creator (422 CREATOR_CANNOT_LEAVE); a non-member gets 403', async () => {
    const g = await create();
    await join(g.id, alice);
    expect(await h.call(r.leaveGroup, { params: { id: g.id } }, alice.caller)).toEqual({ message: 'You left the group' });
    expect(await count(g.id)).toEqual({ member_count: 1, rows: 1 });
    await expectAppError(h.call(r.leaveGroup, { params: { id: g.id } }, creator.caller), 422, 'CREATOR_CANNOT_LEAVE');
    await expectAppError(h.call(r.leaveGroup, { params: { id: g.id } }, alice.caller), 403, 'NOT_GROUP_MEMBER');
  });
});

describe('settings and deletion', () => {
  it('are the creator only; max members never below the member count (422)', async () => {
    const g = await create({ max_members: 10 });
    for (const u of await Promise.all([h.user(), h.user(), h.user(), h.user(), h.user()])) await join(g.id, u);
    await join(g.id, alice);
    const body = {
      name: 'Renamed',
      description: 'New text',
      category: 'career_development' as const,
      max_members: 6,
      privacy: 'private' as const,
    };
    await expectAppError(h.call(r.updateGroup, { params: { id: g.id }, body }, alice.caller), 403, 'NOT_GROUP_MANAGER');
    await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: alice.id, role: 'moderator' } }, creator.caller);
    await expectAppError(h.call(r.updateGroup, { params: { id: g.id }, body }, alice.caller), 403, 'NOT_GROUP_MANAGER');
    const below = await expectAppError(
      h.call(r.updateGroup, { params: { id: g.id }, body: { ...body, max_members: 5 } }, creator.caller),
      422,
      'MAX_MEMBERS_BELOW_COUNT',
    );
    expect(below.errors).toEqual([{ path: 'max_members', message: 'Max members cannot be below the current member count (7)' }]);
    const after = await h.call(r.updateGroup, { params: { id: g.id }, body: { ...body, max_members: 7 } }, creator.caller);
    expect(after).toMatchObject({
      name: 'Renamed',
      description: 'New text',
      category: 'career_development',
      max_members: 7,
      privacy: 'private',
    });
    await expectAppError(h.call(r.updateGroup, { params: { id: randomUUID() }, body }, creator.caller), 404, 'GROUP_NOT_FOUND');
  });

  it('deletes a group with everything in it (the creator only)', async () => {
    const g = await create();
    await join(g.id, alice);
    await h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'hi' } }, alice.caller);
    await expectAppError(h.call(r.deleteGroup, { params: { id: g.id } }, alice.caller), 403, 'NOT_GROUP_MANAGER');
    expect(await h.call(r.deleteGroup, { params: { id: g.id } }, creator.caller)).toEqual({ message: 'Study group deleted successfully' });
    expect(
      await h.ds.query('SELECT 1 FROM group_messages WHERE group_id = $1 UNION ALL SELECT 1 FROM group_members WHERE group_id = $1', [
        g.id,
      ]),
    ).toEqual([]);
    await expectAppError(h.call(r.getGroup, { params: { id: g.id } }, creator.caller), 404, 'GROUP_NOT_FOUND');
  });
});

describe('roles', () => {
  let g: StudyGroup;
  let mod: TestUser;
  let mod2: TestUser;
  beforeAll(async () => {
    g = await create();
    [mod, mod2] = await Promise.all([h.user(), h.user()]);
    for (const u of [mod, mod2, alice, bob, carol]) await join(g.id, u);
    for (const u of [mod, mod2])
      await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: u.id, role: 'moderator' } }, creator.caller);
  });

  it('shows members with their roles; e-mails to the creator and moderators only', async () => {
    const seenByMod = await h.call(r.getGroup, { params: { id: g.id } }, mod.caller);
    expect(seenByMod.members[0]).toMatchObject({ id: creator.id, role: 'creator', name: 'Creator Cleo', email: creator.email });
    expect(
      seenByMod.members
        .filter((m) => m.role === 'moderator')
        .map((m) => m.id)
        .sort(),
    ).toEqual([mod.id, mod2.id].sort());
    const seenByMember = await h.call(r.getGroup, { params: { id: g.id } }, alice.caller);
    expect(seenByMember.members.every((m) => m.email === null)).toBe(true);
  });

  it('never lets anyone remove, suspend or demote the creator (422 CREATOR_PROTECTED)', async () => {
    const body = { member_id: creator.id };
    await expectAppError(h.call(r.removeMember, { params: { id: g.id }, body }, mod.caller), 422, 'CREATOR_PROTECTED');
    await expectAppError(
      h.call(r.suspendMember, { params: { id: g.id }, body: { ...body, suspended: true } }, mod.caller),
      422,
      'CREATOR_PROTECTED',
    );
    await expectAppError(
      h.call(r.suspendMember, { params: { id: g.id }, body: { ...body, suspended: true } }, creator.caller),
      422,
      'CREATOR_PROTECTED',
    );
    await expectAppError(
      h.call(r.promoteMember, { params: { id: g.id }, body: { ...body, role: 'member' } }, creator.caller),
      422,
      'CREATOR_PROTECTED',
    );
    await expectAppError(h.call(r.removeMember, { params: { id: g.id }, body }, creator.caller), 422, 'CREATOR_PROTECTED');
  });

  it('lets a moderator act on plain members only, and promotions are the creator only', async () => {
    await expectAppError(
      h.call(r.removeMember, { params: { id: g.id }, body: { member_id: mod2.id } }, mod.caller),
      403,
      'NOT_GROUP_MANAGER',
    );
    await expectAppError(
      h.call(r.suspendMember, { params: { id: g.id }, body: { member_id: mod2.id, suspended: true } }, mod.caller),
      403,
      'NOT_GROUP_MANAGER',
    );
    await expectAppError(
      h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: alice.id, role: 'moderator' } }, mod.caller),
      403,
      'NOT_GROUP_MANAGER',
    );
    await expectAppError(
      h.call(r.removeMember, { params: { id: g.id }, body: { member_id: bob.id } }, alice.caller),
      403,
      'NOT_GROUP_MANAGER',
    );
    await expectAppError(
      h.call(r.removeMember, { params: { id: g.id }, body: { member_id: randomUUID() } }, mod.caller),
      404,
      'MEMBER_NOT_FOUND',
    );
    const removed = await h.call(r.removeMember, { params: { id: g.id }, body: { member_id: carol.id } }, mod.caller);
    expect(removed).toEqual({ message: 'Member removed from the group', member: null });
    expect((await h.call(r.getGroup, { params: { id: g.id } }, creator.caller)).member_count).toBe(5);
    // the creator sets a moderator back to member
    const demoted = await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: mod2.id, role: 'member' } }, creator.caller);
    expect(demoted.member).toMatchObject({ id: mod2.id, role: 'member' });
    await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: mod2.id, role: 'moderator' } }, creator.caller);
  });

  it('a suspended member reads but cannot post (403 MEMBER_SUSPENDED) until the suspension is lifted', async () => {
    const s = await h.call(r.suspendMember, { params: { id: g.id }, body: { member_id: bob.id, suspended: true } }, mod.caller);
    expect([s.message, s.member?.is_suspended]).toEqual(['Member suspended', true]);
    expect((await h.call(r.getGroup, { params: { id: g.id } }, bob.caller)).is_suspended).toBe(true);
    expect(Array.isArray(await h.call(r.groupMessages, { params: { id: g.id }, query: { limit: 50 } }, bob.caller))).toBe(true);
    const id = g.id;
    await expectAppError(h.call(r.postGroupMessage, { params: { id }, body: { content: 'x' } }, bob.caller), 403, 'MEMBER_SUSPENDED');
    await expectAppError(
      h.call(r.createGroupEvent, { params: { id }, body: { title: 'T', date: '2030-01-01', time: '10:00', description: '' } }, bob.caller),
      403,
      'MEMBER_SUSPENDED',
    );
    await expectAppError(
      h.call(
        r.createGroupPost,
        { params: { id }, body: { title: 'T', content: 'C', category: 'general', post_type: 'discussion' } },
        bob.caller,
      ),
      403,
      'MEMBER_SUSPENDED',
    );
    await expectAppError(
      h.call(
        r.uploadGroupFile,
        { params: { id }, body: { file: { storage_key: 'uploads/none.txt', filename: 'a.txt', content_type: 'text/plain', size: 1 } } },
        bob.caller,
      ),
      403,
      'MEMBER_SUSPENDED',
    );
    const lifted = await h.call(r.suspendMember, { params: { id }, body: { member_id: bob.id, suspended: false } }, creator.caller);
    expect(lifted.message).toBe('Suspension lifted');
    expect((await h.call(r.postGroupMessage, { params: { id }, body: { content: 'back' } }, bob.caller)).content).toBe('back');
  });
});

describe('browsing and my groups', () => {
  it('shows public groups and the private ones the caller belongs to, by category and name; paged', async () => {
    const tag = randomUUID().slice(0, 8);
    const pub = await create({ name: `Pub ${tag} Algebra`, category: 'academic_support' });
    const priv = await create({ name: `Priv ${tag} Algebra`, category: 'academic_support', privacy: 'private' });
    const other = await create({ name: `Pub ${tag} Design`, category: 'design_creative_arts' });
    const search = (who: TestUser, q: RouteRequest<typeof r.browseGroups>['query']) => h.call(r.browseGroups, { query: q }, who.caller);
    const forStranger = await search(alice, { search: tag, limit: 50, offset: 0 });
    expect(forStranger.groups.map((g) => g.id).sort()).toEqual([pub.id, other.id].sort());
    expect(forStranger.total).toBe(2);
    const forCreator = await search(creator, { search: tag, category: 'academic_support', limit: 50, offset: 0 });
    expect(forCreator.groups.map((g) => g.id).sort()).toEqual([pub.id, priv.id].sort());
    expect(forCreator.groups.every((g) => g.is_creator)).toBe(true);
    const byName = await search(alice, { search: `${tag} algebra`, limit: 50, offset: 0 });
    expect(byName.groups.map((g) => g.id)).toEqual([pub.id]);
    const page = await search(creator, { search: tag, limit: 1, offset: 1 });
    expect([page.groups.length, page.total]).toEqual([1, 3]);
  });

  it('lists the groups the caller created and joined', async () => {
    const u = await h.user();
    const mine = await create({}, u);
    const theirs = await create();
    await join(theirs.id, u);
    const my = await h.call(r.myGroups, {}, u.caller);
    expect(my.created_groups.map((g) => g.id)).toEqual([mine.id]);
    expect(my.joined_groups.map((g) => [g.id, g.user_role])).toEqual([[theirs.id, 'member']]);
  });
});

describe('Add Test Members', () => {
  it("adds generated people named 'Test Member N' (the creator only), never beyond max members", async () => {
    const g = await create({ max_members: 5 });
    await expectAppError(h.call(r.addTestMembers, { params: { id: g.id } }, alice.caller), 403, 'NOT_GROUP_MANAGER');
    expect(await h.call(r.addTestMembers, { params: { id: g.id } }, creator.caller)).toEqual({
      message: 'Added 3 test members',
      added_members: 3,
    });
    const detail = await h.call(r.getGroup, { params: { id: g.id } }, creator.caller);
    expect(
      detail.members
        .filter((m) => m.role === 'member')
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Test Member 1', 'Test Member 2', 'Test Member 3']);
    const rows = (await h.ds.query('SELECT count(*)::int AS n FROM group_members WHERE group_id = $1 AND is_test_member', [
      g.id,
    ])) as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(3);
    // one place left: one more, then the group is full
    expect(await h.call(r.addTestMembers, { params: { id: g.id } }, creator.caller)).toEqual({
      message: 'Added 1 test member',
      added_members: 1,
    });
    await expectAppError(h.call(r.addTestMembers, { params: { id: g.id } }, creator.caller), 422, 'GROUP_FULL');
    expect(await count(g.id)).toEqual({ member_count: 5, rows: 5 });
    const via = (await h.outbox('community.group.joined')).filter((e) => e.payload.group_id === g.id && e.payload.via === 'test');
    expect(via).toHaveLength(4);
  });

  it('is refused in production (403 NOT_IN_PRODUCTION)', async () => {
    const g = await create();
    const env = h.serviceEnv;
    const was = env.NODE_ENV;
    env.NODE_ENV = 'production';
    try {
      await expectAppError(h.call(r.addTestMembers, { params: { id: g.id } }, creator.caller), 403, 'NOT_IN_PRODUCTION');
    } finally {
      env.NODE_ENV = was;
    }
    expect(await count(g.id)).toEqual({ member_count: 1, rows: 1 });
  });
});
