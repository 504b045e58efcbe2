import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { communityRoutes, fillPath, identityInternal, type AnyRoute, type QaAnswer, type QaQuestion, type User } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

/**
 * The global Q&A forum through the gateway: every /qa route over HTTP as the SPA calls it,
 * with its refusals (401, 403, 400 with the fields named, 404, 422) and the happy paths.
 */

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };
type Detail = { question: QaQuestion; answers: QaAnswer[] };

const PASSWORD = 'secret-pass-1';
const SAMPLE_ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const qaRoutes = (Object.values(communityRoutes) as AnyRoute[]).filter((r) => r.path.startsWith('/qa/'));

jest.setTimeout(60_000);

describe('the Q&A forum through the gateway', () => {
  let stack: Stack;
  let closeBus: () => Promise<void>;
  let asker: Auth;
  let helper: Auth;
  let other: Auth;
  let admin: Auth;

  const register = async (name: string): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name, email: uniqueEmail('qa'), password: PASSWORD, role: 'learner' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, who: Auth | null, body?: unknown) =>
    stack.api<T>(method, path, { ...(who ? { token: who.token } : {}), ...(body !== undefined ? { body } : {}) });
  const expectError = (res: ApiResponse<unknown>, status: number, code: string): ErrorBody => {
    const body = res.body as ErrorBody;
    expect([res.status, body?.code]).toEqual([status, code]);
    expect(Object.keys(body)).toEqual(['detail', 'code', 'errors']);
    return body;
  };
  /** The people community shows arrive from identity's events: wait until it knows them. */
  const known = async (...who: Auth[]) => {
    for (const a of who) {
      for (let i = 0; ; i++) {
        if ((await stack.community.ds.query('SELECT 1 FROM users WHERE id = $1', [a.user.id])).length) break;
        if (i > 200) throw new Error(`community never heard of ${a.user.id}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const ask = async (who: Auth, over: Record<string, unknown> = {}): Promise<QaQuestion> => {
    const res = await call<QaQuestion>('POST', '/qa/questions', who, {
      title: 'What is a monad?',
      content: 'Explain like I am five.',
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const answer = async (who: Auth, questionId: string, content = 'A burrito.'): Promise<QaAnswer> => {
    const res = await call<QaAnswer>('POST', `/qa/questions/${questionId}/answers`, who, { content });
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    stack = await startStack();
    const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test' });
    const bus = new RpcClient(nc, stack.env.BUS_PREFIX!);
    closeBus = () => nc.drain();
    const email = uniqueEmail('qa-admin');
    await bus.request(
      identityInternal.ensureUser.subject,
      { email, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
      { requestId: 'api-test' },
    );
    const login = await stack.api<Auth>('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    admin = login.body;
    [asker, helper, other] = await Promise.all([register('Asha Asker'), register('Hana Helper'), register('Omar Other')]);
    await known(asker, helper, other, admin);
  }, 180_000);
  afterAll(async () => {
    await closeBus?.();
    await stack?.stop();
  }, 60_000);

  it('has the nine /qa routes, each answering 401 in the error shape without a token', async () => {
    expect(qaRoutes.map((r) => r.subject).sort()).toEqual([
      'community.answer.accept',
      'community.answer.post',
      'community.answer.upvote',
      'community.question.ask',
      'community.question.delete',
      'community.question.get',
      'community.question.list',
      'community.question.update',
      'community.question.upvote',
    ]);
    for (const r of qaRoutes) {
      const res = await stack.api(
        r.method,
        fillPath(r.path, { id: SAMPLE_ID }),
        r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} },
      );
      expect([r.subject, res.status, res.body]).toEqual([
        r.subject,
        401,
        { detail: 'Authentication required', code: 'UNAUTHENTICATED', errors: [] },
      ]);
    }
  });

  it('asks a question (201) and refuses missing fields, an unknown category and too many tags (400, fields named)', async () => {
    const q = await ask(asker, {
      title: 'Big-O of quicksort',
      category: 'programming',
      tags: 'Algorithms, sorting',
      post_type: 'question',
    });
    expect(q).toMatchObject({
      title: 'Big-O of quicksort',
      category: 'programming',
      tags: ['algorithms', 'sorting'],
      post_type: 'question',
      author_id: asker.user.id,
      author_name: 'Asha Asker',
      upvotes: 0,
      answer_count: 0,
      views: 0,
      is_answered: false,
      has_upvoted: false,
    });
    const missing = expectError(await call('POST', '/qa/questions', asker, { content: '' }), 400, 'VALIDATION_FAILED');
    expect(missing.errors.map((e) => e.path).sort()).toEqual(['content', 'title']);
    expect(missing.errors.find((e) => e.path === 'title')!.message).toBe('Title is required');
    const category = expectError(
      await call('POST', '/qa/questions', asker, { title: 't', content: 'c', category: 'cooking' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(category.errors).toEqual([{ path: 'category', message: 'Choose one of the forum categories' }]);
    const tags = expectError(
      await call('POST', '/qa/questions', asker, { title: 't', content: 'c', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(tags.errors).toEqual([{ path: 'tags', message: 'At most 5 tags' }]);
  });

  it('lists newest first, searches ranked, filters by category and post type, and refuses a bad filter', async () => {
    const word = `kw${Date.now().toString(36)}`;
    const inTitle = await ask(asker, { title: `All about ${word}`, category: 'mathematics' });
    const inContent = await ask(helper, {
      title: 'Something else',
      content: `It mentions ${word} once.`,
      category: 'science',
      post_type: 'discussion',
    });
    const found = await call<{ questions: QaQuestion[]; total: number }>('GET', `/qa/questions?search=${word}`, other);
    expect(found.status).toBe(200);
    expect([found.body.total, found.body.questions.map((q) => q.id)]).toEqual([2, [inTitle.id, inContent.id]]);
    const maths = await call<{ questions: QaQuestion[]; total: number }>('GET', `/qa/questions?search=${word}&category=mathematics`, other);
    expect(maths.body.questions.map((q) => q.id)).toEqual([inTitle.id]);
    const discussions = await call<{ questions: QaQuestion[]; total: number }>(
      'GET',
      `/qa/questions?search=${word}&post_type=discussion`,
      other,
    );
    expect(discussions.body.questions.map((q) => q.id)).toEqual([inContent.id]);
    const newest = await call<{ questions: QaQuestion[]; total: number }>('GET', '/qa/questions?limit=2', other);
    expect(newest.body.questions.map((q) => q.id)).toEqual([inContent.id, inTitle.id]);
    expect(newest.body.total).toBeGreaterThanOrEqual(3);
    expectError(await call('GET', '/qa/questions?category=cooking', other), 400, 'VALIDATION_FAILED');
    expectError(await call('GET', '/qa/questions?limit=0', other), 400, 'VALIDATION_FAILED');
  });

  it('shows a question with its answers and counts a view once per user; 404 for an unknown id, 400 for a malformed one', async () => {
    const q = await ask(asker);
    const first = await call<Detail>('GET', `/qa/questions/${q.id}`, other);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ question: { id: q.id, views: 1 }, answers: [] });
    expect((await call<Detail>('GET', `/qa/questions/${q.id}`, other)).body.question.views).toBe(1);
    expect((await call<Detail>('GET', `/qa/questions/${q.id}`, helper)).body.question.views).toBe(2);
    const missing = expectError(await call('GET', `/qa/questions/${SAMPLE_ID}`, other), 404, 'QUESTION_NOT_FOUND');
    expect(missing.detail).toBe('Question not found');
    expectError(await call('GET', '/qa/questions/not-an-id', other), 400, 'VALIDATION_FAILED');
  });

  it('edits and deletes for the author or an admin only (403 otherwise, 404 unknown, 400 blank)', async () => {
    const q = await ask(asker, { category: 'science' });
    const edit = { title: 'Edited', content: 'Better worded.' };
    expectError(await call('PUT', `/qa/questions/${q.id}`, other, edit), 403, 'NOT_QUESTION_AUTHOR');
    expectError(await call('PUT', `/qa/questions/${q.id}`, asker, { title: '', content: 'x' }), 400, 'VALIDATION_FAILED');
    expectError(await call('PUT', `/qa/questions/${SAMPLE_ID}`, asker, edit), 404, 'QUESTION_NOT_FOUND');
    const byAuthor = await call<QaQuestion>('PUT', `/qa/questions/${q.id}`, asker, edit);
    expect([byAuthor.status, byAuthor.body.title, byAuthor.body.content, byAuthor.body.category]).toEqual([
      200,
      'Edited',
      'Better worded.',
      'science',
    ]);
    const byAdmin = await call<QaQuestion>('PUT', `/qa/questions/${q.id}`, admin, { ...edit, category: 'career' });
    expect([byAdmin.status, byAdmin.body.category]).toEqual([200, 'career']);

    expectError(await call('DELETE', `/qa/questions/${q.id}`, other), 403, 'NOT_QUESTION_AUTHOR');
    expect(await call('DELETE', `/qa/questions/${q.id}`, asker)).toMatchObject({ status: 200, body: { message: 'Question deleted' } });
    expectError(await call('GET', `/qa/questions/${q.id}`, asker), 404, 'QUESTION_NOT_FOUND');
    const q2 = await ask(asker);
    expect((await call('DELETE', `/qa/questions/${q2.id}`, admin)).status).toBe(200);
    expectError(await call('DELETE', `/qa/questions/${q2.id}`, admin), 404, 'QUESTION_NOT_FOUND');
  });

  it("upvotes a question and takes it back; one's own is refused 422", async () => {
    const q = await ask(asker);
    expect(await call('POST', `/qa/questions/${q.id}/upvote`, other)).toMatchObject({ status: 200, body: { upvoted: true, upvotes: 1 } });
    expect((await call<Detail>('GET', `/qa/questions/${q.id}`, other)).body.question).toMatchObject({ upvotes: 1, has_upvoted: true });
    expect(await call('POST', `/qa/questions/${q.id}/upvote`, other)).toMatchObject({ status: 200, body: { upvoted: false, upvotes: 0 } });
    const own = expectError(await call('POST', `/qa/questions/${q.id}/upvote`, asker), 422, 'OWN_POST_VOTE');
    expect(own.detail).toBe('You cannot upvote your own question');
    expectError(await call('POST', `/qa/questions/${SAMPLE_ID}/upvote`, other), 404, 'QUESTION_NOT_FOUND');
  });

  it('answers (201, 400 blank, 404 unknown question), upvotes an answer (422 own, 404 unknown) and lists answers accepted first', async () => {
    const q = await ask(asker);
    const a1 = await answer(helper, q.id, 'First answer');
    expect(a1).toMatchObject({
      question_id: q.id,
      content: 'First answer',
      upvotes: 0,
      is_accepted: false,
      author_name: 'Hana Helper',
      has_upvoted: false,
    });
    const a2 = await answer(other, q.id, 'Second answer');
    const blank = expectError(await call('POST', `/qa/questions/${q.id}/answers`, helper, { content: '   ' }), 400, 'VALIDATION_FAILED');
    expect(blank.errors).toEqual([{ path: 'content', message: 'Answer is required' }]);
    expectError(await call('POST', `/qa/questions/${SAMPLE_ID}/answers`, helper, { content: 'x' }), 404, 'QUESTION_NOT_FOUND');

    expect(await call('POST', `/qa/answers/${a2.id}/upvote`, asker)).toMatchObject({ status: 200, body: { upvoted: true, upvotes: 1 } });
    expectError(await call('POST', `/qa/answers/${a2.id}/upvote`, other), 422, 'OWN_POST_VOTE');
    expectError(await call('POST', `/qa/answers/${SAMPLE_ID}/upvote`, other), 404, 'ANSWER_NOT_FOUND');
    const byVotes = await call<Detail>('GET', `/qa/questions/${q.id}`, asker);
    expect(byVotes.body.answers.map((a) => a.id)).toEqual([a2.id, a1.id]);
    expect(byVotes.body.question.answer_count).toBe(2);

    // accepting: the question's author only; another answer moves the mark
    const notAuthor = expectError(await call('POST', `/qa/answers/${a1.id}/accept`, helper), 403, 'NOT_QUESTION_AUTHOR');
    expect(notAuthor.detail).toBe("Only the question's author can accept an answer");
    expectError(await call('POST', `/qa/answers/${SAMPLE_ID}/accept`, asker), 404, 'ANSWER_NOT_FOUND');
    expect(await call('POST', `/qa/answers/${a2.id}/accept`, asker)).toMatchObject({
      status: 200,
      body: { message: 'Answer accepted', answer: { id: a2.id, is_accepted: true } },
    });
    expect(await call('POST', `/qa/answers/${a1.id}/accept`, asker)).toMatchObject({
      status: 200,
      body: { answer: { id: a1.id, is_accepted: true } },
    });
    const after = await call<Detail>('GET', `/qa/questions/${q.id}`, helper);
    expect(after.body.question.is_answered).toBe(true);
    expect(after.body.answers.map((a) => [a.id, a.is_accepted])).toEqual([
      [a1.id, true],
      [a2.id, false],
    ]);
  });
});
