import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { communityRoutes as r, type DirectMessage } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { CommunityHarness, type TestUser } from './support/community-harness.js';

let h: CommunityHarness;
let ann: TestUser;
let ben: TestUser;
let cid: TestUser;
let dee: TestUser;

beforeAll(async () => {
  h = await CommunityHarness.start();
  [ann, ben, cid, dee] = await Promise.all([
    h.user('learner', 'Ann Inbox'),
    h.user('instructor', 'Ben Thread'),
    h.user('learner', 'Cid Third'),
    h.user('learner', 'Dee Pager'),
  ]);
}, 120_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const send = (from: TestUser, to: TestUser, content: string): Promise<DirectMessage> =>
  h.call(r.sendDirectMessage, { body: { recipient_id: to.id, content } }, from.caller);
const inbox = (u: TestUser, query: { limit?: number; offset?: number } = {}) =>
  h.call(r.conversations, { query: { limit: 20, offset: 0, ...query } }, u.caller);
const thread = (u: TestUser, other: TestUser, query: { limit?: number; before?: string } = {}) =>
  h.call(r.conversation, { params: { userId: other.id }, query: { limit: 30, ...query } }, u.caller);

describe('the inbox', () => {
  it('groups messages into one conversation per other person, the latest first, with unread counts', async () => {
    const a1 = await send(ben, ann, 'Hello Ann');
    await send(ben, ann, 'Are you there?');
    const c1 = await send(cid, ann, 'Hi from Cid');
    const a3 = await send(ann, ben, 'Yes, here');

    const annBox = await inbox(ann);
    expect(annBox.total).toBe(2);
    expect(annBox.unread).toBe(3);
    expect(annBox.conversations.map((c) => [c.user_id, c.user_name, c.last_message.id, c.unread])).toEqual([
      [ben.id, 'Ben Thread', a3.id, 2],
      [cid.id, 'Cid Third', c1.id, 1],
    ]);
    // the caller's own reply is the last message; it is unread for Ben, not for Ann
    expect(annBox.conversations[0]!.last_message).toMatchObject({ sender_id: ann.id, recipient_name: 'Ben Thread', read_at: null });

    const benBox = await inbox(ben);
    expect(benBox.conversations.map((c) => [c.user_id, c.unread])).toEqual([[ann.id, 1]]);
    expect(await h.call(r.directMessagesUnread, {}, ben.caller)).toEqual({ unread: 1 });
    // GET /messages answers as before, read receipts added
    const flat = await h.call(r.directMessages, { query: { limit: 50 } }, ann.caller);
    expect(flat.map((m) => m.id)).toContain(a1.id);
    expect(flat.find((m) => m.id === a1.id)).toMatchObject({ sender_name: 'Ben Thread', read_at: null });
  });

  it('pages the inbox by offset without repeats', async () => {
    const first = await inbox(ann, { limit: 1 });
    const second = await inbox(ann, { limit: 1, offset: 1 });
    const past = await inbox(ann, { limit: 1, offset: 2 });
    expect([...first.conversations, ...second.conversations].map((c) => c.user_id)).toEqual([ben.id, cid.id]);
    expect(past).toMatchObject({ conversations: [], total: 2 });
  });

  it('is empty for someone who never wrote or was written to', async () => {
    expect(await inbox(dee)).toEqual({ conversations: [], total: 0, unread: 0 });
  });
});

describe('a thread', () => {
  it("holds both directions oldest first, and a third person never sees another pair's messages", async () => {
    const t = await thread(ann, ben);
    expect(t).toMatchObject({ user_id: ben.id, user_name: 'Ben Thread', can_reply: true, has_older: false });
    expect(t.messages.map((m) => m.content)).toEqual(['Hello Ann', 'Are you there?', 'Yes, here']);
    // Cid asking for "the thread with Ben" gets his own (empty) one, never Ann's
    const cids = await thread(cid, ben);
    expect(cids.messages).toEqual([]);
    expect((await thread(cid, ann)).messages.map((m) => m.content)).toEqual(['Hi from Cid']);
    // nor does a cursor from Ann's thread open it for Cid
    expect((await thread(cid, ben, { before: t.messages.at(-1)!.id })).messages).toEqual([]);
  });

  it('pages backwards from the newest without gaps or repeats, also with messages sent at the same instant', async () => {
    const sent: string[] = [];
    for (let i = 1; i <= 7; i++) sent.push((await send(dee, cid, `Message ${i}`)).id);
    // two more at one instant: (created_at, id) must still order them once
    const at = new Date();
    const tied: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO direct_messages (sender_id, recipient_id, content, created_at) VALUES ($1, $2, 'Tied a', $3), ($2, $1, 'Tied b', $3) RETURNING id`,
      [cid.id, dee.id, at],
    );
    const newest = await thread(dee, cid, { limit: 4 });
    expect(newest.has_older).toBe(true);
    const pages = [newest.messages];
    let cursor = newest.messages[0]!.id;
    for (let more = newest.has_older; more;) {
      const page = await thread(dee, cid, { limit: 4, before: cursor });
      pages.unshift(page.messages);
      cursor = page.messages[0]!.id;
      more = page.has_older;
    }
    const ids = pages.flat().map((m) => m.id);
    expect(ids).toHaveLength(9);
    expect(new Set(ids).size).toBe(9);
    expect(ids.slice(0, 7)).toEqual(sent);
    expect(new Set(ids.slice(7))).toEqual(new Set(tied.map((t) => t.id)));
    const whole = await thread(dee, cid, { limit: 100 });
    expect(whole.messages.map((m) => m.id)).toEqual(ids);
  });

  it('refuses oneself (400 OWN_CONVERSATION) and a person nobody knows (404 CORRESPONDENT_NOT_FOUND)', async () => {
    const self = await expectAppError(thread(ann, ann), 400, 'OWN_CONVERSATION');
    expect(self.detail).toBe('You cannot have a conversation with yourself');
    const nobody = await expectAppError(
      h.call(r.conversation, { params: { userId: randomUUID() }, query: { limit: 30 } }, ann.caller),
      404,
      'CORRESPONDENT_NOT_FOUND',
    );
    expect(nobody.detail).toBe('This person was not found');
    await expectAppError(h.call(r.markConversationRead, { params: { userId: ann.id } }, ann.caller), 400, 'OWN_CONVERSATION');
    await expectAppError(h.call(r.markConversationRead, { params: { userId: randomUUID() } }, ann.caller), 404, 'CORRESPONDENT_NOT_FOUND');
  });
});

describe('read receipts', () => {
  it("mark only the other person's messages to the caller, tell the sender once, and leave other conversations unread", async () => {
    const before = (await h.outbox('community.direct-messages.read')).length;
    const res = await h.call(r.markConversationRead, { params: { userId: ben.id } }, ann.caller);
    expect(res).toEqual({ marked: 2, unread: 1 });

    const t = await thread(ann, ben);
    const [hello, there, mine] = t.messages;
    expect(hello!.read_at).not.toBeNull();
    expect(there!.read_at).not.toBeNull();
    // Ann's own message stays unread until Ben opens the conversation
    expect(mine!.read_at).toBeNull();
    expect((await inbox(ann)).conversations.map((c) => c.unread)).toEqual([0, 1]);

    const events = (await h.outbox('community.direct-messages.read')).map((e) => e.payload);
    expect(events.slice(before)).toEqual([
      expect.objectContaining({ v: 1, user_id: ben.id, reader_id: ann.id, last_message_id: there!.id, count: 2 }),
    ]);
    // a second opening reads nothing new and says nothing
    expect(await h.call(r.markConversationRead, { params: { userId: ben.id } }, ann.caller)).toEqual({ marked: 0, unread: 1 });
    expect((await h.outbox('community.direct-messages.read')).length).toBe(before + 1);

    await h.call(r.markConversationRead, { params: { userId: ann.id } }, ben.caller);
    expect((await thread(ann, ben)).messages.at(-1)!.read_at).not.toBeNull();
  });
});

describe('community.direct-message.sent', () => {
  it('is in the outbox for the recipient with the message', async () => {
    const m = await send(ann, dee, 'Live one');
    const events = (await h.outbox('community.direct-message.sent')).map((e) => e.payload);
    expect(events).toContainEqual({
      v: 1,
      message_id: m.id,
      user_id: dee.id,
      sender_id: ann.id,
      sender_name: 'Ann Inbox',
      content: 'Live one',
      context: null,
      unread_since_id: m.id,
      sent_at: m.created_at,
    });
  });

  it('names the first unread message of the run, so messages in a row share it and one after reading starts a new run', async () => {
    const first = await send(ben, dee, 'One');
    const second = await send(ben, dee, 'Two');
    await h.call(r.markConversationRead, { params: { userId: ben.id } }, dee.caller);
    const third = await send(ben, dee, 'Three');
    const runs = (await h.outbox('community.direct-message.sent'))
      .map((e) => e.payload)
      .filter((p) => [first.id, second.id, third.id].includes(p.message_id as string))
      .map((p) => p.unread_since_id);
    expect(runs).toEqual([first.id, first.id, third.id]);
  });

  it('is written in the same transaction as the message: when the outbox refuses it, no message is stored', async () => {
    await h.ds.query(`CREATE OR REPLACE FUNCTION refuse_dm_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'community.direct-message.sent' THEN RAISE EXCEPTION 'outbox refused'; END IF; RETURN NEW; END $$`);
    await h.ds.query('CREATE TRIGGER refuse_dm_event BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_dm_event()');
    try {
      await expect(send(ann, dee, 'Never stored')).rejects.toBeTruthy();
    } finally {
      await h.ds.query('DROP TRIGGER refuse_dm_event ON outbox');
      await h.ds.query('DROP FUNCTION refuse_dm_event()');
    }
    expect(await h.ds.query(`SELECT 1 FROM direct_messages WHERE content = 'Never stored'`)).toEqual([]);
  });
});
