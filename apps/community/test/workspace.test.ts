import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import {
  communityRoutes as r,
  GROUP_FILE_MAX_BYTES,
  identityEvents,
  systemSubjects,
  type StudyGroup,
  type UploadedFile,
} from '@lp/contracts';
import { LocalFileStore } from '@lp/storage';
import { expectAppError } from '@lp/testing';
import { CommunityHarness, type TestUser } from './support/community-harness.js';

let h: CommunityHarness;
let store: LocalFileStore;
let creator: TestUser;
let mod: TestUser;
let member: TestUser;
let suspended: TestUser;
let stranger: TestUser;
let admin: TestUser;
let g: StudyGroup;

const DAY = 86_400_000;

beforeAll(async () => {
  h = await CommunityHarness.start();
  store = new LocalFileStore(h.env.STORAGE_DIR!);
  [creator, mod, member, suspended, stranger, admin] = await Promise.all([
    h.user('learner', 'Wanda Workspace'),
    h.user(),
    h.user('learner', 'Mia Member'),
    h.user(),
    h.user(),
    h.user('admin', 'Ada Admin'),
  ]);
  g = await h.call(
    r.createGroup,
    { body: { name: 'Workspace group', description: 'd', category: 'technology_innovation', max_members: 50, privacy: 'public' } },
    creator.caller,
  );
  for (const u of [mod, member, suspended]) await h.call(r.joinGroup, { params: { id: g.id } }, u.caller);
  await h.call(r.promoteMember, { params: { id: g.id }, body: { member_id: mod.id, role: 'moderator' } }, creator.caller);
  await h.call(r.suspendMember, { params: { id: g.id }, body: { member_id: suspended.id, suspended: true } }, creator.caller);
}, 120_000);
afterAll(async () => {
  jest.restoreAllMocks();
  await h.stop();
}, 60_000);

/** What the gateway hands over after streaming a multipart part into storage. */
const uploaded = async (content: string | Buffer, filename = 'notes.txt', contentType = 'text/plain'): Promise<UploadedFile> => {
  const key = LocalFileStore.newKey('uploads', '.txt');
  const { size } = await store.put(key, content);
  return { storage_key: key, filename, content_type: contentType, size };
};

describe('messages', () => {
  it('members post and read them, oldest first among the latest; the live feed gets community.message.posted', async () => {
    const a = await h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'First' } }, member.caller);
    expect(a).toMatchObject({ group_id: g.id, author_id: member.id, author_name: 'Mia Member', content: 'First' });
    const b = await h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'Second' } }, creator.caller);
    const c = await h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'Third' } }, mod.caller);
    const list = await h.call(r.groupMessages, { params: { id: g.id }, query: { limit: 2 } }, suspended.caller);
    expect(list.map((m) => m.id)).toEqual([b.id, c.id]);
    const older = await h.call(r.groupMessages, { params: { id: g.id }, query: { limit: 10, before: b.id } }, member.caller);
    expect(older.map((m) => m.id)).toEqual([a.id]);
    const events = (await h.outbox('community.message.posted')).map((e) => e.payload);
    expect(events).toContainEqual(
      expect.objectContaining({ message_id: a.id, group_id: g.id, author_id: member.id, author_name: 'Mia Member', content: 'First' }),
    );
  });

  it('are refused to non-members (403 NOT_GROUP_MEMBER) and for an unknown group (404), and blank (400)', async () => {
    await expectAppError(h.call(r.groupMessages, { params: { id: g.id }, query: { limit: 50 } }, stranger.caller), 403, 'NOT_GROUP_MEMBER');
    await expectAppError(
      h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'hi' } }, stranger.caller),
      403,
      'NOT_GROUP_MEMBER',
    );
    await expectAppError(
      h.call(r.groupMessages, { params: { id: randomUUID() }, query: { limit: 50 } }, member.caller),
      404,
      'GROUP_NOT_FOUND',
    );
    await expectAppError(
      h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: '   ' } }, member.caller),
      400,
      'VALIDATION_FAILED',
    );
    await expectAppError(
      h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'no' } }, suspended.caller),
      403,
      'MEMBER_SUSPENDED',
    );
  });

  it("shows a deleted account's messages under 'Deleted user'", async () => {
    const u = await h.user();
    await h.call(r.joinGroup, { params: { id: g.id } }, u.caller);
    const m = await h.call(r.postGroupMessage, { params: { id: g.id }, body: { content: 'Mine' } }, u.caller);
    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: u.id, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.waitFor(
      async () =>
        ((await h.ds.query('SELECT deleted FROM users WHERE id = $1', [u.id])) as Array<{ deleted: boolean }>)[0]?.deleted === true,
    );
    const list = await h.call(r.groupMessages, { params: { id: g.id }, query: { limit: 200 } }, member.caller);
    expect(list.find((x) => x.id === m.id)).toMatchObject({ content: 'Mine', author_name: 'Deleted user' });
  });
});

