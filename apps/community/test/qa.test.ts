import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { communityRoutes, systemSubjects, type AnyRoute, type Caller, type Role, type RouteOutput, type RouteRequest } from '@lp/contracts';
import { connectBus, ensureEventStream, RpcClient } from '@lp/bus';
import { UsersReadModel } from '@lp/service-kit';
import { callRoute, expectAppError, startTestService, testEnv, type TestService } from '@lp/testing';
import { CommunityModule } from '../src/app.module.js';

interface U {
  id: string;
  name: string;
  caller: Caller;
}

let svc: TestService;
let client: RpcClient;
let nc: NatsConnection;
let ann: U;
let bob: U;
let cleo: U;
let admin: U;

const call = <R extends AnyRoute>(route: R, req: Partial<RouteRequest<R>>, who: U | null): Promise<RouteOutput<R>> =>
  callRoute(client, route, req, who?.caller ?? null);

/** A person in community's users read model, as identity's registration event leaves them. */
async function user(role: Role = 'learner'): Promise<U> {
  const id = randomUUID();
  const name = `${role} ${id.slice(0, 6)}`;
  await svc.ds.query(`INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4)`, [id, name, `${id.slice(0, 8)}@qa.test`, role]);
  return { id, name, caller: { userId: id, role, sessionId: randomUUID(), institutionId: null } };
}

const ask = (who: U, body: Partial<RouteRequest<typeof communityRoutes.askQuestion>['body']> = {}) =>
  call(communityRoutes.askQuestion, { body: { title: 'How do closures work?', content: 'I do not get them.', ...body } as never }, who);
const answer = (who: U, questionId: string, content = 'Like this.') =>
  call(communityRoutes.postAnswer, { params: { id: questionId }, body: { content } }, who);
const search = (who: U, query: Partial<RouteRequest<typeof communityRoutes.listQuestions>['query']>) =>
  call(communityRoutes.listQuestions, { query: query as never }, who);
const outbox = async (name: string) =>
  (
    (await svc.ds.query('SELECT payload FROM outbox WHERE name = $1 ORDER BY seq', [name])) as Array<{ payload: Record<string, unknown> }>
  ).map((r) => r.payload);

beforeAll(async () => {
  const env = testEnv();
  svc = await startTestService(CommunityModule.create(env), env);
  nc = await connectBus({ url: env.NATS_URL!, prefix: env.BUS_PREFIX!, name: 'qa-test' });
  await ensureEventStream(nc, env.BUS_PREFIX!);
  client = new RpcClient(nc, env.BUS_PREFIX!, 30_000);
  [ann, bob, cleo, admin] = await Promise.all([user(), user(), user('instructor'), user('admin')]);
}, 120_000);
afterAll(async () => {
  await nc?.drain();
  await svc?.stop();
});

