import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { communityEvents, LIVE_STREAM, type EventDef, type User } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { UnitOfWork } from '@lp/service-kit';
import type { z } from 'zod';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Community's live feeds through the gateway: server-sent events read with fetch() as the
 * SPA reads them. Refusals come before any stream, as JSON; a member's stream receives what
 * is posted in the group, and nothing of other groups.
 */

type Auth = { token: string; user: User };
type Frame = { event?: string; data?: string; retry?: number; comments: string[] };

jest.setTimeout(60_000);

interface Feed {
  status: number;
  headers: Headers;
  frames: Frame[];
  /** the first frame of this event matching `match`, waiting for it up to `ms` */
  next(event: string, match?: (data: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  close(): void;
  /** resolves when the gateway ends the stream */
  ended: Promise<void>;
}

describe('community live feeds through the gateway', () => {
  let stack: Stack;
  let creator: Auth;
  let member: Auth;
  let suspended: Auth;
  let outsider: Auth;
  let memberOfB: Auth;
  let groupA: string;
  let groupB: string;
  let question: string;
  const open: Feed[] = [];

  const register = async (tag: string): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name: `Live ${tag}`, email: uniqueEmail(`live-${tag}`), password: 'secret-pass-1', role: 'learner' },
    });
    expect({ status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    return res.body;
  };

  /** A group with its members, as community stores them (the membership rules have tests of their own). */
  const makeGroup = async (owner: Auth, members: Array<{ who: Auth; suspended?: boolean }>): Promise<string> => {
    const id = randomUUID();
    await stack.community.ds.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO study_groups (id, name, description, category, max_members, privacy, creator_id, member_count) VALUES ($1, $2, 'Live feed test', 'programming_development', 50, 'private', $3, $4)`,
        [id, `Live ${id.slice(0, 8)}`, owner.user.id, members.length + 1],
      );
      await tx.query(`INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 'creator')`, [id, owner.user.id]);
      for (const m of members) {
        await tx.query(`INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 'member')`, [id, m.who.user.id]);
        // a suspension is a ban recorded on the group (issue 24), placed here by the owner
        if (m.suspended)
          await tx.query(`INSERT INTO group_bans (group_id, user_id, kind, banned_by, banned_at) VALUES ($1, $2, 'suspended', $3, now())`, [
            id,
            m.who.user.id,
            owner.user.id,
          ]);
      }
    });
    return id;
  };

  /**
   * An event written the way community writes it: into its outbox in a transaction, which
   * its relay then publishes. (The message, post and answer routes are other work; they
   * write these same events.)
   */
  const emit = async <E extends EventDef>(event: E, payload: z.input<E['schema']>): Promise<void> => {
    await stack.community.app.get(UnitOfWork).run((tx) => writeEvent(tx, event, payload));
  };
  const message = (groupId: string, author: Auth, content: string) => ({
    v: 1 as const,
    message_id: randomUUID(),
    group_id: groupId,
    author_id: author.user.id,
    author_name: author.user.name,
    content,
    created_at: new Date().toISOString(),
  });

  const feed = async (path: string, who: Auth | null): Promise<Feed> => {
    const controller = new AbortController();
    const res = await fetch(`${stack.url}/api${path}`, {
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
      signal: controller.signal,
    });
    const frames: Frame[] = [];
    const waiting = new Set<() => void>();
    let markEnded = () => {};
    const ended = new Promise<void>((done) => (markEnded = done));
    const out: Feed = {
      ended,
      status: res.status,
      headers: res.headers,
      frames,
      async next(event, match = () => true, ms = 5000) {
        const until = Date.now() + ms;
        for (;;) {
          const hit = frames.find((f) => f.event === event && f.data !== undefined && match(JSON.parse(f.data) as Record<string, unknown>));
          if (hit) return JSON.parse(hit.data!) as Record<string, unknown>;
          const left = until - Date.now();
          if (left <= 0) throw new Error(`no ${event} on ${path} within ${ms} ms; frames: ${JSON.stringify(frames)}`);
          await new Promise<void>((done) => {
            const wake = () => {
              waiting.delete(wake);
              clearTimeout(timer);
              done();
            };
            const timer = setTimeout(wake, left);
            waiting.add(wake);
          });
        }
      },
      close: () => controller.abort(),
    };
    if (res.status !== 200 || !res.body) return out;
    open.push(out);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            frames.push(parseFrame(buffer.slice(0, end)));
            buffer = buffer.slice(end + 2);
          }
          for (const wake of [...waiting]) wake();
        }
      } catch {
        /* closed by the test */
      }
      markEnded();
    })();
    // the stream is registered once it says so: from then on nothing posted is missed
    const until = Date.now() + 5000;
    while (!frames.some((f) => f.comments.includes('ready'))) {
      if (Date.now() > until) throw new Error(`${path} never said ready: ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return out;
  };

  beforeAll(async () => {
    // streams re-check membership every half second here (a minute by default)
    stack = await startStack({ LIVE_RECHECK_MS: '500' });
    creator = await register('creator');
    member = await register('member');
    suspended = await register('suspended');
    outsider = await register('outsider');
    memberOfB = await register('member-b');
    groupA = await makeGroup(creator, [{ who: member }, { who: suspended, suspended: true }]);
    groupB = await makeGroup(memberOfB, []);
    question = randomUUID();
    await stack.community.ds.query(
      `INSERT INTO qa_questions (id, author_id, title, content, category) VALUES ($1, $2, 'How do live feeds work?', 'Asking for a test', 'general')`,
      [question, creator.user.id],
    );
  }, 120_000);

  afterAll(async () => {
    for (const f of open) f.close();
    await stack?.stop();
  });

  it('refuses a request without a token with 401 in the error shape, before any stream', async () => {
    const res = await feed(`/live/study-groups/${groupA}`, null);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const res2 = await fetch(`${stack.url}/api/live/qa`);
    expect(res2.status).toBe(401);
    expect(await res2.json()).toEqual({ detail: 'Authentication required', code: 'UNAUTHENTICATED', errors: [] });
  });

  it('does not take a token from the address', async () => {
    const res = await fetch(`${stack.url}/api/live/qa?token=${member.token}&access_token=${member.token}`);
    expect(res.status).toBe(401);
  });

  it('refuses a non-member with 403 before any stream, an unknown group with 404, a malformed id with 400', async () => {
    const res = await fetch(`${stack.url}/api/live/study-groups/${groupA}`, { headers: { authorization: `Bearer ${outsider.token}` } });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ detail: "Only the group's members can follow its messages", code: 'NOT_GROUP_MEMBER', errors: [] });

    const unknown = await fetch(`${stack.url}/api/live/study-groups/${randomUUID()}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'GROUP_NOT_FOUND', errors: [] });

    const malformed = await fetch(`${stack.url}/api/live/study-groups/not-an-id`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'params.id' }] });

    const noQuestion = await fetch(`${stack.url}/api/live/qa/questions/${randomUUID()}`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(noQuestion.status).toBe(404);
    expect(await noQuestion.json()).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
  });

  it("delivers a member's message to the other members looking at the group, as an SSE stream with the security headers", async () => {
    const watching = await feed(`/live/study-groups/${groupA}`, creator);
    const reading = await feed(`/live/study-groups/${groupA}`, suspended);
    expect(watching.status).toBe(200);
    expect(watching.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(watching.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(watching.headers.get('x-content-type-options')).toBe('nosniff');
    expect(watching.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(watching.frames[0]).toEqual({ retry: LIVE_STREAM.retryMs, comments: [] });

    const sent = message(groupA, member, 'Hello from a member\nwith two lines');
    await emit(communityEvents.messagePosted, sent);
    expect(await watching.next('community.message.posted', (d) => d.message_id === sent.message_id)).toEqual(sent);
    // a suspended member cannot post but still reads
    expect(await reading.next('community.message.posted', (d) => d.message_id === sent.message_id)).toEqual(sent);

    const post = {
      v: 1 as const,
      post_id: randomUUID(),
      group_id: groupA,
      author_id: member.user.id,
      author_name: member.user.name,
      title: 'Week 3 notes',
      post_type: 'discussion' as const,
      created_at: new Date().toISOString(),
    };
    await emit(communityEvents.forumPostCreated, post);
    expect(await watching.next('community.forum-post.created', (d) => d.post_id === post.post_id)).toEqual(post);
    watching.close();
    reading.close();
  });

  it('carries what people post through the routes: a message to the group, an answer to the question, a question to /qa', async () => {
    const call = async <T = Record<string, unknown>>(path: string, who: Auth, body?: unknown) => {
      const res = await stack.api<T>('POST', path, { token: who.token, body });
      expect({ path, status: res.status }).toEqual({ path, status: path.endsWith('/join') ? 200 : 201 });
      return res.body;
    };
    const group = await call<{ id: string }>('/study-groups', creator, {
      name: 'Live through routes',
      description: 'Posting for real',
      category: 'language_learning',
    });
    await call(`/study-groups/${group.id}/join`, member);
    const watching = await feed(`/live/study-groups/${group.id}`, creator);
    const onList = await feed('/live/qa', outsider);
    const posted = await call<{ id: string }>(`/study-groups/${group.id}/messages`, member, { content: 'Hello, live group!' });
    expect(await watching.next('community.message.posted', (d) => d.message_id === posted.id)).toMatchObject({
      group_id: group.id,
      author_id: member.user.id,
      author_name: member.user.name,
      content: 'Hello, live group!',
    });

    const asked = await call<{ id: string }>('/qa/questions', member, {
      title: 'What is a server-sent event?',
      content: 'Through the routes',
    });
    expect(await onList.next('community.question.asked', (d) => d.question_id === asked.id)).toMatchObject({
      author_id: member.user.id,
      title: 'What is a server-sent event?',
    });
    const onQuestion = await feed(`/live/qa/questions/${asked.id}`, outsider);
    const answered = await call<{ id: string }>(`/qa/questions/${asked.id}/answers`, creator, { content: 'A stream of text frames' });
    expect(await onQuestion.next('community.answer.posted', (d) => d.answer_id === answered.id)).toMatchObject({
      question_id: asked.id,
      author_id: creator.user.id,
    });
    for (const f of [watching, onList, onQuestion]) f.close();
  });

  it('ends the stream of a member removed from the group, and lets them back in only as a member', async () => {
    const leaving = await register('removed');
    const group = await makeGroup(creator, [{ who: leaving }]);
    const watching = await feed(`/live/study-groups/${group}`, leaving);
    const staying = await feed(`/live/study-groups/${group}`, creator);
    const removed = await stack.api('POST', `/study-groups/${group}/remove-member`, {
      token: creator.token,
      body: { member_id: leaving.user.id },
    });
    expect(removed.status).toBe(200);
    await Promise.race([
      watching.ended,
      new Promise((_, fail) => setTimeout(() => fail(new Error('the removed member kept the stream')), 5000)),
    ]);
    const again = await fetch(`${stack.url}/api/live/study-groups/${group}`, { headers: { authorization: `Bearer ${leaving.token}` } });
    expect(again.status).toBe(403);
    await again.arrayBuffer();
    // the others' streams go on
    const after = message(group, creator, 'Still here');
    await emit(communityEvents.messagePosted, after);
    expect(await staying.next('community.message.posted', (d) => d.message_id === after.message_id)).toEqual(after);
    staying.close();
  });

  it('does not give a member of group A the messages of group B', async () => {
    const inA = await feed(`/live/study-groups/${groupA}`, member);
    const inB = await feed(`/live/study-groups/${groupB}`, memberOfB);
    const toB = message(groupB, memberOfB, 'Only for group B');
    await emit(communityEvents.messagePosted, toB);
    expect(await inB.next('community.message.posted', (d) => d.message_id === toB.message_id)).toEqual(toB);
    const toA = message(groupA, creator, 'Only for group A');
    await emit(communityEvents.messagePosted, toA);
    expect(await inA.next('community.message.posted', (d) => d.message_id === toA.message_id)).toEqual(toA);
    // both went out through the same subscription in order: B's would have reached A's stream first
    expect(inA.frames.filter((f) => f.event).map((f) => JSON.parse(f.data!).message_id)).toEqual([toA.message_id]);
    expect(inB.frames.filter((f) => f.data?.includes(toA.message_id))).toEqual([]);
    inA.close();
    inB.close();
  });

  it("delivers a question's new answers to everyone looking at it, and new questions to the /qa list", async () => {
    const onQuestion = await feed(`/live/qa/questions/${question}`, outsider);
    const onList = await feed('/live/qa', memberOfB);
    const other = {
      v: 1 as const,
      answer_id: randomUUID(),
      question_id: randomUUID(),
      question_author_id: creator.user.id,
      author_id: member.user.id,
      author_name: 'x',
      created_at: new Date().toISOString(),
    };
    const answer = { ...other, answer_id: randomUUID(), question_id: question };
    await emit(communityEvents.answerPosted, other);
    await emit(communityEvents.answerPosted, answer);
    expect(await onQuestion.next('community.answer.posted')).toEqual(answer);
    const asked = {
      v: 1 as const,
      question_id: randomUUID(),
      author_id: member.user.id,
      title: 'Another one',
      category: 'general' as const,
      post_type: 'question' as const,
      asked_at: new Date().toISOString(),
    };
    await emit(communityEvents.questionAsked, asked);
    expect(await onList.next('community.question.asked', (d) => d.question_id === asked.question_id)).toEqual(asked);
    expect(onList.frames.some((f) => f.event === 'community.answer.posted')).toBe(false);
    onQuestion.close();
    onList.close();
  });

  it(`refuses one open stream more than ${LIVE_STREAM.maxPerUser} of one user with 429, and frees places as streams close`, async () => {
    const who = await register('many-tabs');
    const feeds = await Promise.all(Array.from({ length: LIVE_STREAM.maxPerUser }, () => feed('/live/qa', who)));
    expect(feeds.every((f) => f.status === 200)).toBe(true);
    const over = await fetch(`${stack.url}/api/live/qa`, { headers: { authorization: `Bearer ${who.token}` } });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'TOO_MANY_LIVE_STREAMS' });
    feeds[0]!.close();
    // the gateway notices the closed connection on its own
    const until = Date.now() + 5000;
    let again: Feed | null = null;
    while (!again && Date.now() < until) {
      const attempt = await feed('/live/qa', who);
      if (attempt.status === 200) again = attempt;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(again?.status).toBe(200);
    for (const f of feeds) f.close();
    again?.close();
  });
});

function parseFrame(text: string): Frame {
  const out: Frame = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) out.comments.push(line.slice(1).trim());
    else if (line.startsWith('event: ')) out.event = line.slice(7);
    else if (line.startsWith('data: ')) out.data = line.slice(6);
    else if (line.startsWith('retry: ')) out.retry = Number(line.slice(7));
  }
  return out;
}