describe('files', () => {
  it('a member uploads (size measured on the stored file), members list and download it, others cannot', async () => {
    const ref = await uploaded('hello group', 'Lecture notes.txt');
    const f = await h.call(r.uploadGroupFile, { params: { id: g.id }, body: { file: { ...ref, size: 999 } } }, member.caller);
    expect(f).toMatchObject({
      group_id: g.id,
      filename: 'Lecture notes.txt',
      size: 11,
      content_type: 'text/plain',
      uploader_id: member.id,
      uploader_name: 'Mia Member',
    });
    const list = await h.call(r.groupFiles, { params: { id: g.id } }, suspended.caller);
    expect(list.map((x) => x.id)).toContain(f.id);
    const ref2 = await h.call(r.downloadGroupFile, { params: { id: g.id, fileId: f.id } }, suspended.caller);
    expect(ref2).toEqual({ storage_key: ref.storage_key, filename: 'Lecture notes.txt', content_type: 'text/plain' });
    expect(await store.exists(ref2.storage_key)).toBe(true);
    await expectAppError(h.call(r.downloadGroupFile, { params: { id: g.id, fileId: f.id } }, stranger.caller), 403, 'NOT_GROUP_MEMBER');
    await expectAppError(h.call(r.groupFiles, { params: { id: g.id } }, stranger.caller), 403, 'NOT_GROUP_MEMBER');
    await expectAppError(h.call(r.downloadGroupFile, { params: { id: g.id, fileId: randomUUID() } }, member.caller), 404, 'FILE_NOT_FOUND');
  });

  it('refuses a file over 25 MB (413 FILE_TOO_LARGE) and a non-member upload, removing the stored upload', async () => {
    const big = await uploaded('x');
    await truncate(join(h.env.STORAGE_DIR!, big.storage_key), GROUP_FILE_MAX_BYTES + 1);
    await expectAppError(h.call(r.uploadGroupFile, { params: { id: g.id }, body: { file: big } }, member.caller), 413, 'FILE_TOO_LARGE');
    expect(await store.exists(big.storage_key)).toBe(false);
    const justRight = await uploaded('y');
    await truncate(join(h.env.STORAGE_DIR!, justRight.storage_key), GROUP_FILE_MAX_BYTES);
    expect((await h.call(r.uploadGroupFile, { params: { id: g.id }, body: { file: justRight } }, member.caller)).size).toBe(
      GROUP_FILE_MAX_BYTES,
    );
    const theirs = await uploaded('z');
    await expectAppError(
      h.call(r.uploadGroupFile, { params: { id: g.id }, body: { file: theirs } }, stranger.caller),
      403,
      'NOT_GROUP_MEMBER',
    );
    expect(await store.exists(theirs.storage_key)).toBe(false);
  });

  it('go from storage with their group once it is deleted', async () => {
    const other = await h.call(
      r.createGroup,
      { body: { name: 'Short-lived', description: 'd', category: 'health_wellness', max_members: 5, privacy: 'public' } },
      creator.caller,
    );
    const ref = await uploaded('bye');
    await h.call(r.uploadGroupFile, { params: { id: other.id }, body: { file: ref } }, creator.caller);
    await h.call(r.deleteGroup, { params: { id: other.id } }, creator.caller);
    expect(await store.exists(ref.storage_key)).toBe(false);
  });
});

describe('events', () => {
  it('members schedule them (optional meeting link), listed soonest first; bad input is 400', async () => {
    const later = await h.call(
      r.createGroupEvent,
      {
        params: { id: g.id },
        body: {
          title: 'Exam prep',
          date: '2031-05-02',
          time: '18:30',
          meeting_link: 'https://meet.example/abc',
          description: 'Bring questions',
        },
      },
      member.caller,
    );
    expect(later).toMatchObject({
      title: 'Exam prep',
      date: '2031-05-02',
      time: '18:30',
      meeting_link: 'https://meet.example/abc',
      organizer_name: 'Mia Member',
    });
    const sooner = await h.call(
      r.createGroupEvent,
      { params: { id: g.id }, body: { title: 'Kick-off', date: '2031-05-01', time: '09:00', meeting_link: '', description: '' } },
      mod.caller,
    );
    expect(sooner.meeting_link).toBeNull();
    const list = await h.call(r.groupEvents, { params: { id: g.id } }, member.caller);
    expect(list.map((e) => e.id)).toEqual([sooner.id, later.id]);
    await expectAppError(
      h.call(
        r.createGroupEvent,
        { params: { id: g.id }, body: { title: 'x', date: '2031-5-1', time: '25:00', description: '' } },
        member.caller,
      ),
      400,
      'VALIDATION_FAILED',
    );
    await expectAppError(h.call(r.groupEvents, { params: { id: g.id } }, stranger.caller), 403, 'NOT_GROUP_MEMBER');
  });
});

