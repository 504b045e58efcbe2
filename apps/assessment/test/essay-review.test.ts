import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, type Caller, type QuizResult } from '@lp/contracts';
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

/** quizBody's four questions (10 points: MC 2, TF 1, SA 3, essay 4), optionally a second essay of 2 points (12 then). */
const createQuiz = (over: Record<string, unknown> = {}, secondEssay = false) => {
  const body = quizBody(over);
  const questions = secondEssay
    ? [
        ...body.questions,
        { question_text: 'Explain fractions', question_type: 'essay' as const, correct_answer: '', explanation: '', points: 2 },
      ]
    : body.questions;
  return h.call(routes.createMockTest, { body: { ...body, questions } }, author);
};
const take = async (quizId: string, who: Caller, answers: Record<string, string>) => {
  const s = await h.call(routes.startMockTest, { params: { id: quizId } }, who);
  return h.call(routes.submitMockTest, { params: { id: quizId }, query: { session_id: s.session_id }, body: { answers } }, who);
};
/** every auto-graded question right (6 of 10 points: 60, below the default pass mark of 70) and an essay written */
const AUTO_RIGHT_WITH_ESSAY = { '0': '4', '1': 'True', '2': 'secret-PARIS   answer', '3': 'Numbers are ...' };
const essayOf = (r: QuizResult, n = 0) => r.question_details.filter((d) => d.question_type === 'essay')[n]!;
const review = (attemptId: string, body: Record<string, unknown>, who: Caller = author) =>
  h.call(routes.reviewAttempt, { params: { id: attemptId }, body: body as never }, who);