describe('asking and answering', () => {
  it("asks a question with the author's name, tags normalised, and announces it", async () => {
    const q = await ask(ann, {
      title: 'Recursion in Python',
      category: 'programming',
      tags: [' Python ', 'recursion', 'python'] as never,
      post_type: 'question',
    });
    expect(q).toMatchObject({
      title: 'Recursion in Python',
      category: 'programming',
      tags: ['python', 'recursion'],
      post_type: 'question',
      upvotes: 0,
      answer_count: 0,
      views: 0,
      author_id: ann.id,
      author_name: ann.name,
      is_answered: false,
      has_upvoted: false,
    });
    expect((await outbox('community.question.asked')).find((p) => p.question_id === q.id)).toMatchObject({
      author_id: ann.id,
      title: 'Recursion in Python',
      category: 'programming',
      post_type: 'question',
    });
  });

  it('refuses a blank title, an unknown category and more than 5 tags with field errors', async () => {
    const blank = await expectAppError(ask(ann, { title: '  ' }), 400, 'VALIDATION_FAILED');
    expect(blank.errors).toEqual([{ path: 'title', message: 'Title is required' }]);
    await expectAppError(ask(ann, { category: 'cooking' as never }), 400, 'VALIDATION_FAILED');
    await expectAppError(ask(ann, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] as never }), 400, 'VALIDATION_FAILED');
  });

  it('posts answers (the counter follows, an event for the live feed) and lists them accepted first, then by upvotes, then oldest', async () => {
    const q = await ask(ann);
    const first = await answer(bob, q.id, 'first');
    const second = await answer(cleo, q.id, 'second');
    const third = await answer(bob, q.id, 'third');
    expect(first).toMatchObject({
      question_id: q.id,
      content: 'first',
      upvotes: 0,
      is_accepted: false,
      author_name: bob.name,
      has_upvoted: false,
    });
    await call(communityRoutes.upvoteAnswer, { params: { id: third.id } }, ann);
    await call(communityRoutes.acceptAnswer, { params: { id: second.id } }, ann);
    const detail = await call(communityRoutes.getQuestion, { params: { id: q.id } }, cleo);
    expect(detail.answers.map((a) => a.content)).toEqual(['second', 'third', 'first']);
    expect(detail.question).toMatchObject({ answer_count: 3, is_answered: true });
    expect((await outbox('community.answer.posted')).find((p) => p.answer_id === second.id)).toMatchObject({
      question_id: q.id,
      question_author_id: ann.id,
      author_id: cleo.id,
      author_name: cleo.name,
    });
  });

  it('answers 404 for an unknown question or answer', async () => {
    await expectAppError(answer(bob, randomUUID()), 404, 'QUESTION_NOT_FOUND');
    await expectAppError(call(communityRoutes.getQuestion, { params: { id: randomUUID() } }, bob), 404, 'QUESTION_NOT_FOUND');
    await expectAppError(call(communityRoutes.upvoteQuestion, { params: { id: randomUUID() } }, bob), 404, 'QUESTION_NOT_FOUND');
    await expectAppError(call(communityRoutes.upvoteAnswer, { params: { id: randomUUID() } }, bob), 404, 'ANSWER_NOT_FOUND');
    await expectAppError(call(communityRoutes.acceptAnswer, { params: { id: randomUUID() } }, bob), 404, 'ANSWER_NOT_FOUND');
  });
});

describe('upvotes', () => {
  it('toggles: a second upvote takes the first back; one’s own question or answer cannot be upvoted', async () => {
    const q = await ask(ann);
    expect(await call(communityRoutes.upvoteQuestion, { params: { id: q.id } }, bob)).toEqual({ upvoted: true, upvotes: 1 });
    expect((await call(communityRoutes.getQuestion, { params: { id: q.id } }, bob)).question.has_upvoted).toBe(true);
    expect(await call(communityRoutes.upvoteQuestion, { params: { id: q.id } }, bob)).toEqual({ upvoted: false, upvotes: 0 });
    const own = await expectAppError(call(communityRoutes.upvoteQuestion, { params: { id: q.id } }, ann), 422, 'OWN_POST_VOTE');
    expect(own.detail).toBe('You cannot upvote your own question');
    const a = await answer(bob, q.id);
    await expectAppError(call(communityRoutes.upvoteAnswer, { params: { id: a.id } }, bob), 422, 'OWN_POST_VOTE');
  });

  it('announces an answer upvote only when it is new, not when it is taken back', async () => {
    const q = await ask(ann);
    const a = await answer(bob, q.id);
    expect(await call(communityRoutes.upvoteAnswer, { params: { id: a.id } }, cleo)).toEqual({ upvoted: true, upvotes: 1 });
    expect(await call(communityRoutes.upvoteAnswer, { params: { id: a.id } }, cleo)).toEqual({ upvoted: false, upvotes: 0 });
    const events = (await outbox('community.answer.upvoted')).filter((p) => p.answer_id === a.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ question_id: q.id, answer_author_id: bob.id, voter_id: cleo.id });
  });

  it('leaves at most one vote per user under 20 concurrent clicks, with a counter equal to the vote rows', async () => {
    const q = await ask(ann);
    const a = await answer(bob, q.id);
    await Promise.all(Array.from({ length: 20 }, () => call(communityRoutes.upvoteQuestion, { params: { id: q.id } }, cleo)));
    await Promise.all(Array.from({ length: 21 }, () => call(communityRoutes.upvoteAnswer, { params: { id: a.id } }, cleo)));
    const [qv] = await svc.ds.query(
      'SELECT (SELECT count(*)::int FROM qa_question_votes WHERE question_id = $1) AS rows, upvotes FROM qa_questions WHERE id = $1',
      [q.id],
    );
    const [av] = await svc.ds.query(
      'SELECT (SELECT count(*)::int FROM qa_answer_votes WHERE answer_id = $1) AS rows, upvotes FROM qa_answers WHERE id = $1',
      [a.id],
    );
    expect(qv.rows).toBeLessThanOrEqual(1);
    expect(qv.upvotes).toBe(qv.rows);
    // an odd number of toggles leaves the vote on
    expect(av).toEqual({ rows: 1, upvotes: 1 });
  });

  it('counts 20 different users voting at once as 20', async () => {
    const q = await ask(ann);
    const a = await answer(bob, q.id);
    const voters = await Promise.all(Array.from({ length: 20 }, () => user()));
    const replies = await Promise.all(voters.map((v) => call(communityRoutes.upvoteQuestion, { params: { id: q.id } }, v)));
    await Promise.all(voters.map((v) => call(communityRoutes.upvoteAnswer, { params: { id: a.id } }, v)));
    expect(replies.every((r) => r.upvoted)).toBe(true);
    expect(Math.max(...replies.map((r) => r.upvotes))).toBe(20);
    const detail = await call(communityRoutes.getQuestion, { params: { id: q.id } }, ann);
    expect(detail.question.upvotes).toBe(20);
    expect(detail.answers[0]!.upvotes).toBe(20);
  });
});

