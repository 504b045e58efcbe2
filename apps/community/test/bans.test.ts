import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { communityRoutes as r, type GroupBan, type RouteRequest, type StudyGroup } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { CommunityHarness, type TestUser } from './support/community-harness.js';

/**
 * Issue 24, "moderation that sticks": suspensions and removals are bans recorded on the group
 * (group_bans); they outlive leaving and rejoining and end only when a moderator lifts them
 * (a removal also with an invitation sent after it).
 */
type CreateBody = RouteRequest<typeof r.createGroup>['body'];

let h: CommunityHarness;
let creator: TestUser;
let mod: TestUser;

beforeAll(async () => {
  h = await CommunityHarness.start({ PUBLIC_URL: 'https://learn.example/', INVITATION_SECRET: 'a-test-secret-for-invitation-links' });
  [creator, mod] = await Promise.all([h.user('learner', 'Creator Cleo'), h.user('learner', 'Moderator Mo')]);
}, 120_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const create = (over: Partial<CreateBody> = {}): Promise<StudyGroup> =>
  h.call(
    r.createGroup,
    {
      body: {
        name: `Bans ${randomUUID().slice(0, 6)}`,
        description: 'We study together',
        category: 'programming_development',
        max_members: 50,
        privacy: 'public',
        ...over,
      },
    },
    creator.caller,
  );
/** A group with the moderator in it; the people given join it (a private group by invitation). */
const groupWith = async (people: TestUser[], over: Partial<CreateBody> = {}): Promise<StudyGroup> => {
  const g = await create(over);
  for (const u of [mod, ...people]) {
    if (g.privacy === 'private') await accept(await invite(g.id, u), u);
    else await join(g.id, u);
  }
  await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: mod.id, role: 'moderator' } }, creator.caller);
  return g;
};
const join = (id: string, who: TestUser) => h.call(r.joinGroup, { params: { id } }, who.caller);
const leave = (id: string, who: TestUser) => h.call(r.leaveGroup, { params: { id } }, who.caller);
const post = (id: string, who: TestUser) => h.call(r.postGroupMessage, { params: { id }, body: { content: 'hello' } }, who.caller);
const suspend = (id: string, member: TestUser, by = creator, reason?: string) =>
  h.call(r.suspendMember, { params: { id }, body: { member_id: member.id, suspended: true, ...(reason ? { reason } : {}) } }, by.caller);
const remove = (id: string, member: TestUser, by = creator, reason?: string) =>
  h.call(r.removeMember, { params: { id }, body: { member_id: member.id, ...(reason ? { reason } : {}) } }, by.caller);
const bans = (id: string, by = creator, status: 'active' | 'all' = 'active') =>
  h.call(r.groupBans, { params: { id }, query: { status } }, by.caller);
const lift = (id: string, banId: string, by = creator) => h.call(r.liftBan, { params: { id, banId } }, by.caller);
const invite = async (groupId: string, who: TestUser, by = creator) =>
  (await h.call(r.sendInvitation, { params: { id: groupId }, body: { email: who.email } }, by.caller)).invitation_link.split('/').pop()!;
const accept = (token: string, who: TestUser) => h.call(r.acceptInvitation, { params: { token } }, who.caller);
const card = (id: string, who: TestUser) => h.call(r.getGroup, { params: { id } }, who.caller);
const banOf = async (groupId: string, user: TestUser, kind: GroupBan['kind'], status: 'active' | 'all' = 'active') =>
  (await bans(groupId, creator, status)).find((b) => b.user_id === user.id && b.kind === kind);

