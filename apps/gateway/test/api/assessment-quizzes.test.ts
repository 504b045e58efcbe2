import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  assessmentRoutes,
  fillPath,
  type AnyRoute,
  type Course,
  type QuizAuthor,
  type QuizResult,
  type QuizTaker,
  type TestSession,
  type User,
} from '@lp/contracts';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };

const PASSWORD = 'secret-pass-1';
const SAMPLE_ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const SECRET = 'SECRET-';
const QUIZ_ROUTES = [
  'createQuiz',
  'updateQuiz',
  'deleteQuiz',
  'addQuestion',
  'getQuiz',
  'manageQuiz',
  'submitQuiz',
  'myQuizzes',
  'courseQuizzes',
  'courseGrades',
  'listMockTests',
  'createMockTest',
  'updateMockTest',
  'deleteMockTest',
  'startMockTest',
  'saveProgress',
  'submitMockTest',
  'mockTestResults',
  'learnerAttempts',
  'learnerAnalytics',
  'getAttempt',
  'reviewAttempt',
  'quizInfo',
] as const;

/** Multiple choice (2 points), true/false (1), short answer (3); answer keys carry SECRET. */
const questions = () => [
  {
    question_text: 'What is 2 + 2?',
    question_type: 'multiple_choice',
    options: ['3', '4', '5'],
    correct_answer: '4',
    explanation: `${SECRET}mc`,
    subject: 'math',
    points: 2,
  },
  { question_text: 'Water is wet', question_type: 'true_false', correct_answer: 'True', explanation: `${SECRET}tf`, subject: 'science' },
  {
    question_text: 'Name the key',
    question_type: 'short_answer',
    correct_answer: `${SECRET}key`,
    explanation: `${SECRET}sa`,
    subject: 'math',
    points: 3,
  },
];