describe('accepting an answer', () => {
  it("is for the question's author only; another answer moves the mark, and each accept is announced", async () => {
    const q = await ask(ann);
    const a1 = await answer(bob, q.id, 'one');
    const a2 = await answer(cleo, q.id, 'two');
    const refused = await expectAppError(call(communityRoutes.acceptAnswer, { params: { id: a1.id } }, bob), 403, 'NOT_QUESTION_AUTHOR');
    expect(refused.detail).toBe("Only the question's author can accept an answer");
    await expectAppError(call(communityRoutes.acceptAnswer, { params: { id: a1.id } }, admin), 403, 'NOT_QUESTION_AUTHOR');

    const r1 = await call(communityRoutes.acceptAnswer, { params: { id: a1.id } }, ann);
    expect(r1).toMatchObject({ message: 'Answer accepted', answer: { id: a1.id, is_accepted: true } });
    const r2 = await call(communityRoutes.acceptAnswer, { params: { id: a2.id } }, ann);
    expect(r2.answer).toMatchObject({ id: a2.id, is_accepted: true });
    const detail = await call(communityRoutes.getQuestion, { params: { id: q.id } }, ann);
    expect(detail.question.is_answered).toBe(true);
    expect(detail.answers.map((a) => [a.id, a.is_accepted])).toEqual([
      [a2.id, true],
      [a1.id, false],
    ]);
    // accepting it again changes nothing and announces nothing
    await call(communityRoutes.acceptAnswer, { params: { id: a2.id } }, ann);
    const events = (await outbox('community.answer.accepted')).filter((p) => p.question_id === q.id);
    expect(events.map((e) => [e.answer_id, e.answer_author_id, e.accepted_by])).toEqual([
      [a1.id, bob.id, ann.id],
      [a2.id, cleo.id, ann.id],
    ]);
    // the mark moving off a1 takes its acceptance back, once
    const unaccepted = (await outbox('community.answer.unaccepted')).filter((p) => p.question_id === q.id);
    expect(unaccepted.map((e) => [e.answer_id, e.answer_author_id, e.reason])).toEqual([[a1.id, bob.id, 'another_accepted']]);
  });

  it('announces the accepted answer as unaccepted when its question is deleted, and nothing for a question without one', async () => {
    const q = await ask(ann);
    const a = await answer(bob, q.id, 'the accepted one');
    await answer(cleo, q.id, 'another');
    await call(communityRoutes.acceptAnswer, { params: { id: a.id } }, ann);
    await call(communityRoutes.deleteQuestion, { params: { id: q.id } }, ann);
    const plain = await ask(ann);
    await answer(bob, plain.id, 'never accepted');
    await call(communityRoutes.deleteQuestion, { params: { id: plain.id } }, ann);
    const unaccepted = (await outbox('community.answer.unaccepted')).filter((p) => p.question_id === q.id || p.question_id === plain.id);
    expect(unaccepted.map((e) => [e.answer_id, e.answer_author_id, e.reason])).toEqual([[a.id, bob.id, 'question_deleted']]);
  });

  it('keeps one accepted answer when the author accepts several at once', async () => {
    const q = await ask(ann);
    const as = await Promise.all(Array.from({ length: 6 }, (_, i) => answer(bob, q.id, `answer ${i}`)));
    await Promise.all(as.map((a) => call(communityRoutes.acceptAnswer, { params: { id: a.id } }, ann)));
    const [{ n }] = await svc.ds.query('SELECT count(*)::int AS n FROM qa_answers WHERE question_id = $1 AND is_accepted', [q.id]);
    expect(n).toBe(1);
  });
});