describe('a suspension', () => {
  it('is recorded on the group with who and when, and survives leaving and joining again', async () => {
    const sam = await h.user('learner', 'Suspended Sam');
    const g = await groupWith([sam]);
    await suspend(g.id, sam, mod, 'Spam in the chat');
    const [ban] = await bans(g.id, mod);
    expect(ban).toMatchObject({
      user_id: sam.id,
      name: 'Suspended Sam',
      email: sam.email,
      kind: 'suspended',
      reason: 'Spam in the chat',
      banned_by_id: mod.id,
      banned_by_name: 'Moderator Mo',
      is_member: true,
      lifted_at: null,
      lifted_by_id: null,
      lifted_via: null,
    });
    expect(Math.abs(new Date(ban!.banned_at).getTime() - Date.now())).toBeLessThan(60_000);

    await leave(g.id, sam);
    expect(await card(g.id, sam)).toMatchObject({ is_member: false, is_suspended: true, is_removed: false, can_join: true });
    const back = await join(g.id, sam);
    expect(back.message).toBe(`You joined ${g.name}: you are still suspended there and cannot post`);
    expect(back.group).toMatchObject({ is_member: true, is_suspended: true });
    await expectAppError(post(g.id, sam), 403, 'MEMBER_SUSPENDED');
    await expectAppError(
      h.call(
        r.createGroupPost,
        { params: { id: g.id }, body: { title: 'T', content: 'C', category: 'general', post_type: 'discussion' } },
        sam.caller,
      ),
      403,
      'MEMBER_SUSPENDED',
    );
    await expectAppError(
      h.call(
        r.createGroupEvent,
        { params: { id: g.id }, body: { title: 'T', date: '2030-01-01', time: '10:00', description: '' } },
        sam.caller,
      ),
      403,
      'MEMBER_SUSPENDED',
    );
    expect((await card(g.id, creator)).members.find((m) => m.id === sam.id)?.is_suspended).toBe(true);
    // still one suspension, not a second one
    expect((await bans(g.id)).filter((b) => b.user_id === sam.id)).toHaveLength(1);
  });

  it('ends when a moderator lifts it; the row stays as history with who lifted it', async () => {
    const sam = await h.user();
    const g = await groupWith([sam]);
    await suspend(g.id, sam);
    await leave(g.id, sam);
    const ban = (await banOf(g.id, sam, 'suspended'))!;
    const lifted = await lift(g.id, ban.id, mod);
    expect(lifted).toMatchObject({
      message: 'Suspension lifted',
      ban: { id: ban.id, lifted_by_id: mod.id, lifted_by_name: 'Moderator Mo', lifted_via: 'moderator', is_member: false },
    });
    expect(await bans(g.id)).toEqual([]);
    expect((await bans(g.id, creator, 'all')).map((b) => b.id)).toEqual([ban.id]);
    await join(g.id, sam);
    expect((await post(g.id, sam)).content).toBe('hello');
    // suspend-member with suspended: false is the other way to lift it (the same history)
    await suspend(g.id, sam);
    await h.call(r.suspendMember, { params: { id: g.id }, body: { member_id: sam.id, suspended: false } }, mod.caller);
    expect((await bans(g.id, creator, 'all')).filter((b) => b.lifted_via === 'moderator')).toHaveLength(2);
    expect((await post(g.id, sam)).content).toBe('hello');
  });
});

