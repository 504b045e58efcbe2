import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, type Caller } from '@lp/contracts';
import { AssessmentHarness, quizBody, SECRET } from './support/assessment-harness.js';

jest.setTimeout(60_000);

let h: AssessmentHarness;
let author: Caller;
beforeAll(async () => {
  h = await AssessmentHarness.start();
  author = h.caller('instructor');
});
afterAll(async () => {
  await h.stop();
});

const create = (over: Record<string, unknown> = {}) => h.call(routes.createMockTest, { body: quizBody(over) }, author);
const start = (quizId: string, who: Caller) => h.call(routes.startMockTest, { params: { id: quizId } }, who);
const submit = (quizId: string, sessionId: string, who: Caller, answers: Record<string, string | boolean | null> = {}) =>
  h.call(routes.submitMockTest, { params: { id: quizId }, query: { session_id: sessionId }, body: { answers } }, who);
const save = (quizId: string, sessionId: string, who: Caller, answers: Record<string, string | null>) =>
  h.call(
    routes.saveProgress,
    { params: { id: quizId }, body: { session_id: sessionId, answers, current_question: 1, flagged_questions: [2] } },
    who,
  );
/** Only auto-graded questions: multiple choice (2 points) and true/false (1). */
const autoOnly = () => quizBody().questions.slice(0, 2);