describe('grading the essays of an attempt', () => {
  it('turns a pending essay into graded points: score, passed, correct answers and the learner sees it with the feedback', async () => {
    const quiz = await createQuiz();
    const ann = h.caller();
    const submitted = await take(quiz.id, ann, AUTO_RIGHT_WITH_ESSAY);
    expect(submitted).toMatchObject({ score: 60, passed: false, correct_answers: 3, earned_points: 6, needs_manual_grading: true });
    expect(essayOf(submitted)).toMatchObject({ pending_review: true, earned_points: 0, is_correct: false });
    const before = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, author);
    expect(before.attempts.map((a) => a.needs_manual_grading)).toEqual([true]);
    expect((await h.call(routes.learnerAttempts, {}, ann)).map((a) => a.needs_manual_grading)).toEqual([true]);

    const essay = essayOf(submitted);
    const reviewed = await review(submitted.attempt_id, {
      grades: [{ question_id: essay.question_id, earned_points: 4, feedback: 'Clear and complete' }],
      feedback: 'Well done overall',
    });
    expect(reviewed).toMatchObject({
      attempt_id: submitted.attempt_id,
      score: 100,
      passed: true,
      correct_answers: 4,
      earned_points: 10,
      total_points: 10,
      needs_manual_grading: false,
      feedback: 'Well done overall',
    });
    expect(reviewed.reviewed_at).toEqual(expect.any(String));
    expect(essayOf(reviewed)).toMatchObject({ pending_review: false, earned_points: 4, is_correct: true, feedback: 'Clear and complete' });
    // subject performance measures the auto-graded questions: a review leaves it as it was
    expect(reviewed.subject_performance).toEqual(submitted.subject_performance);

    expect(await h.call(routes.getAttempt, { params: { id: submitted.attempt_id } }, ann)).toEqual(reviewed);
    const history = await h.call(routes.learnerAttempts, {}, ann);
    expect(history.map((a) => [a.score, a.passed, a.correct_answers, a.feedback, a.needs_manual_grading])).toEqual([
      [100, true, 4, 'Well done overall', false],
    ]);
    const forAnn = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, ann);
    expect(forAnn.latest).toMatchObject({ score: 100, passed: true, needs_manual_grading: false });
    const forAuthor = await h.call(routes.mockTestResults, { params: { id: quiz.id } }, author);
    expect(forAuthor.attempts.map((a) => [a.score, a.passed, a.needs_manual_grading])).toEqual([[100, true, false]]);
    expect(await h.call(routes.learnerAnalytics, {}, ann)).toMatchObject({ average_score: 100, passed_count: 1 });
  });

  it('writes attempt.reviewed, and quiz.passed when the review makes the first pass', async () => {
    const courseId = await h.course(author.userId);
    const ann = h.caller();
    await h.enroll(courseId, ann.userId, author.userId);
    const quiz = await createQuiz({ course_id: courseId });
    const submitted = await take(quiz.id, ann, AUTO_RIGHT_WITH_ESSAY);
    expect(await h.outbox('assessment.quiz.passed', { attempt_id: submitted.attempt_id })).toHaveLength(0);

    await review(submitted.attempt_id, { grades: [{ question_id: essayOf(submitted).question_id, earned_points: 2 }] });
    // 8 of 10 points: passes the default 70
    const [reviewedEvent] = await h.outbox('assessment.attempt.reviewed', { attempt_id: submitted.attempt_id });
    expect(reviewedEvent!.payload).toMatchObject({
      v: 1,
      attempt_id: submitted.attempt_id,
      quiz_id: quiz.id,
      course_id: courseId,
      user_id: ann.userId,
      score: 80,
      passed: true,
      needs_manual_grading: false,
      reviewed_by: author.userId,
      submitted_at: submitted.submitted_at,
      time_taken_minutes: submitted.time_taken_minutes,
    });
    expect(reviewedEvent!.payload.reviewed_at).toEqual(expect.any(String));
    const passed = await h.outbox('assessment.quiz.passed', { attempt_id: submitted.attempt_id });
    expect(passed.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        quiz_id: quiz.id,
        user_id: ann.userId,
        course_id: courseId,
        score: 80,
        kind: 'mock_test',
        quiz_title: quiz.title,
      }),
    ]);

    // a re-grade that keeps the pass is no new first pass
    await review(submitted.attempt_id, { grades: [{ question_id: essayOf(submitted).question_id, earned_points: 3 }] });
    expect(await h.outbox('assessment.attempt.reviewed', { attempt_id: submitted.attempt_id })).toHaveLength(2);
    expect(await h.outbox('assessment.quiz.passed', { attempt_id: submitted.attempt_id })).toHaveLength(1);
  });

  it('writes no quiz.passed when an earlier attempt passed already', async () => {
    const quiz = await createQuiz();
    const ann = h.caller();
    const first = await take(quiz.id, ann, { ...AUTO_RIGHT_WITH_ESSAY });
    await review(first.attempt_id, { grades: [{ question_id: essayOf(first).question_id, earned_points: 4 }] });
    const second = await take(quiz.id, ann, AUTO_RIGHT_WITH_ESSAY);
    const r = await review(second.attempt_id, { grades: [{ question_id: essayOf(second).question_id, earned_points: 4 }] });
    expect(r.passed).toBe(true);
    expect(await h.outbox('assessment.quiz.passed', { attempt_id: first.attempt_id })).toHaveLength(1);
    expect(await h.outbox('assessment.quiz.passed', { attempt_id: second.attempt_id })).toHaveLength(0);
  });

  it('keeps needs_manual_grading while another answered essay waits', async () => {
    const quiz = await createQuiz({ passing_score: 50 }, true);
    const ann = h.caller();
    const submitted = await take(quiz.id, ann, { ...AUTO_RIGHT_WITH_ESSAY, '4': 'Fractions are parts' });
    expect(submitted).toMatchObject({ score: 50, passed: true, needs_manual_grading: true });

    const partial = await review(submitted.attempt_id, {
      grades: [{ question_id: essayOf(submitted, 1).question_id, earned_points: 1.5 }],
    });
    expect(partial).toMatchObject({ earned_points: 7.5, score: 62.5, needs_manual_grading: true, correct_answers: 3 });
    expect([essayOf(partial, 0).pending_review, essayOf(partial, 1).pending_review]).toEqual([true, false]);
    expect(essayOf(partial, 1)).toMatchObject({ earned_points: 1.5, is_correct: false });

    const full = await review(submitted.attempt_id, { grades: [{ question_id: essayOf(submitted, 0).question_id, earned_points: 0 }] });
    expect(full).toMatchObject({ earned_points: 7.5, score: 62.5, needs_manual_grading: false });
    expect(essayOf(full, 0)).toMatchObject({ pending_review: false, earned_points: 0, is_correct: false });
  });

  it('an unanswered essay is not pending and needs no review', async () => {
    const quiz = await createQuiz();
    const r = await take(quiz.id, h.caller(), { '0': '4' });
    expect(r.needs_manual_grading).toBe(false);
    await expect(review(r.attempt_id, { grades: [{ question_id: essayOf(r).question_id, earned_points: 1 }] })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'grades.0.question_id', message: 'This essay was not answered' }],
    });
  });

  it('re-grades: lowers the score and the pass, keeps the feedback not sent again, replaces the one sent', async () => {
    const quiz = await createQuiz();
    const ann = h.caller();
    const submitted = await take(quiz.id, ann, AUTO_RIGHT_WITH_ESSAY);
    const essayId = essayOf(submitted).question_id;
    await review(submitted.attempt_id, { grades: [{ question_id: essayId, earned_points: 4, feedback: 'Great' }], feedback: 'Good work' });
    const lower = await review(submitted.attempt_id, { grades: [{ question_id: essayId, earned_points: 0.5 }] });
    expect(lower).toMatchObject({ score: 65, passed: false, correct_answers: 3, needs_manual_grading: false, feedback: 'Good work' });
    expect(essayOf(lower)).toMatchObject({ earned_points: 0.5, is_correct: false, feedback: 'Great' });
    const feedbackOnly = await review(submitted.attempt_id, { feedback: 'See the essay comments' });
    expect(feedbackOnly).toMatchObject({ score: 65, feedback: 'See the essay comments' });
    expect((await h.call(routes.learnerAttempts, {}, ann))[0]).toMatchObject({
      score: 65,
      passed: false,
      feedback: 'See the essay comments',
    });
  });

  it('refuses points out of bounds or off the 0.5 step, naming the entry', async () => {
    const quiz = await createQuiz();
    const r = await take(quiz.id, h.caller(), AUTO_RIGHT_WITH_ESSAY);
    const essayId = essayOf(r).question_id;
    await expect(review(r.attempt_id, { grades: [{ question_id: essayId, earned_points: 4.5 }] })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'grades.0.earned_points', message: 'Points cannot exceed 4 points' }],
    });
    await expect(review(r.attempt_id, { grades: [{ question_id: essayId, earned_points: 1.25 }] })).rejects.toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'grades.0.earned_points' })],
    });
    await expect(review(r.attempt_id, { grades: [{ question_id: essayId, earned_points: -1 }] })).rejects.toMatchObject({
      status: 400,
      errors: [expect.objectContaining({ path: 'grades.0.earned_points' })],
    });
    await expect(review(r.attempt_id, {})).rejects.toMatchObject({ status: 400 });
    // nothing was stored by the refused reviews
    expect(await h.call(routes.getAttempt, { params: { id: r.attempt_id } }, author)).toMatchObject({
      score: 60,
      needs_manual_grading: true,
    });
    expect(await h.outbox('assessment.attempt.reviewed', { attempt_id: r.attempt_id })).toHaveLength(0);
  });

  it('grades essays only: another type, a question of another quiz or the same one twice are refused', async () => {
    const quiz = await createQuiz();
    const r = await take(quiz.id, h.caller(), AUTO_RIGHT_WITH_ESSAY);
    const mc = r.question_details.find((d) => d.question_type === 'multiple_choice')!;
    const essayId = essayOf(r).question_id;
    await expect(
      review(r.attempt_id, {
        grades: [
          { question_id: essayId, earned_points: 1 },
          { question_id: mc.question_id, earned_points: 1 },
        ],
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'grades.1.question_id', message: 'Only essay questions are graded by hand' }],
    });
    await expect(review(r.attempt_id, { grades: [{ question_id: randomUUID(), earned_points: 1 }] })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'grades.0.question_id', message: 'This question is not part of the attempt' }],
    });
    await expect(
      review(r.attempt_id, {
        grades: [
          { question_id: essayId, earned_points: 1 },
          { question_id: essayId, earned_points: 2 },
        ],
      }),
    ).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'grades.1.question_id', message: 'This question is graded twice' }],
    });
  });

  it("is the author's only: 403 to another author and to the learner, 404 for an unknown attempt", async () => {
    const quiz = await createQuiz();
    const ann = h.caller();
    const r = await take(quiz.id, ann, AUTO_RIGHT_WITH_ESSAY);
    const body = { grades: [{ question_id: essayOf(r).question_id, earned_points: 4 }] };
    await expect(review(r.attempt_id, body, h.caller('instructor'))).rejects.toMatchObject({ status: 403, code: 'NOT_QUIZ_AUTHOR' });
    // a learner is refused by the route's guard, in the service as in the gateway
    await expect(review(r.attempt_id, body, ann)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(review(randomUUID(), body)).rejects.toMatchObject({ status: 404, code: 'ATTEMPT_NOT_FOUND' });
    expect((await h.call(routes.getAttempt, { params: { id: r.attempt_id } }, ann)).score).toBe(60);
  });
});