describe('a removal', () => {
  it('refuses the removed person a join (403 MEMBER_REMOVED) and says so on the card', async () => {
    const rex = await h.user('learner', 'Removed Rex');
    const g = await groupWith([rex]);
    await remove(g.id, rex, mod, 'Harassment');
    const err = await expectAppError(join(g.id, rex), 403, 'MEMBER_REMOVED');
    expect(err.detail).toMatch(/only through an invitation/);
    expect(await card(g.id, rex)).toMatchObject({ is_member: false, is_removed: true, can_join: false, members: [] });
    expect(await banOf(g.id, rex, 'removed')).toMatchObject({ reason: 'Harassment', banned_by_id: mod.id, is_member: false });
    // others still join
    const other = await h.user();
    expect((await join(g.id, other)).group.is_member).toBe(true);
  });

  it('lets the person back with an invitation sent after it, which lifts it (lifted by whoever invited)', async () => {
    const rex = await h.user();
    const g = await groupWith([rex]);
    await remove(g.id, rex);
    const token = await invite(g.id, rex, mod);
    expect(await card(g.id, rex)).toMatchObject({ is_removed: true, has_invitation: true });
    expect(await accept(token, rex)).toMatchObject({ status: 'accepted', group_id: g.id });
    const ban = (await banOf(g.id, rex, 'removed', 'all'))!;
    expect(ban).toMatchObject({ lifted_via: 'invitation', lifted_by_id: mod.id, is_member: true });
    expect(ban.lifted_at).not.toBeNull();
    const [row] = (await h.ds.query('SELECT invitation_id FROM group_bans WHERE id = $1', [ban.id])) as Array<{ invitation_id: string }>;
    expect(row!.invitation_id).toEqual(expect.any(String));
    expect((await post(g.id, rex)).content).toBe('hello');
    const events = (await h.outbox('community.group.joined')).map((e) => e.payload);
    expect(events).toContainEqual(expect.objectContaining({ group_id: g.id, user_id: rex.id, via: 'invitation' }));
  });

  it('does not yield to an invitation sent before it; a resend makes it count', async () => {
    const rex = await h.user();
    const g = await create();
    // invited, but joined by the button: the invitation stays pending
    const stale = await invite(g.id, rex);
    await join(g.id, rex);
    await remove(g.id, rex);
    await expectAppError(accept(stale, rex), 403, 'MEMBER_REMOVED');
    await expectAppError(join(g.id, rex), 403, 'MEMBER_REMOVED');
    expect(await card(g.id, rex)).toMatchObject({ is_removed: true, has_invitation: false, can_join: false });
    const [inv] = (await h.call(r.listInvitations, { params: { id: g.id } }, creator.caller)).filter((i) => i.status === 'pending');
    await h.call(r.resendInvitation, { params: { id: inv!.id } }, creator.caller);
    expect(await card(g.id, rex)).toMatchObject({ is_removed: true, has_invitation: true });
    // joining with the pending invitation to one's e-mail counts as accepting it
    expect((await join(g.id, rex)).group.is_member).toBe(true);
    expect(await banOf(g.id, rex, 'removed', 'all')).toMatchObject({ lifted_via: 'invitation', lifted_by_id: creator.id });
    expect((await h.call(r.listInvitations, { params: { id: g.id } }, creator.caller)).find((i) => i.id === inv!.id)?.status).toBe(
      'accepted',
    );
  });

  it('of a private group answers 403 MEMBER_REMOVED when the removed person opens it', async () => {
    const rex = await h.user();
    const g = await groupWith([rex], { privacy: 'private' });
    await remove(g.id, rex);
    await expectAppError(card(g.id, rex), 403, 'MEMBER_REMOVED');
    await expectAppError(card(g.id, await h.user()), 403, 'GROUP_PRIVATE');
  });

  it('lifted by a moderator lets the person join again', async () => {
    const rex = await h.user();
    const g = await groupWith([rex]);
    await remove(g.id, rex);
    const ban = (await banOf(g.id, rex, 'removed'))!;
    expect((await lift(g.id, ban.id, mod)).message).toBe('Removal lifted: the person may join again');
    expect((await join(g.id, rex)).group.is_member).toBe(true);
  });

  it('of a suspended member keeps the suspension when an invitation brings them back', async () => {
    const sam = await h.user();
    const g = await groupWith([sam]);
    await suspend(g.id, sam);
    await remove(g.id, sam);
    expect(
      (await bans(g.id))
        .filter((b) => b.user_id === sam.id)
        .map((b) => b.kind)
        .sort(),
    ).toEqual(['removed', 'suspended']);
    await accept(await invite(g.id, sam), sam);
    expect((await bans(g.id)).filter((b) => b.user_id === sam.id).map((b) => b.kind)).toEqual(['suspended']);
    await expectAppError(post(g.id, sam), 403, 'MEMBER_SUSPENDED');
  });
});