describe('grading through the routes', () => {
  it('grades every question type on the server: letters, booleans, spacing and case; essays wait for a grader', async () => {
    const quiz = await create();
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    const [mc, tf, sa, essay] = s.test.questions;
    const result = await submit(quiz.id, s.session_id, learner, {
      [mc!.id]: 'B',
      [tf!.id]: true,
      [sa!.id]: `  ${SECRET.toLowerCase()}PARIS    answer `,
      [essay!.id]: 'Numbers are fun',
    });
    expect(result).toMatchObject({
      quiz_id: quiz.id,
      session_id: s.session_id,
      kind: 'mock_test',
      score: 60,
      passed: false,
      passing_score: 70,
      correct_answers: 3,
      total_questions: 4,
      earned_points: 6,
      total_points: 10,
      needs_manual_grading: true,
      attempt_number: 1,
      attempts_left: null,
      time_exceeded: false,
    });
    expect(result.subject_performance).toEqual({
      math: { correct: 1, total: 1, percentage: 100 },
      science: { correct: 1, total: 1, percentage: 100 },
      history: { correct: 1, total: 1, percentage: 100 },
    });
    expect(
      result.question_details.map((d) => [d.question_type, d.is_correct, d.pending_review, d.earned_points, d.correct_answer]),
    ).toEqual([
      ['multiple_choice', true, false, 2, '4'],
      ['true_false', true, false, 1, 'True'],
      ['short_answer', true, false, 3, `${SECRET}Paris answer`],
      ['essay', false, true, 0, null],
    ]);
  });

  it('counts unanswered and wrong answers as incorrect; answers may be keyed by position', async () => {
    const quiz = await create();
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    const r = await submit(quiz.id, s.session_id, learner, { '0': '5', '1': '', '2': 'Lyon' });
    expect(r).toMatchObject({ score: 0, correct_answers: 0, needs_manual_grading: false });
    expect(r.question_details.map((d) => d.user_answer)).toEqual(['5', null, 'Lyon', null]);
  });

  it('serves a randomized assessment in a per-session order and grades positions in that order', async () => {
    const quiz = await create({
      randomize_questions: true,
      questions: Array.from({ length: 12 }, (_, i) => ({
        question_text: `Q${i}?`,
        question_type: 'short_answer',
        correct_answer: `a${i}`,
      })),
    });
    const orders = new Set<string>();
    for (let k = 0; k < 4; k++) {
      const learner = h.caller();
      const s = await start(quiz.id, learner);
      orders.add(s.test.questions.map((q) => q.question_text).join());
      // resuming serves the same order
      const again = await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner);
      expect(again.questions.map((q) => q.id)).toEqual(s.test.questions.map((q) => q.id));
      const answers = Object.fromEntries(s.test.questions.map((q, i) => [String(i), `a${q.question_text.slice(1, -1)}`]));
      expect((await submit(quiz.id, s.session_id, learner, answers)).score).toBe(100);
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('sessions', () => {
  it('keeps one open session per quiz and user, resumed with its saved progress', async () => {
    const quiz = await create();
    const learner = h.caller();
    const [a, b] = await Promise.all([start(quiz.id, learner), h.call(routes.getQuiz, { params: { id: quiz.id } }, learner)]);
    expect(b.session_id).toBe(a.session_id);
    expect(a.deadline_at).toBeNull();
    const saved = await save(quiz.id, a.session_id, learner, { [a.test.questions[0]!.id]: '4' });
    expect(saved).toMatchObject({ message: 'Progress saved', session_id: a.session_id });
    const resumed = await start(quiz.id, learner);
    expect(resumed).toMatchObject({
      session_id: a.session_id,
      answers: { [a.test.questions[0]!.id]: '4' },
      current_question: 1,
      flagged_questions: [2],
    });
    expect((await h.ds.query('SELECT count(*)::int AS n FROM test_sessions WHERE quiz_id = $1', [quiz.id]))[0].n).toBe(1);
  });

  it('answers a countdown on the server clock: started_at, deadline and server_now', async () => {
    const quiz = await create({ time_limit: 45 });
    const s = await start(quiz.id, h.caller());
    expect(new Date(s.deadline_at!).getTime() - new Date(s.started_at).getTime()).toBe(45 * 60_000);
    expect(Math.abs(new Date(s.server_now).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("refuses progress on a session that is not the caller's, of another quiz, or already submitted", async () => {
    const quiz = await create();
    const other = await create();
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    await expect(save(quiz.id, s.session_id, h.caller(), {})).rejects.toMatchObject({ status: 403, code: 'NOT_SESSION_OWNER' });
    await expect(save(other.id, s.session_id, learner, {})).rejects.toMatchObject({ status: 404, code: 'SESSION_NOT_FOUND' });
    await expect(save(quiz.id, randomUUID(), learner, {})).rejects.toMatchObject({ status: 404 });
    await expect(submit(quiz.id, s.session_id, h.caller())).rejects.toMatchObject({ status: 403, code: 'NOT_SESSION_OWNER' });
    await expect(submit(other.id, s.session_id, learner)).rejects.toMatchObject({ status: 404, code: 'SESSION_NOT_FOUND' });
    await submit(quiz.id, s.session_id, learner);
    await expect(save(quiz.id, s.session_id, learner, {})).rejects.toMatchObject({ status: 409, code: 'SESSION_SUBMITTED' });
  });

  it('refuses to start an assessment without questions, and answers it without a session', async () => {
    const quiz = await h.call(routes.createMockTest, { body: { title: 'Empty', time_limit: 30 } }, author);
    const learner = h.caller();
    await expect(start(quiz.id, learner)).rejects.toMatchObject({ status: 422, code: 'QUIZ_HAS_NO_QUESTIONS' });
    await expect(h.call(routes.submitQuiz, { params: { id: quiz.id }, body: {} }, learner)).rejects.toMatchObject({
      status: 422,
      code: 'QUIZ_HAS_NO_QUESTIONS',
    });
    expect((await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner)).session_id).toBeNull();
  });
});

describe('the simple quiz (GET /quizzes/{id})', () => {
  it('answers its clock on the server: deadline_at from the session, server_now; no deadline without a limit', async () => {
    const timed = await create({ time_limit: 20 });
    const q = await h.call(routes.getQuiz, { params: { id: timed.id } }, h.caller());
    expect(new Date(q.deadline_at!).getTime() - new Date(q.started_at!).getTime()).toBe(20 * 60_000);
    expect(Math.abs(new Date(q.server_now).getTime() - Date.now())).toBeLessThan(5_000);
    const untimed = await h.call(routes.getQuiz, { params: { id: (await create({ time_limit: 0 })).id } }, h.caller());
    expect(untimed.session_id).not.toBeNull();
    expect(untimed.deadline_at).toBeNull();
  });

  it('restores the saved answers, current question and flags of the open session after a reload', async () => {
    const quiz = await create();
    const learner = h.caller();
    const first = await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner);
    expect(first).toMatchObject({ answers: {}, current_question: 0, flagged_questions: [] });
    await save(quiz.id, first.session_id!, learner, { [first.questions[0]!.id]: '4' });
    const reloaded = await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner);
    expect(reloaded).toMatchObject({
      session_id: first.session_id,
      answers: { [first.questions[0]!.id]: '4' },
      current_question: 1,
      flagged_questions: [2],
    });
    // submitted: the next attempt starts empty
    await h.call(routes.submitQuiz, { params: { id: quiz.id }, body: { session_id: first.session_id! } }, learner);
    const next = await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner);
    expect(next.session_id).not.toBe(first.session_id);
    expect(next).toMatchObject({ answers: {}, current_question: 0, flagged_questions: [] });
  });
});

describe('the card (GET /quizzes/{id}/info)', () => {
  const info = (id: string, who: Caller) => h.call(routes.quizInfo, { params: { id } }, who);
  const sessions = async (quizId: string) =>
    (await h.ds.query('SELECT count(*)::int AS n FROM test_sessions WHERE quiz_id = $1', [quizId]))[0].n as number;

  it("answers the summary and the caller's standing without opening a session", async () => {
    const quiz = await create({ max_attempts: 2, allow_multiple_attempts: false });
    const learner = h.caller();
    const card = await info(quiz.id, learner);
    expect(card).toMatchObject({
      id: quiz.id,
      title: quiz.title,
      question_count: 4,
      my: { status: 'new', attempts_used: 0, attempts_left: 2, can_start: true },
    });
    expect(card).not.toHaveProperty('questions');
    expect(await sessions(quiz.id)).toBe(0);
    const s = await start(quiz.id, learner);
    await submit(quiz.id, s.session_id, learner, { '0': '4' });
    expect((await info(quiz.id, learner)).my).toMatchObject({ attempts_used: 1, attempts_left: 1, best_score: 20 });
    expect(await sessions(quiz.id)).toBe(1);
  });

  it("hides a draft from all but its author and keeps a course's assessment to its enrolled learners", async () => {
    const draft = await create({ is_published: false });
    await expect(info(draft.id, h.caller())).rejects.toMatchObject({ status: 404, code: 'QUIZ_NOT_FOUND' });
    expect((await info(draft.id, author)).id).toBe(draft.id);
    await expect(info(randomUUID(), h.caller())).rejects.toMatchObject({ status: 404 });
    const courseId = await h.course(author.userId);
    const quiz = await create({ course_id: courseId });
    const stranger = h.caller();
    await expect(info(quiz.id, stranger)).rejects.toMatchObject({ status: 403, code: 'NOT_ENROLLED' });
    await h.enroll(courseId, stranger.userId, author.userId);
    expect((await info(quiz.id, stranger)).my.can_start).toBe(true);
    expect(await sessions(quiz.id)).toBe(0);
  });
});

describe("unlocking: a course's assessments open at 100% completion (spec 2, course player)", () => {
  const getQuiz = (id: string, who: Caller) => h.call(routes.getQuiz, { params: { id } }, who);
  const submitQuiz = (id: string, who: Caller) =>
    h.call(routes.submitQuiz, { params: { id }, body: { answers: {}, question_times: {}, flagged_questions: [] } }, who);

  it('refuses an enrolled learner below 100% every way of starting (403 ASSESSMENT_LOCKED), opens at 100%', async () => {
    const courseId = await h.course(author.userId);
    const quiz = await create({ course_id: courseId });
    const learner = h.caller();
    await h.enroll(courseId, learner.userId, author.userId, { completion: 20 });
    const locked = { status: 403, code: 'ASSESSMENT_LOCKED' };
    await expect(start(quiz.id, learner)).rejects.toMatchObject(locked);
    await expect(getQuiz(quiz.id, learner)).rejects.toMatchObject(locked);
    await expect(submitQuiz(quiz.id, learner)).rejects.toMatchObject(locked);
    h.setCompletion(courseId, learner.userId, 99.9);
    await expect(start(quiz.id, learner)).rejects.toMatchObject(locked);
    // the card stays readable: it is what a locked screen shows
    expect((await h.call(routes.quizInfo, { params: { id: quiz.id } }, learner)).id).toBe(quiz.id);
    expect(await h.ds.query('SELECT 1 FROM test_sessions WHERE quiz_id = $1', [quiz.id])).toHaveLength(0);
    h.setCompletion(courseId, learner.userId, 100);
    expect((await start(quiz.id, learner)).session_id).toEqual(expect.any(String));
  });

  it("lets the course's instructor preview at any completion, and never locks a standalone assessment", async () => {
    const courseId = await h.course(author.userId);
    const quiz = await create({ course_id: courseId });
    expect((await start(quiz.id, author)).session_id).toEqual(expect.any(String));
    const standalone = await create();
    expect((await start(standalone.id, h.caller())).session_id).toEqual(expect.any(String));
  });
});

describe('edits between sessions', () => {
  it('serves and grades the current question set after an edit (no stale questions)', async () => {
    const quiz = await create();
    const learner = h.caller();
    const first = await start(quiz.id, learner);
    expect(first.test.questions).toHaveLength(4);
    await submit(quiz.id, first.session_id, learner);
    await h.call(
      routes.addQuestion,
      { params: { id: quiz.id }, body: { question_text: 'Added?', question_type: 'true_false', correct_answer: 'False' } },
      author,
    );
    const second = await start(quiz.id, learner);
    expect(second.test.questions.map((q) => q.question_text).at(-1)).toBe('Added?');
    await submit(quiz.id, second.session_id, learner);
    await h.call(
      routes.updateQuiz,
      { params: { id: quiz.id }, body: { questions: [{ question_text: 'Only?', question_type: 'short_answer', correct_answer: 'yes' }] } },
      author,
    );
    const third = await start(quiz.id, learner);
    expect(third.test.questions.map((q) => q.question_text)).toEqual(['Only?']);
    expect(await submit(quiz.id, third.session_id, learner, { '0': 'YES' })).toMatchObject({ score: 100, total_questions: 1 });
  });
});

describe('time limits', () => {
  it('grades only the answers saved in time once the limit and the grace are over', async () => {
    const quiz = await create({ time_limit: 10 });
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    const [mc, tf] = s.test.questions;
    await save(quiz.id, s.session_id, learner, { [mc!.id]: '4' });
    await h.ageSession(s.session_id, 10.6); // 36 s past the limit: beyond the 30 s grace
    await expect(save(quiz.id, s.session_id, learner, { [tf!.id]: 'True' })).rejects.toMatchObject({
      status: 422,
      code: 'SESSION_TIME_UP',
    });
    const r = await submit(quiz.id, s.session_id, learner, { [mc!.id]: '4', [tf!.id]: 'True' });
    expect(r).toMatchObject({ time_exceeded: true, time_taken_minutes: 10, score: 20, correct_answers: 1 });
  });

  it('accepts a submission within the grace as on time, counted as the limit', async () => {
    const quiz = await create({ time_limit: 10 });
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    await h.ageSession(s.session_id, 10.25); // 15 s late
    const r = await submit(quiz.id, s.session_id, learner, { '0': '4', '1': 'True' });
    expect(r).toMatchObject({ time_exceeded: false, time_taken_minutes: 10, score: 30 });
  });

  it('measures the time taken on the server', async () => {
    const quiz = await create({ time_limit: 0 });
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    await h.ageSession(s.session_id, 7.5);
    expect((await submit(quiz.id, s.session_id, learner)).time_taken_minutes).toBeCloseTo(7.5, 1);
  });
});

describe('attempts', () => {
  it('stops at max_attempts unless multiple attempts are allowed', async () => {
    const quiz = await create({ allow_multiple_attempts: false, max_attempts: 2 });
    const learner = h.caller();
    for (const n of [1, 2]) {
      const s = await start(quiz.id, learner);
      expect(await submit(quiz.id, s.session_id, learner)).toMatchObject({ attempt_number: n, attempts_left: 2 - n });
    }
    await expect(start(quiz.id, learner)).rejects.toMatchObject({ status: 422, code: 'ATTEMPTS_EXHAUSTED' });
    await expect(h.call(routes.submitQuiz, { params: { id: quiz.id }, body: { answers: {} } }, learner)).rejects.toMatchObject({
      status: 422,
      code: 'ATTEMPTS_EXHAUSTED',
    });
    const view = await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner);
    expect(view.session_id).toBeNull();
    expect(view.my).toEqual({ status: 'failed', attempts_used: 2, attempts_left: 0, best_score: 0, can_start: false });

    const open = await create({ allow_multiple_attempts: true, max_attempts: 1 });
    for (const n of [1, 2, 3]) {
      const s = await start(open.id, learner);
      expect((await submit(open.id, s.session_id, learner)).attempt_number).toBe(n);
    }
  });

  it('submitQuiz uses the open session, or opens one', async () => {
    const quiz = await create();
    const learner = h.caller();
    const view = await h.call(routes.getQuiz, { params: { id: quiz.id } }, learner);
    const first = await h.call(routes.submitQuiz, { params: { id: quiz.id }, body: { answers: { '0': '4' } } }, learner);
    expect(first).toMatchObject({ session_id: view.session_id, score: 20 });
    const second = await h.call(routes.submitQuiz, { params: { id: quiz.id }, body: { answers: { '1': 'False' } } }, learner);
    expect(second.session_id).not.toBe(view.session_id);
    expect(second.attempt_number).toBe(2);
    const again = await h.call(
      routes.submitQuiz,
      { params: { id: quiz.id }, body: { session_id: second.session_id, answers: { '0': '4' } } },
      learner,
    );
    expect(again).toEqual(second);
  });

  it('answers a repeated submit with the stored result, once', async () => {
    const quiz = await create();
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    const first = await submit(quiz.id, s.session_id, learner, { '0': '4' });
    const second = await submit(quiz.id, s.session_id, learner, { '0': '4', '1': 'True' });
    expect(second).toEqual(first);
    expect(await h.ds.query('SELECT 1 FROM attempts WHERE session_id = $1', [s.session_id])).toHaveLength(1);
  });

  it('grades two concurrent submits of one session exactly once, with one event', async () => {
    const quiz = await h.call(routes.createMockTest, { body: { ...quizBody(), questions: autoOnly() } }, author);
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    const results = await Promise.all([
      submit(quiz.id, s.session_id, learner, { '0': '4', '1': 'True' }),
      submit(quiz.id, s.session_id, learner, { '0': '4', '1': 'True' }),
    ]);
    expect(results[1]).toEqual(results[0]);
    expect(await h.ds.query('SELECT 1 FROM attempts WHERE session_id = $1', [s.session_id])).toHaveLength(1);
    expect(await h.outbox('assessment.attempt.submitted', { session_id: s.session_id })).toHaveLength(1);
    expect(await h.outbox('assessment.quiz.passed', { attempt_id: results[0].attempt_id })).toHaveLength(1);
  });

  it('announces every attempt and only the first pass', async () => {
    const courseId = await h.course(author.userId);
    const learner = h.caller();
    await h.enroll(courseId, learner.userId, author.userId);
    const quiz = await h.call(routes.createQuiz, { body: { ...quizBody({ course_id: courseId }), questions: autoOnly() } }, author);
    const scores: number[] = [];
    for (const answers of [{ '0': '3' }, { '0': '4', '1': 'True' }, { '0': '4', '1': 'True' }] as Record<string, string>[]) {
      const s = await start(quiz.id, learner);
      scores.push((await submit(quiz.id, s.session_id, learner, answers)).score);
    }
    expect(scores).toEqual([0, 100, 100]);
    const submitted = await h.outbox('assessment.attempt.submitted', { quiz_id: quiz.id });
    expect(submitted.map((e) => [e.payload.attempt_number, e.payload.passed, e.payload.course_id, e.payload.user_id])).toEqual([
      [1, false, courseId, learner.userId],
      [2, true, courseId, learner.userId],
      [3, true, courseId, learner.userId],
    ]);
    const passed = await h.outbox('assessment.quiz.passed', { quiz_id: quiz.id });
    expect(passed.map((e) => e.payload)).toEqual([
      expect.objectContaining({ v: 1, user_id: learner.userId, score: 100, kind: 'quiz', course_id: courseId }),
    ]);
  });

  it('leaves the question review out when results are not shown immediately', async () => {
    const quiz = await create({ show_results_immediately: false });
    const learner = h.caller();
    const s = await start(quiz.id, learner);
    const r = await submit(quiz.id, s.session_id, learner, { '0': '4' });
    expect(r.question_details).toEqual([]);
    expect(r.score).toBe(20);
    // stored whole: the author reviews it
    expect((await h.call(routes.getAttempt, { params: { id: r.attempt_id } }, author)).question_details).toHaveLength(4);
  });
});

describe('enrollment', () => {
  it('lets only enrolled learners and the author take an assessment of a course', async () => {
    const courseId = await h.course(author.userId);
    const quiz = await create({ course_id: courseId });
    const stranger = h.caller();
    await expect(h.call(routes.getQuiz, { params: { id: quiz.id } }, stranger)).rejects.toMatchObject({
      status: 403,
      code: 'NOT_ENROLLED',
    });
    await expect(start(quiz.id, stranger)).rejects.toMatchObject({ status: 403, code: 'NOT_ENROLLED' });
    await expect(h.call(routes.submitQuiz, { params: { id: quiz.id }, body: {} }, stranger)).rejects.toMatchObject({
      status: 403,
      code: 'NOT_ENROLLED',
    });
    await h.enroll(courseId, stranger.userId, author.userId);
    expect((await start(quiz.id, stranger)).test.id).toBe(quiz.id);
    expect((await start(quiz.id, author)).test.id).toBe(quiz.id);
  });
});