describe('Group Discussions', () => {
  it('members post discussions and questions; the author or an admin edits and deletes', async () => {
    const p = await h.call(
      r.createGroupPost,
      { params: { id: g.id }, body: { title: 'How to start?', content: 'Any tips', category: 'study_tips', post_type: 'question' } },
      member.caller,
    );
    expect(p).toMatchObject({
      title: 'How to start?',
      category: 'study_tips',
      post_type: 'question',
      author_name: 'Mia Member',
      can_edit: true,
    });
    const events = (await h.outbox('community.forum-post.created')).map((e) => e.payload);
    expect(events).toContainEqual(
      expect.objectContaining({ post_id: p.id, group_id: g.id, author_id: member.id, title: 'How to start?', post_type: 'question' }),
    );
    const seenByMod = (await h.call(r.groupPosts, { params: { id: g.id } }, mod.caller)).find((x) => x.id === p.id);
    expect(seenByMod?.can_edit).toBe(false);
    const params = { id: g.id, postId: p.id };
    await expectAppError(
      h.call(r.updateGroupPost, { params, body: { title: 'Hijack', content: 'x' } }, mod.caller),
      403,
      'NOT_POST_AUTHOR',
    );
    await expectAppError(h.call(r.deleteGroupPost, { params }, creator.caller), 403, 'NOT_POST_AUTHOR');
    const edited = await h.call(
      r.updateGroupPost,
      { params, body: { title: 'How do I start?', content: 'Any tips, please' } },
      member.caller,
    );
    expect(edited).toMatchObject({ title: 'How do I start?', content: 'Any tips, please', category: 'study_tips' });
    const byAdmin = await h.call(
      r.updateGroupPost,
      { params, body: { title: 'Moderated', content: 'ok', category: 'general' } },
      admin.caller,
    );
    expect(byAdmin).toMatchObject({ title: 'Moderated', category: 'general', author_id: member.id });
    expect(await h.call(r.deleteGroupPost, { params }, admin.caller)).toEqual({ message: 'Post deleted successfully!' });
    await expectAppError(h.call(r.deleteGroupPost, { params }, member.caller), 404, 'POST_NOT_FOUND');
    const mine = await h.call(
      r.createGroupPost,
      { params: { id: g.id }, body: { title: 'Mine', content: 'c', category: 'general', post_type: 'discussion' } },
      member.caller,
    );
    expect(await h.call(r.deleteGroupPost, { params: { id: g.id, postId: mine.id } }, member.caller)).toEqual({
      message: 'Post deleted successfully!',
    });
    await expectAppError(h.call(r.groupPosts, { params: { id: g.id } }, stranger.caller), 403, 'NOT_GROUP_MEMBER');
  });
});

