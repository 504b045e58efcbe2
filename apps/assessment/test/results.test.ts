import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentInternal, assessmentRoutes as routes, type Caller } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { AssessmentHarness, quizBody } from './support/assessment-harness.js';

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

/** Multiple choice (2 points, '4') and true/false (1 point, True): scores 0, 33.33, 66.67 or 100. */
const twoQuestions = (over: Record<string, unknown> = {}) =>
  h.call(routes.createMockTest, { body: { ...quizBody(over), questions: quizBody().questions.slice(0, 2) } }, author);
const take = async (quizId: string, who: Caller, answers: Record<string, string>, minutes = 0) => {
  const s = await h.call(routes.startMockTest, { params: { id: quizId } }, who);
  if (minutes) await h.ageSession(s.session_id, minutes);
  return h.call(routes.submitMockTest, { params: { id: quizId }, query: { session_id: s.session_id }, body: { answers } }, who);
};
const ALL_RIGHT = { '0': '4', '1': 'True' };
const MC_ONLY = { '0': '4', '1': 'False' };

describe('results of an assessment', () => {
  it('shows the author every attempt and a taker their own with the latest result', async () => {
    const quiz = await twoQuestions();
    const [ann, bob] = [h.caller(), h.caller()];
    await take(quiz.id, ann, MC_ONLY);
    const annLatest = await take(quiz.id, ann, ALL_RIGHT);
    await take(quiz.id, bob, {});

    const forAuthor = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, author);
    expect(forAuthor).toMatchObject({ quiz_id: quiz.id, kind: 'mock_test', latest: null });
    expect(forAuthor.attempts.map((a) => a.user_id).sort()).toEqual([ann.userId, ann.userId, bob.userId].sort());

    const forAnn = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, ann);
    expect(forAnn.latest).toEqual(annLatest);
    expect(forAnn.attempts.map((a) => a.score)).toEqual([100, 66.67]);
    expect(forAnn.attempts.every((a) => a.user_id === ann.userId)).toBe(true);

    const forNewcomer = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, h.caller());
    expect(forNewcomer).toMatchObject({ latest: null, attempts: [] });
    await expect(h.call(routes.mockTestResults, { params: { id: randomUUID() } }, ann)).rejects.toMatchObject({ status: 404 });
  });

  it('answers one attempt to its taker and the author, 404 to anyone else', async () => {
    const quiz = await twoQuestions();
    const ann = h.caller();
    const r = await take(quiz.id, ann, MC_ONLY);
    expect(await h.call(routes.getAttempt, { params: { id: r.attempt_id } }, ann)).toEqual(r);
    expect((await h.call(routes.getAttempt, { params: { id: r.attempt_id } }, author)).attempt_id).toBe(r.attempt_id);
    await expect(h.call(routes.getAttempt, { params: { id: r.attempt_id } }, h.caller())).rejects.toMatchObject({
      status: 404,
      code: 'ATTEMPT_NOT_FOUND',
    });
    await expect(h.call(routes.getAttempt, { params: { id: randomUUID() } }, ann)).rejects.toMatchObject({ status: 404 });

    const hidden = await twoQuestions({ show_results_immediately: false });
    const quiet = await take(hidden.id, ann, MC_ONLY);
    expect((await h.call(routes.getAttempt, { params: { id: quiet.attempt_id } }, ann)).question_details).toEqual([]);
    expect((await h.call(routes.getAttempt, { params: { id: quiet.attempt_id } }, author)).question_details).toHaveLength(2);
    expect((await h.call(routes.mockTestResults, { params: { id: hidden.id } }, ann)).latest!.question_details).toEqual([]);
  });
});