describe('views', () => {
  it('counts each user once, on opening the question', async () => {
    const q = await ask(ann);
    expect((await call(communityRoutes.getQuestion, { params: { id: q.id } }, bob)).question.views).toBe(1);
    expect((await call(communityRoutes.getQuestion, { params: { id: q.id } }, bob)).question.views).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => call(communityRoutes.getQuestion, { params: { id: q.id } }, cleo)));
    expect((await call(communityRoutes.getQuestion, { params: { id: q.id } }, cleo)).question.views).toBe(2);
    const [{ n }] = await svc.ds.query('SELECT count(*)::int AS n FROM qa_question_views WHERE question_id = $1', [q.id]);
    expect(n).toBe(2);
  });
});

describe('editing and deleting', () => {
  it('lets the author or an admin edit and delete; anyone else gets 403; unknown ids 404', async () => {
    const q = await ask(ann, { category: 'science', tags: ['physics'] as never });
    const body = { title: 'Edited title', content: 'Edited content' };
    const edited = await call(communityRoutes.updateQuestion, { params: { id: q.id }, body }, ann);
    expect(edited).toMatchObject({ title: 'Edited title', content: 'Edited content', category: 'science', tags: ['physics'] });
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(q.updated_at).getTime());
    const byAdmin = await call(communityRoutes.updateQuestion, { params: { id: q.id }, body: { ...body, category: 'career' } }, admin);
    expect(byAdmin.category).toBe('career');
    await expectAppError(call(communityRoutes.updateQuestion, { params: { id: q.id }, body }, bob), 403, 'NOT_QUESTION_AUTHOR');
    await expectAppError(call(communityRoutes.deleteQuestion, { params: { id: q.id } }, bob), 403, 'NOT_QUESTION_AUTHOR');
    await expectAppError(call(communityRoutes.updateQuestion, { params: { id: randomUUID() }, body }, ann), 404, 'QUESTION_NOT_FOUND');

    await answer(bob, q.id);
    expect(await call(communityRoutes.deleteQuestion, { params: { id: q.id } }, admin)).toEqual({ message: 'Question deleted' });
    await expectAppError(call(communityRoutes.getQuestion, { params: { id: q.id } }, ann), 404, 'QUESTION_NOT_FOUND');
    const [{ n }] = await svc.ds.query('SELECT count(*)::int AS n FROM qa_answers WHERE question_id = $1', [q.id]);
    expect(n).toBe(0);
  });
});