describe('quizzes, mock tests and results through the gateway', () => {
  let stack: Stack;
  let ivan: Auth; // owns the course
  let olga: Auth; // another instructor
  let lena: Auth; // enrolled learner
  let nina: Auth; // learner, not enrolled
  let lessonId: string;
  let course: Course;

  const register = async (role: string, name = `Test ${role}`): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', { body: { name, email: uniqueEmail(role), password: PASSWORD, role } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, who: Auth | null, body?: unknown) =>
    stack.api<T>(method, path, { ...(who ? { token: who.token } : {}), ...(body !== undefined ? { body } : {}) });
  const expectError = (res: ApiResponse, status: number, code: string) => {
    expect([res.status, (res.body as unknown as ErrorBody).code]).toEqual([status, code]);
    expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
  };
  const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Assessment learns of courses and enrollments through catalog's events. */
  const knownToAssessment = (sql: string, params: unknown[]) =>
    waitFor(async () => (await stack.assessment.ds.query(sql, params)).length > 0);
  const createQuiz = async (over: Record<string, unknown> = {}, who: Auth = ivan, path = '/quizzes'): Promise<QuizAuthor> => {
    const res = await call<QuizAuthor>('POST', path, who, {
      title: `Quiz ${randomUUID().slice(0, 6)}`,
      test_mode: 'practice',
      time_limit: 0,
      questions: questions(),
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const start = async (quizId: string, who: Auth): Promise<TestSession> => {
    const res = await call<TestSession>('GET', `/mock-tests/${quizId}/start`, who);
    expect(res.status).toBe(200);
    return res.body;
  };
  const submit = (quizId: string, sessionId: string, who: Auth, answers: Record<string, unknown> = {}) =>
    call<QuizResult>('POST', `/mock-tests/${quizId}/submit?session_id=${sessionId}`, who, { answers });

  beforeAll(async () => {
    stack = await startStack();
    [ivan, olga, lena, nina] = await Promise.all([
      register('instructor', 'Ivan Instructor'),
      register('instructor', 'Olga Other'),
      register('learner', 'Lena Learner'),
      register('learner', 'Nina Outsider'),
    ]);
    const created = await call<Course>('POST', '/courses', ivan, {
      title: 'Arithmetic',
      description: 'Numbers',
      price: 0,
      is_published: true,
    });
    expect(created.status).toBe(201);
    course = created.body;
    await knownToAssessment('SELECT 1 FROM courses WHERE id = $1', [course.id]);
    // the course's one lesson, which Lena completes: its assessments open only at 100% completion
    const lesson = await call<{ id: string }>('POST', `/courses/${course.id}/lessons`, ivan, { title: 'Counting', content: 'One, two' });
    expect(lesson.status).toBe(201);
    expect((await call('POST', `/courses/${course.id}/enroll`, lena)).status).toBe(201);
    await knownToAssessment('SELECT 1 FROM enrollments WHERE course_id = $1 AND user_id = $2', [course.id, lena.user.id]);
    lessonId = lesson.body.id;
    expect((await call('POST', `/lessons/${lessonId}/complete`, lena, {})).body).toMatchObject({ completion_percentage: 100 });
  }, 90_000);
  afterAll(async () => {
    await stack.stop();
  }, 60_000);

  describe('guards', () => {
    const routes = QUIZ_ROUTES.map((k) => assessmentRoutes[k] as AnyRoute);
    const pathOf = (r: AnyRoute) => fillPath(r.path, Object.fromEntries([...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, SAMPLE_ID])));

    it('answers 401 on every quiz route without a token', async () => {
      for (const r of routes) {
        const res = await stack.api(r.method, pathOf(r));
        expect([r.subject, res.status]).toEqual([r.subject, 401]);
      }
    });

    it('answers 403 on role-guarded routes for other roles: authoring for learners, the learner pages for instructors', async () => {
      for (const r of routes.filter((x) => Array.isArray(x.guard))) {
        const who = (r.guard as readonly string[]).includes('learner') ? ivan : lena;
        const res = await stack.api(r.method, pathOf(r), { token: who.token });
        expect([r.subject, res.status]).toEqual([r.subject, 403]);
      }
    });

    it('answers 400 on malformed ids and a missing session id', async () => {
      expectError(await call('GET', '/quizzes/nope', lena), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', '/mock-tests/nope/start', lena), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', '/learner/quiz-attempts/nope', lena), 400, 'VALIDATION_FAILED');
      expectError(await call('POST', `/mock-tests/${SAMPLE_ID}/submit`, lena, { answers: {} }), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', '/mock-tests?difficulty=extreme', lena), 400, 'VALIDATION_FAILED');
    });

    it('answers 404 for unknown assessments, sessions, attempts and courses', async () => {
      expectError(await call('GET', `/quizzes/${SAMPLE_ID}`, lena), 404, 'QUIZ_NOT_FOUND');
      expectError(await call('GET', `/mock-tests/${SAMPLE_ID}/start`, lena), 404, 'QUIZ_NOT_FOUND');
      expectError(await call('GET', `/mock-tests/${SAMPLE_ID}/results`, lena), 404, 'QUIZ_NOT_FOUND');
      expectError(await call('PUT', `/mock-tests/${SAMPLE_ID}`, ivan, { title: 'X' }), 404, 'QUIZ_NOT_FOUND');
      expectError(await call('DELETE', `/quizzes/${SAMPLE_ID}`, ivan), 404, 'QUIZ_NOT_FOUND');
      expectError(await call('GET', `/learner/quiz-attempts/${SAMPLE_ID}`, lena), 404, 'ATTEMPT_NOT_FOUND');
      expectError(await call('GET', `/courses/${SAMPLE_ID}/quizzes`, lena), 404, 'COURSE_NOT_FOUND');
      expectError(await call('GET', `/courses/${SAMPLE_ID}/grades`, lena), 404, 'COURSE_NOT_FOUND');
      expectError(await call('POST', '/quizzes', ivan, { title: 'Orphan', course_id: SAMPLE_ID }), 404, 'COURSE_NOT_FOUND');
    });
  });

  describe('authoring', () => {
    it("creates quizzes and mock tests (201) in the owner's course only, with field errors on bad input", async () => {
      const quiz = await createQuiz({ course_id: course.id });
      expect(quiz).toMatchObject({ kind: 'quiz', course_id: course.id, course_title: 'Arithmetic', question_count: 3, total_points: 6 });
      const mock = await createQuiz({ time_limit: 20, test_mode: 'exam' }, olga, '/mock-tests');
      expect(mock).toMatchObject({ kind: 'mock_test', is_mock_test: true, time_limit: 20 });
      expectError(await call('POST', '/quizzes', olga, { title: 'Not mine', course_id: course.id }), 403, 'NOT_COURSE_OWNER');
      const bad = await call<ErrorBody>('POST', '/mock-tests', ivan, { title: '', test_mode: 'exam', time_limit: 5, passing_score: 120 });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['passing_score', 'time_limit', 'title']);
    });

    it('edits, adds questions and deletes for the author only', async () => {
      const quiz = await createQuiz();
      const updated = await call<QuizAuthor>('PUT', `/quizzes/${quiz.id}`, ivan, { title: 'Renamed', passing_score: 50 });
      expect([updated.status, updated.body.title, updated.body.passing_score]).toEqual([200, 'Renamed', 50]);
      const mode = await call<ErrorBody>('PUT', `/mock-tests/${quiz.id}`, ivan, { test_mode: 'exam' });
      expectError(mode, 400, 'VALIDATION_FAILED');
      expect(mode.body.errors[0]!.path).toBe('time_limit');
      expectError(await call('PUT', `/quizzes/${quiz.id}`, olga, { title: 'Mine' }), 403, 'NOT_QUIZ_AUTHOR');
      expectError(await call('PUT', `/quizzes/${quiz.id}`, ivan, {}), 400, 'VALIDATION_FAILED');

      const added = await call('POST', `/quizzes/${quiz.id}/questions`, ivan, { question_text: 'Essay time', question_type: 'essay' });
      expect([added.status, added.body.order]).toEqual([201, 3]);
      expectError(
        await call('POST', `/quizzes/${quiz.id}/questions`, ivan, { question_text: 'Pick', options: ['a'], correct_answer: 'a' }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await call('POST', `/quizzes/${quiz.id}/questions`, olga, { question_text: 'Sneak', question_type: 'essay' }),
        403,
        'NOT_QUIZ_AUTHOR',
      );

      const managed = await call<QuizAuthor>('GET', `/quizzes/${quiz.id}/manage`, ivan);
      expect(managed.body.questions.map((q) => q.correct_answer)).toEqual(['4', 'True', `${SECRET}key`, '']);
      expectError(await call('GET', `/quizzes/${quiz.id}/manage`, olga), 403, 'NOT_QUIZ_AUTHOR');

      expectError(await call('DELETE', `/mock-tests/${quiz.id}`, olga), 403, 'NOT_QUIZ_AUTHOR');
      expect((await call('DELETE', `/quizzes/${quiz.id}`, ivan)).body).toEqual({ message: 'Assessment deleted' });
      expectError(await call('GET', `/quizzes/${quiz.id}`, ivan), 404, 'QUIZ_NOT_FOUND');
    });

    it("lists my quizzes, a course's quizzes (drafts for the owner) and discoverable ones with filters", async () => {
      const tag = randomUUID().slice(0, 8);
      const pub = await createQuiz({ course_id: course.id, title: `Fractions ${tag}`, subject: 'Mathematics', difficulty: 'hard' });
      const draft = await createQuiz({ course_id: course.id, title: `Draft ${tag}`, is_published: false });
      const mine = await call<QuizAuthor[]>('GET', '/my-quizzes', ivan);
      expect(mine.body.slice(0, 2).map((q) => q.id)).toEqual([draft.id, pub.id]);
      const forOwner = (await call<QuizTaker[]>('GET', `/courses/${course.id}/quizzes`, ivan)).body.map((q) => q.id);
      expect(forOwner).toEqual(expect.arrayContaining([pub.id, draft.id]));
      const forLearner = (await call<QuizTaker[]>('GET', `/courses/${course.id}/quizzes`, lena)).body.map((q) => q.id);
      expect(forLearner).toContain(pub.id);
      expect(forLearner).not.toContain(draft.id);
      const found = await call<QuizTaker[]>(
        'GET',
        `/mock-tests?search=${tag}&subject=mathematics&difficulty=hard&course_id=${course.id}`,
        lena,
      );
      expect(found.body.map((q) => [q.id, q.my.status])).toEqual([[pub.id, 'new']]);
      expect((await call<QuizTaker[]>('GET', `/mock-tests?search=${tag}&difficulty=easy`, lena)).body).toEqual([]);
      expect((await call<QuizTaker[]>('GET', `/mock-tests?search=${tag}&subject=all`, ivan)).body.map((q) => q.id).sort()).toEqual(
        [pub.id, draft.id].sort(),
      );
      expectError(await call('GET', `/quizzes/${draft.id}`, lena), 404, 'QUIZ_NOT_FOUND');
    });
  });

  describe('taking', () => {
    it('runs a session: start, save, submit once, results, attempts, analytics, grades and review', async () => {
      const quiz = await createQuiz({ course_id: course.id, is_mock_test: true, time_limit: 30 });
      const session = await start(quiz.id, lena);
      expect(session).toMatchObject({ test: { id: quiz.id, kind: 'mock_test', time_limit: 30 }, answers: {} });
      const [mc, tf, sa] = session.test.questions;
      const saved = await call('POST', `/mock-tests/${quiz.id}/save-progress`, lena, {
        session_id: session.session_id,
        answers: { [mc!.id]: '4' },
        current_question: 1,
      });
      expect([saved.status, saved.body.session_id]).toEqual([200, session.session_id]);
      expectError(
        await call('POST', `/mock-tests/${quiz.id}/save-progress`, nina, { session_id: session.session_id }),
        403,
        'NOT_SESSION_OWNER',
      );
      expectError(await call('POST', `/mock-tests/${quiz.id}/save-progress`, lena, { session_id: SAMPLE_ID }), 404, 'SESSION_NOT_FOUND');
      expectError(await call('POST', `/mock-tests/${quiz.id}/save-progress`, lena, { answers: {} }), 400, 'VALIDATION_FAILED');

      const res = await submit(quiz.id, session.session_id, lena, { [tf!.id]: false, [sa!.id]: ` ${SECRET.toLowerCase()}KEY ` });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        score: 83.33,
        passed: true,
        correct_answers: 2,
        earned_points: 5,
        total_points: 6,
        attempt_number: 1,
        time_exceeded: false,
      });
      expect((await submit(quiz.id, session.session_id, lena)).body).toEqual(res.body);
      expectError(
        await call('POST', `/mock-tests/${quiz.id}/save-progress`, lena, { session_id: session.session_id }),
        409,
        'SESSION_SUBMITTED',
      );
      expectError(await submit(quiz.id, session.session_id, nina), 403, 'NOT_SESSION_OWNER');

      const results = await call<{ latest: QuizResult; attempts: unknown[] }>('GET', `/mock-tests/${quiz.id}/results`, lena);
      expect([results.body.latest.attempt_id, results.body.attempts.length]).toEqual([res.body.attempt_id, 1]);
      expect((await call<{ attempts: unknown[]; latest: null }>('GET', `/mock-tests/${quiz.id}/results`, ivan)).body).toMatchObject({
        latest: null,
        attempts: [{ attempt_id: res.body.attempt_id, user_name: 'Lena Learner' }],
      });
      // the lists carry the figures: the author no longer downloads every attempt to count them
      const mine = await call<QuizAuthor[]>('GET', '/my-quizzes', ivan);
      expect(mine.body.find((q) => q.id === quiz.id)!.figures).toEqual({ attempts: 1, average_score: 83.3, pass_rate: 100 });

      const attempts = await call<{ id: string }[]>('GET', '/learner/quiz-attempts', lena);
      expect(attempts.body[0]!.id).toBe(res.body.attempt_id);
      expect((await call('GET', `/learner/quiz-attempts/${res.body.attempt_id}`, lena)).body).toEqual(res.body);
      expect((await call('GET', `/learner/quiz-attempts/${res.body.attempt_id}`, ivan)).status).toBe(200);
      expectError(await call('GET', `/learner/quiz-attempts/${res.body.attempt_id}`, nina), 404, 'ATTEMPT_NOT_FOUND');

      const analytics = await call('GET', '/learner/quiz-analytics', lena);
      expect(analytics.body).toMatchObject({
        total_attempts: 1,
        passed_count: 1,
        pass_rate: 100,
        achievements: ['FIRST_ATTEMPT', 'FIRST_PASS'],
      });
      const grades = await call('GET', `/courses/${course.id}/grades`, lena);
      expect(grades.body).toMatchObject({ letter_grade: 'B', overall_percentage: 83.33, completed_assessments: 1 });
    });

    it('takes a quiz without a session id through POST /quizzes/{id}/submit', async () => {
      const quiz = await createQuiz({ course_id: course.id });
      const view = await call<QuizTaker>('GET', `/quizzes/${quiz.id}`, lena);
      expect(view.body.session_id).not.toBeNull();
      const res = await call<QuizResult>('POST', `/quizzes/${quiz.id}/submit`, lena, {
        answers: { '0': '4', '1': 'True', '2': `${SECRET}key` },
      });
      expect([res.status, res.body.session_id, res.body.score]).toEqual([200, view.body.session_id, 100]);
      expectError(await call('POST', `/quizzes/${quiz.id}/submit`, lena, { answers: 'all of them' }), 400, 'VALIDATION_FAILED');
    });

    it("answers a card with the caller's standing on GET /quizzes/{id}/info without opening a session", async () => {
      const sessions = async (quizId: string) =>
        (await stack.assessment.ds.query('SELECT count(*)::int AS n FROM test_sessions WHERE quiz_id = $1', [quizId]))[0].n;
      const quiz = await createQuiz({ course_id: course.id, max_attempts: 3, allow_multiple_attempts: false });
      expect((await stack.api('GET', `/quizzes/${quiz.id}/info`)).status).toBe(401);
      expectError(await call('GET', `/quizzes/${SAMPLE_ID}/info`, lena), 404, 'QUIZ_NOT_FOUND');
      expectError(await call('GET', `/quizzes/${quiz.id}/info`, nina), 403, 'NOT_ENROLLED');
      const draft = await createQuiz({ is_published: false });
      expectError(await call('GET', `/quizzes/${draft.id}/info`, lena), 404, 'QUIZ_NOT_FOUND');
      const res = await call<QuizTaker>('GET', `/quizzes/${quiz.id}/info`, lena);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: quiz.id,
        title: quiz.title,
        question_count: 3,
        my: { status: 'new', attempts_used: 0, attempts_left: 3, can_start: true },
      });
      expect(res.body).not.toHaveProperty('questions');
      expect(res.body).not.toHaveProperty('session_id');
      expect(await sessions(quiz.id)).toBe(0);
    });

    it('refuses learners not enrolled in the course (403), exhausted attempts and empty assessments (422)', async () => {
      const quiz = await createQuiz({ course_id: course.id, allow_multiple_attempts: false, max_attempts: 1 });
      expectError(await call('GET', `/quizzes/${quiz.id}`, nina), 403, 'NOT_ENROLLED');
      expectError(await call('GET', `/mock-tests/${quiz.id}/start`, nina), 403, 'NOT_ENROLLED');
      expectError(await call('POST', `/quizzes/${quiz.id}/submit`, nina, {}), 403, 'NOT_ENROLLED');
      const s = await start(quiz.id, lena);
      expect((await submit(quiz.id, s.session_id, lena)).body).toMatchObject({ attempt_number: 1, attempts_left: 0 });
      expectError(await call('GET', `/mock-tests/${quiz.id}/start`, lena), 422, 'ATTEMPTS_EXHAUSTED');
      expectError(await call('POST', `/quizzes/${quiz.id}/submit`, lena, {}), 422, 'ATTEMPTS_EXHAUSTED');
      const empty = await createQuiz({ questions: [] });
      expectError(await call('GET', `/mock-tests/${empty.id}/start`, nina), 422, 'QUIZ_HAS_NO_QUESTIONS');
    });

    it("keeps a course's assessment locked for a learner until their completion reaches 100% (403 ASSESSMENT_LOCKED)", async () => {
      const quiz = await createQuiz({ course_id: course.id });
      const paul = await register('learner', 'Paul Partway');
      expect((await call('POST', `/courses/${course.id}/enroll`, paul)).status).toBe(201);
      await knownToAssessment('SELECT 1 FROM enrollments WHERE course_id = $1 AND user_id = $2', [course.id, paul.user.id]);
      const locked = await call<ErrorBody>('GET', `/mock-tests/${quiz.id}/start`, paul);
      expectError(locked, 403, 'ASSESSMENT_LOCKED');
      expect(locked.body.detail).toMatch(/Complete the course/);
      expectError(await call('GET', `/quizzes/${quiz.id}`, paul), 403, 'ASSESSMENT_LOCKED');
      expectError(await call('POST', `/quizzes/${quiz.id}/submit`, paul, {}), 403, 'ASSESSMENT_LOCKED');
      expect((await call('GET', `/quizzes/${quiz.id}/info`, paul)).status).toBe(200);
      const open = await stack.assessment.ds.query('SELECT 1 FROM test_sessions WHERE quiz_id = $1', [quiz.id]);
      expect(open).toHaveLength(0);
      expect((await call('POST', `/lessons/${lessonId}/complete`, paul, {})).body).toMatchObject({ completion_percentage: 100 });
      expect((await start(quiz.id, paul)).session_id).toEqual(expect.any(String));
      // the instructor previews his course's assessment at any completion
      expect((await start(quiz.id, ivan)).session_id).toEqual(expect.any(String));
    });

    it('marks a session past its limit and grace as time_exceeded and refuses late saves (422)', async () => {
      const quiz = await createQuiz({ time_limit: 5 });
      const s = await start(quiz.id, nina);
      await stack.assessment.ds.query(
        `UPDATE test_sessions SET started_at = started_at - interval '6 minutes', deadline_at = deadline_at - interval '6 minutes' WHERE id = $1`,
        [s.session_id],
      );
      expectError(
        await call('POST', `/mock-tests/${quiz.id}/save-progress`, nina, { session_id: s.session_id, answers: { '0': '4' } }),
        422,
        'SESSION_TIME_UP',
      );
      const res = await submit(quiz.id, s.session_id, nina, { '0': '4' });
      expect(res.body).toMatchObject({ time_exceeded: true, time_taken_minutes: 5, score: 0 });
    });

    it('never sends an answer key to a taker', async () => {
      const quiz = await createQuiz({ course_id: course.id, show_results_immediately: false });
      const bodies = [
        (await call('GET', `/quizzes/${quiz.id}`, lena)).body,
        (await call('GET', `/mock-tests/${quiz.id}/start`, lena)).body,
        (await call('GET', `/mock-tests?course_id=${course.id}`, lena)).body,
        (await call('GET', `/courses/${course.id}/quizzes`, lena)).body,
        (await call('GET', '/my-quizzes', olga)).body,
      ];
      const session = bodies[1] as unknown as TestSession;
      bodies.push((await submit(quiz.id, session.session_id, lena)).body as never);
      bodies.push((await call('GET', `/mock-tests/${quiz.id}/results`, lena)).body);
      const text = JSON.stringify(bodies);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('"correct_answer"');
      expect(text).not.toContain('"explanation"');
    });
  });

  describe('essay review', () => {
    /** the three auto-graded questions (6 points) and an essay of 4: 60 before the review */
    const withEssay = () => [...questions(), { question_text: 'Explain addition', question_type: 'essay', correct_answer: '', points: 4 }];
    const takeWithEssay = async () => {
      const quiz = await createQuiz({ course_id: course.id, questions: withEssay() }, ivan, '/mock-tests');
      const s = await start(quiz.id, lena);
      const res = await submit(quiz.id, s.session_id, lena, {
        '0': '4',
        '1': 'True',
        '2': `${SECRET}key`,
        '3': 'You put numbers together',
      });
      expect(res.body).toMatchObject({ score: 60, passed: false, needs_manual_grading: true });
      const essay = res.body.question_details.find((d) => d.question_type === 'essay')!;
      const mc = res.body.question_details.find((d) => d.question_type === 'multiple_choice')!;
      return { quiz, attempt: res.body, essayId: essay.question_id, mcId: mc.question_id };
    };
    const reviewPath = (attemptId: string) => `/learner/quiz-attempts/${attemptId}/review`;

    it('refuses without a token (401), learners and other authors (403), unknown attempts (404) and bad grades (400)', async () => {
      const { attempt, essayId, mcId } = await takeWithEssay();
      const body = { grades: [{ question_id: essayId, earned_points: 4 }] };
      expect((await call('POST', reviewPath(attempt.attempt_id), null, body)).status).toBe(401);
      expect((await call('POST', reviewPath(attempt.attempt_id), lena, body)).status).toBe(403);
      expectError(await call('POST', reviewPath(attempt.attempt_id), olga, body), 403, 'NOT_QUIZ_AUTHOR');
      expectError(await call('POST', reviewPath(SAMPLE_ID), ivan, body), 404, 'ATTEMPT_NOT_FOUND');
      expectError(await call('POST', reviewPath('nope'), ivan, body), 400, 'VALIDATION_FAILED');
      const notEssay = await call<ErrorBody>('POST', reviewPath(attempt.attempt_id), ivan, {
        grades: [{ question_id: mcId, earned_points: 1 }],
      });
      expectError(notEssay, 400, 'VALIDATION_FAILED');
      expect(notEssay.body.errors).toEqual([{ path: 'grades.0.question_id', message: 'Only essay questions are graded by hand' }]);
      const tooMany = await call<ErrorBody>('POST', reviewPath(attempt.attempt_id), ivan, {
        grades: [{ question_id: essayId, earned_points: 4.5 }],
      });
      expect(tooMany.body.errors).toEqual([{ path: 'grades.0.earned_points', message: 'Points cannot exceed 4 points' }]);
      const offStep = await call<ErrorBody>('POST', reviewPath(attempt.attempt_id), ivan, {
        grades: [{ question_id: essayId, earned_points: 1.2 }],
      });
      expectError(offStep, 400, 'VALIDATION_FAILED');
      expect(offStep.body.errors.map((e) => e.path)).toEqual(['grades.0.earned_points']);
      expect((await call<QuizResult>('GET', `/learner/quiz-attempts/${attempt.attempt_id}`, lena)).body.score).toBe(60);
    });

    it('grades the essay: the author gets the full result, the learner sees the new score and the feedback', async () => {
      const { quiz, attempt, essayId } = await takeWithEssay();
      const waiting = await call<{ attempts: Array<{ attempt_id: string; needs_manual_grading: boolean }> }>(
        'GET',
        `/mock-tests/${quiz.id}/results`,
        ivan,
      );
      expect(waiting.body.attempts).toEqual([expect.objectContaining({ attempt_id: attempt.attempt_id, needs_manual_grading: true })]);

      const res = await call<QuizResult>('POST', reviewPath(attempt.attempt_id), ivan, {
        grades: [{ question_id: essayId, earned_points: 3.5, feedback: 'Good, give an example' }],
        feedback: 'Nearly perfect',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        score: 95,
        passed: true,
        earned_points: 9.5,
        correct_answers: 3,
        needs_manual_grading: false,
        feedback: 'Nearly perfect',
      });
      // the author's view: answer keys included
      expect(JSON.stringify(res.body)).toContain(SECRET);
      expect(res.body.question_details.find((d) => d.question_id === essayId)).toMatchObject({
        earned_points: 3.5,
        pending_review: false,
        is_correct: false,
        feedback: 'Good, give an example',
      });

      const seen = await call<QuizResult>('GET', `/learner/quiz-attempts/${attempt.attempt_id}`, lena);
      expect(seen.body).toMatchObject({ score: 95, passed: true, needs_manual_grading: false, feedback: 'Nearly perfect' });
      const history = await call<Array<{ id: string; score: number; feedback: string }>>('GET', '/learner/quiz-attempts', lena);
      expect(history.body.find((a) => a.id === attempt.attempt_id)).toMatchObject({ score: 95, feedback: 'Nearly perfect' });
      const after = await call<{ attempts: Array<{ needs_manual_grading: boolean; score: number }> }>(
        'GET',
        `/mock-tests/${quiz.id}/results`,
        ivan,
      );
      expect(after.body.attempts).toEqual([expect.objectContaining({ score: 95, needs_manual_grading: false })]);
    });
  });
});