describe('learner history and analytics', () => {
  it("lists the caller's attempts newest first", async () => {
    const ann = h.caller();
    const q1 = await twoQuestions({ title: 'First quiz' });
    const q2 = await h.call(
      routes.createQuiz,
      { body: { ...quizBody({ title: 'An exam', time_limit: 30, test_mode: 'exam' }), questions: quizBody().questions.slice(0, 2) } },
      author,
    );
    await take(q1.id, ann, MC_ONLY);
    await take(q2.id, ann, ALL_RIGHT);
    const list = await h.call(routes.learnerAttempts, {}, ann);
    expect(list.map((a) => [a.quiz_title, a.kind, a.score, a.passed, a.correct_answers, a.total_questions])).toEqual([
      ['An exam', 'exam', 100, true, 2, 2],
      ['First quiz', 'mock_test', 66.67, false, 1, 2],
    ]);
    expect(await h.call(routes.learnerAttempts, {}, h.caller())).toEqual([]);
  });

  it("computes analytics from the caller's attempts", async () => {
    const ann = h.caller();
    const quiz = await twoQuestions();
    await take(quiz.id, ann, {}, 2); // 0, math 0 / science 0
    await take(quiz.id, ann, MC_ONLY, 4); // 66.67, math 100 / science 0
    await take(quiz.id, ann, ALL_RIGHT, 1); // 100, math 100 / science 100
    const a = await h.call(routes.learnerAnalytics, {}, ann);
    expect(a).toMatchObject({
      total_attempts: 3,
      average_score: 55.6,
      passed_count: 1,
      pass_rate: 33.3,
      avg_time_per_question: 1.17, // 7 minutes over 6 questions
      fastest_completion: 1,
      recent_improvement: 33.3, // the latest attempt against the one before it
      strongest_subject: 'math',
      strongest_subject_score: 66.7,
      improvement_area: 'science',
      achievements: ['FIRST_ATTEMPT', 'FIRST_PASS', 'PERFECT_SCORE', 'ON_THE_RISE'],
    });
    expect(a.subject_performance).toEqual({
      math: { average_score: 66.7, attempts: 3, trend: 'improving' },
      science: { average_score: 33.3, attempts: 3, trend: 'improving' },
    });
    // the scores over time, oldest first, each with its quiz and when it was submitted
    expect(a.score_history.map((p) => [p.score, p.passed, p.quiz_title])).toEqual([
      [0, false, quiz.title],
      [66.67, false, quiz.title],
      [100, true, quiz.title],
    ]);
    const times = a.score_history.map((p) => Date.parse(p.submitted_at));
    expect(times.every((t, i) => Number.isFinite(t) && (i === 0 || t >= times[i - 1]!))).toBe(true);
    expect(await h.call(routes.learnerAnalytics, {}, h.caller())).toMatchObject({
      total_attempts: 0,
      achievements: [],
      strongest_subject: null,
      score_history: [],
    });
  });
});

describe('demo data', () => {
  it("moves an open session's start back, so its attempt is timed like a learner's", async () => {
    const ann = h.caller();
    const quiz = await twoQuestions();
    const s = await h.call(routes.startMockTest, { params: { id: quiz.id } }, ann);
    const moved = await h.internal(assessmentInternal.backdateSession, { session_id: s.session_id, seconds: 150 });
    expect(moved.session_id).toBe(s.session_id);
    const result = await h.call(
      routes.submitMockTest,
      { params: { id: quiz.id }, query: { session_id: s.session_id }, body: { answers: MC_ONLY } },
      ann,
    );
    expect(result.time_taken_minutes).toBeCloseTo(2.5, 1);
    expect(result.time_exceeded).toBe(false);
    // a submitted (or unknown) session is not moved
    await expectAppError(
      h.internal(assessmentInternal.backdateSession, { session_id: s.session_id, seconds: 60 }),
      404,
      'SESSION_NOT_FOUND',
    );
  });
});

describe('course grades', () => {
  it('takes the best attempt of each published assessment and gives a letter', async () => {
    const courseId = await h.course(author.userId);
    const ann = h.caller();
    await h.enroll(courseId, ann.userId, author.userId);
    const q1 = await twoQuestions({ course_id: courseId, title: 'Week 1' });
    const q2 = await twoQuestions({ course_id: courseId, title: 'Week 2' });
    await twoQuestions({ course_id: courseId, title: 'Not yet taken' });
    await twoQuestions({ course_id: courseId, is_published: false });

    expect(await h.call(routes.courseGrades, { params: { id: courseId } }, ann)).toEqual({
      letter_grade: null,
      overall_percentage: 0,
      earned_points: 0,
      total_points: 0,
      completed_assessments: 0,
      available_assessments: 3,
      quiz_grades: [],
    });
    await take(q1.id, ann, {});
    await take(q1.id, ann, ALL_RIGHT);
    await take(q1.id, ann, MC_ONLY);
    await take(q2.id, ann, MC_ONLY);
    const grades = await h.call(routes.courseGrades, { params: { id: courseId } }, ann);
    expect(grades).toMatchObject({
      letter_grade: 'B',
      overall_percentage: 83.33,
      earned_points: 5,
      total_points: 6,
      completed_assessments: 2,
      available_assessments: 3,
    });
    expect(grades.quiz_grades).toEqual([
      { quiz_id: q1.id, title: 'Week 1', type: 'mock_test', score_percentage: 100, passed: true, earned_points: 3, max_points: 3 },
      { quiz_id: q2.id, title: 'Week 2', type: 'mock_test', score_percentage: 66.67, passed: false, earned_points: 2, max_points: 3 },
    ]);
    await expect(h.call(routes.courseGrades, { params: { id: randomUUID() } }, ann)).rejects.toMatchObject({
      status: 404,
      code: 'COURSE_NOT_FOUND',
    });
  });
});