describe('lifting and listing', () => {
  it('is for the creator and moderators: 403 for members and strangers, 404 for an unknown ban or one of another group, 422 twice', async () => {
    const [rex, plain, stranger] = await Promise.all([h.user(), h.user(), h.user()]);
    const g = await groupWith([rex, plain]);
    const other = await groupWith([]);
    await remove(g.id, rex);
    const ban = (await banOf(g.id, rex, 'removed'))!;
    await expectAppError(bans(g.id, plain), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(bans(g.id, rex), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(lift(g.id, ban.id, plain), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(lift(g.id, ban.id, stranger), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(lift(g.id, ban.id, rex), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(lift(g.id, randomUUID()), 404, 'BAN_NOT_FOUND');
    await expectAppError(lift(other.id, ban.id), 404, 'BAN_NOT_FOUND');
    await lift(g.id, ban.id);
    await expectAppError(lift(g.id, ban.id), 422, 'BAN_ALREADY_LIFTED');
  });

  it("is the creator's alone for a moderator's ban, and a suspended moderator lifts nothing, their own least", async () => {
    const mod2 = await h.user();
    const g = await groupWith([mod2]);
    await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: mod2.id, role: 'moderator' } }, creator.caller);
    await suspend(g.id, mod2);
    const ban = (await banOf(g.id, mod2, 'suspended'))!;
    await expectAppError(lift(g.id, ban.id, mod), 403, 'NOT_GROUP_MANAGER');
    await expectAppError(lift(g.id, ban.id, mod2), 403, 'MEMBER_SUSPENDED');
    await expectAppError(
      h.call(r.suspendMember, { params: { id: g.id }, body: { member_id: mod2.id, suspended: false } }, mod2.caller),
      403,
      'MEMBER_SUSPENDED',
    );
    // leaving and coming back as a plain member does not shake it off either
    await leave(g.id, mod2);
    await join(g.id, mod2);
    await expectAppError(lift(g.id, ban.id, mod2), 403, 'NOT_GROUP_MANAGER');
    expect((await lift(g.id, ban.id)).ban.lifted_by_id).toBe(creator.id);
  });
});

describe('the database', () => {
  it('holds one ban of each kind per person and group, and nobody bans themself', async () => {
    const sam = await h.user();
    const g = await groupWith([sam]);
    await suspend(g.id, sam);
    const insert = (userId: string, by: string) =>
      h.ds.query(`INSERT INTO group_bans (group_id, user_id, kind, banned_by, banned_at) VALUES ($1, $2, 'suspended', $3, now())`, [
        g.id,
        userId,
        by,
      ]);
    await expect(insert(sam.id, creator.id)).rejects.toMatchObject({ constraint: 'group_bans_active_key' });
    await expect(insert(mod.id, mod.id)).rejects.toMatchObject({ constraint: 'group_bans_not_self_check' });
    await expect(h.ds.query(`UPDATE group_bans SET lifted_at = now() WHERE group_id = $1`, [g.id])).rejects.toMatchObject({
      constraint: 'group_bans_lift_check',
    });
  });

  it('never lets a join slip past a removal written at the same time', async () => {
    const rex = await h.user();
    const g = await groupWith([rex]);
    for (let i = 0; i < 8; i++) {
      const [removed, joined] = await Promise.allSettled([remove(g.id, rex), join(g.id, rex)]);
      expect(removed.status).toBe('fulfilled');
      expect(joined.status).toBe('rejected');
      const [row] = (await h.ds.query(
        `SELECT EXISTS (SELECT 1 FROM group_members WHERE group_id = $1 AND user_id = $2) AS member,
                EXISTS (SELECT 1 FROM group_bans WHERE group_id = $1 AND user_id = $2 AND kind = 'removed' AND lifted_at IS NULL) AS removed`,
        [g.id, rex.id],
      )) as Array<{ member: boolean; removed: boolean }>;
      expect(row).toEqual({ member: false, removed: true });
      await lift(g.id, (await banOf(g.id, rex, 'removed'))!.id);
      await join(g.id, rex);
    }
  });
});