describe('search', () => {
  let tag: string;
  beforeAll(async () => {
    // a word of its own, so other tests' questions do not interfere
    tag = `zq${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;
    await ask(cleo, { title: `Intro to ${tag}`, content: 'Nothing else here.', category: 'programming', tags: ['basics'] as never });
    await ask(cleo, { title: 'Unrelated title', content: `Somewhere in the text ${tag} appears.`, category: 'science' });
    await ask(cleo, {
      title: 'Another one',
      content: 'Plain words.',
      tags: [tag] as never,
      category: 'programming',
      post_type: 'discussion',
    });
  });

  it('ranks title matches above tag matches above content matches, with the total', async () => {
    const r = await search(ann, { search: tag });
    expect(r.total).toBe(3);
    expect(r.questions.map((q) => q.title)).toEqual([`Intro to ${tag}`, 'Another one', 'Unrelated title']);
  });

  it('stems words and understands web search syntax', async () => {
    const word = `${tag}ing`;
    await ask(cleo, { title: `Optimizing queries for ${word}`, content: 'Indexes.' });
    expect((await search(ann, { search: `optimize ${word}` })).questions.map((q) => q.title)).toEqual([`Optimizing queries for ${word}`]);
    expect((await search(ann, { search: `${tag} -another` })).questions.map((q) => q.title)).not.toContain('Another one');
  });

  it('filters by category and post type', async () => {
    expect((await search(ann, { search: tag, category: 'programming' })).questions.map((q) => q.title)).toEqual([
      `Intro to ${tag}`,
      'Another one',
    ]);
    expect((await search(ann, { search: tag, post_type: 'discussion' })).questions.map((q) => q.title)).toEqual(['Another one']);
    expect((await search(ann, { search: tag, category: 'career' })).total).toBe(0);
  });

  it('falls back to trigrams for a short term and for a word beginning full-text search does not find', async () => {
    const short = `q${randomUUID().slice(0, 1).replace(/[0-9]/, 'x')}`;
    const q = await ask(cleo, { title: `Why is ${short} faster than the rest`, content: 'Short names.' });
    const r = await search(ann, { search: short.toUpperCase() });
    expect(r.questions.map((x) => x.id)).toContain(q.id);
    const prefix = tag.slice(0, 7);
    const p = await search(ann, { search: prefix });
    expect(p.questions.map((x) => x.title)).toContain(`Intro to ${tag}`);
  });

  it("ranks trigram matches by where the term stands: the title's start, a whole word, a word's start", async () => {
    const wordStart = await ask(cleo, { title: 'About zxspectrum games', content: 'Retro.' });
    const whole = await ask(cleo, { title: 'Learning zx today', content: 'Retro.' });
    const first = await ask(cleo, { title: 'Zx first in the title', content: 'Retro.' });
    const r = await search(ann, { search: 'zx' });
    expect(r.questions.map((q) => q.id)).toEqual([first.id, whole.id, wordStart.id]);
    expect(r.total).toBe(3);
  });

  it('lists newest first without a search, with the total and paging', async () => {
    const all = await search(ann, { limit: 100 });
    const times = all.questions.map((q) => new Date(q.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [{ n }] = await svc.ds.query('SELECT count(*)::int AS n FROM qa_questions');
    expect(all.total).toBe(n);
    const second = await search(ann, { limit: 2, offset: 2 });
    expect(second.questions.map((q) => q.id)).toEqual(all.questions.slice(2, 4).map((q) => q.id));
    const beyond = await search(ann, { offset: 10_000 });
    expect(beyond).toEqual({ questions: [], total: n });
  });
});

describe('people', () => {
  it("shows a deleted author as 'Deleted user' and keeps their posts", async () => {
    const gone = await user();
    const q = await ask(gone, { title: 'A question that stays' });
    const other = await ask(ann);
    const a = await answer(gone, other.id, 'An answer that stays');
    await svc.app.get(UsersReadModel).forget(svc.ds.manager, gone.id);
    const detail = await call(communityRoutes.getQuestion, { params: { id: q.id } }, ann);
    expect(detail.question).toMatchObject({ title: 'A question that stays', author_name: 'Deleted user' });
    const answers = (await call(communityRoutes.getQuestion, { params: { id: other.id } }, ann)).answers;
    expect(answers.find((x) => x.id === a.id)).toMatchObject({ content: 'An answer that stays', author_name: 'Deleted user' });
  });

  it("exports the caller's questions, answers and upvotes, nobody else's", async () => {
    const dan = await user();
    const q = await ask(dan, { title: 'Dan asks' });
    const other = await ask(ann, { title: 'Ann asks' });
    const a = await answer(dan, other.id, 'Dan answers');
    const annAnswer = await answer(ann, q.id);
    await call(communityRoutes.upvoteQuestion, { params: { id: other.id } }, dan);
    await call(communityRoutes.upvoteAnswer, { params: { id: annAnswer.id } }, dan);
    const { data } = (await client.request(
      systemSubjects.exportUserData('community'),
      { user_id: dan.id },
      { requestId: `export-${randomUUID()}` },
    )) as {
      data: Record<string, Array<Record<string, unknown>>>;
    };
    expect(data.qa_questions!.map((x) => x.title)).toEqual(['Dan asks']);
    expect(data.qa_answers!.map((x) => [x.id, x.question_title, x.content])).toEqual([[a.id, 'Ann asks', 'Dan answers']]);
    expect(data.qa_upvotes!.map((v) => v.question_id ?? v.answer_id).sort()).toEqual([other.id, annAnswer.id].sort());
  });
});