describe('analytics', () => {
  it('counts members joined, messages and posts per week over 8 weeks, growth against the week before, activity and pending invitations', async () => {
    const fresh = await h.call(
      r.createGroup,
      { body: { name: 'Analytics', description: 'd', category: 'marketing_sales', max_members: 50, privacy: 'public' } },
      creator.caller,
    );
    const empty = await h.call(r.groupAnalytics, { params: { id: fresh.id } }, creator.caller);
    expect(empty.weeks).toHaveLength(8);
    expect(empty.member_growth_percent).toBeNull();
    // two members joined 10 days ago (the 7 days before), then three this week: +50%
    const [a, b, c, d, e] = await Promise.all([h.user(), h.user(), h.user(), h.user(), h.user()]);
    const spy = jest.spyOn(h.clock, 'now').mockImplementation(() => new Date(Date.now() - 10 * DAY));
    try {
      for (const u of [a, b]) await h.call(r.joinGroup, { params: { id: fresh.id } }, u.caller);
    } finally {
      spy.mockRestore();
    }
    // the creator joined at creation, now: 1 + 2 this week = 3 against 2
    for (const u of [c, d]) await h.call(r.joinGroup, { params: { id: fresh.id } }, u.caller);
    await h.call(r.postGroupMessage, { params: { id: fresh.id }, body: { content: 'one' } }, c.caller);
    await h.call(r.postGroupMessage, { params: { id: fresh.id }, body: { content: 'two' } }, c.caller);
    await h.call(
      r.createGroupPost,
      { params: { id: fresh.id }, body: { title: 't', content: 'c', category: 'general', post_type: 'discussion' } },
      d.caller,
    );
    await h.call(r.sendInvitation, { params: { id: fresh.id }, body: { email: e.email } }, creator.caller);
    const stats = await h.call(r.groupAnalytics, { params: { id: fresh.id } }, creator.caller);
    expect(stats.member_count).toBe(5);
    expect(stats.member_growth_percent).toBe(50);
    expect(stats.active_members_7d).toBe(2);
    expect(stats.pending_invitations).toBe(1);
    const weeks = stats.weeks;
    expect(weeks.reduce((s, w) => s + w.members_joined, 0)).toBe(5);
    expect(weeks.at(-1)).toMatchObject({ messages: 2, posts: 1 });
    expect(weeks.map((w) => w.week_start)).toEqual([...weeks.map((w) => w.week_start)].sort());
    expect(new Date(`${weeks.at(-1)!.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
    await expectAppError(h.call(r.groupAnalytics, { params: { id: fresh.id } }, c.caller), 403, 'NOT_GROUP_MANAGER');
  });
});

describe('direct messages', () => {
  it('go to an existing person, are listed for both, newest first; never to oneself (422) or to nobody (404)', async () => {
    const sent = await h.call(
      r.sendDirectMessage,
      { body: { recipient_id: member.id, content: 'Hello Mia', context: g.id } },
      creator.caller,
    );
    expect(sent).toMatchObject({
      sender_id: creator.id,
      sender_name: 'Wanda Workspace',
      recipient_id: member.id,
      recipient_name: 'Mia Member',
      content: 'Hello Mia',
      context: g.id,
    });
    const reply = await h.call(r.sendDirectMessage, { body: { recipient_id: creator.id, content: 'Hi Wanda' } }, member.caller);
    expect(reply.context).toBeNull();
    const mine = await h.call(r.directMessages, { query: { limit: 50 } }, member.caller);
    expect(mine.map((m) => m.id)).toEqual([reply.id, sent.id]);
    expect(await h.call(r.directMessages, { query: { limit: 50 } }, stranger.caller)).toEqual([]);
    const self = await expectAppError(
      h.call(r.sendDirectMessage, { body: { recipient_id: creator.id, content: 'me' } }, creator.caller),
      422,
      'BUSINESS_RULE',
    );
    expect(self.errors).toEqual([{ path: 'recipient_id', message: 'You cannot send a message to yourself' }]);
    await expectAppError(
      h.call(r.sendDirectMessage, { body: { recipient_id: randomUUID(), content: 'anyone?' } }, creator.caller),
      404,
      'RECIPIENT_NOT_FOUND',
    );
  });
});

describe("the user's data export", () => {
  it("holds the person's groups, memberships, messages, posts, files, events, invitations and direct messages", async () => {
    const res = (await h.client.request(systemSubjects.exportUserData('community'), { user_id: member.id })) as {
      service: string;
      data: Record<string, unknown[]>;
    };
    expect(res.service).toBe('community');
    const d = res.data;
    expect(d.study_group_memberships).toContainEqual(
      expect.objectContaining({ group_id: g.id, group_name: 'Workspace group', role: 'member' }),
    );
    expect(d.study_group_messages).toContainEqual(expect.objectContaining({ group_id: g.id, content: 'First' }));
    expect(d.study_group_files).toContainEqual(expect.objectContaining({ filename: 'Lecture notes.txt', size: 11 }));
    expect(d.study_group_events).toContainEqual(expect.objectContaining({ title: 'Exam prep', date: '2031-05-02', time: '18:30' }));
    expect(d.direct_messages).toEqual([
      expect.objectContaining({ direction: 'received', with: 'Wanda Workspace', content: 'Hello Mia' }),
      expect.objectContaining({ direction: 'sent', with: 'Wanda Workspace', content: 'Hi Wanda' }),
    ]);
    const creatorData = (
      (await h.client.request(systemSubjects.exportUserData('community'), { user_id: creator.id })) as { data: Record<string, unknown[]> }
    ).data;
    expect(creatorData.study_groups_created).toContainEqual(expect.objectContaining({ id: g.id, name: 'Workspace group' }));
    expect(creatorData.study_group_invitations_sent).toHaveLength(1);
  });
});
