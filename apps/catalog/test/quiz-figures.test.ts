import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { z } from 'zod';
import { assessmentEvents, catalogRoutes, type Lesson } from '@lp/contracts';
import { CatalogHarness, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(60_000);

let h: CatalogHarness;
beforeAll(async () => {
  h = await CatalogHarness.start();
});
afterAll(async () => {
  await h.stop();
});

type SavedQuiz = z.input<typeof assessmentEvents.quizSaved.schema>;

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** assessment.quiz.saved as assessment writes it; answers the quiz id. */
async function saveQuiz(author: TestUser, courseId: string | null, over: Partial<SavedQuiz> = {}): Promise<string> {
  const quizId = over.quiz_id ?? randomUUID();
  await h.applied(assessmentEvents.quizSaved, {
    v: 1,
    quiz_id: quizId,
    title: `Quiz ${quizId.slice(0, 4)}`,
    kind: 'quiz',
    course_id: courseId,
    created_by: author.id,
    question_count: 5,
    total_points: 5,
    passing_score: 70,
    is_published: true,
    updated_at: at(30),
    ...over,
  });
  return quizId;
}

/** assessment.attempt.submitted for one graded attempt; answers the attempt id. */
async function submit(
  user: TestUser,
  quizId: string,
  courseId: string | null,
  score: number,
  opts: { attemptId?: string; eventId?: string } = {},
): Promise<string> {
  const attemptId = opts.attemptId ?? randomUUID();
  await h.applied(
    assessmentEvents.attemptSubmitted,
    {
      v: 1,
      attempt_id: attemptId,
      session_id: randomUUID(),
      quiz_id: quizId,
      quiz_title: 'any',
      kind: 'quiz',
      score,
      passed: score >= 70,
      correct_answers: Math.round(score / 20),
      total_questions: 5,
      time_taken_minutes: 4.5,
      time_exceeded: false,
      needs_manual_grading: false,
      attempt_number: 1,
      course_id: courseId,
      user_id: user.id,
      submitted_at: at(1),
    },
    opts.eventId,
  );
  return attemptId;
}

/** assessment.attempt.reviewed: the author graded essays of an attempt to a new score. */
async function review(
  user: TestUser,
  quizId: string,
  courseId: string | null,
  attemptId: string,
  score: number,
  reviewedAt: string,
): Promise<void> {
  await h.applied(assessmentEvents.attemptReviewed, {
    v: 1,
    attempt_id: attemptId,
    quiz_id: quizId,
    course_id: courseId,
    user_id: user.id,
    score,
    passed: score >= 70,
    needs_manual_grading: false,
    time_taken_minutes: 4.5,
    submitted_at: at(1),
    reviewed_by: randomUUID(),
    reviewed_at: reviewedAt,
  });
}

async function deleteQuiz(quizId: string, courseId: string | null): Promise<void> {
  await h.applied(assessmentEvents.quizDeleted, { v: 1, quiz_id: quizId, course_id: courseId, deleted_at: at(5) });
}

/** An instructor with a published two-lesson course and two enrolled learners. */
async function world() {
  const ivan = await h.user('instructor', 'Ivan Instructor');
  const course = await h.course(ivan, { title: `Algebra ${randomUUID().slice(0, 4)}` });
  const lessons: Lesson[] = [
    await h.lesson(ivan, course.id, { title: 'L1', order: 0 }),
    await h.lesson(ivan, course.id, { title: 'L2', order: 1 }),
  ];
  const [lena, mia] = await Promise.all([h.user('learner', 'Lena'), h.user('learner', 'Mia')]);
  await h.enroll(lena, course.id);
  await h.enroll(mia, course.id);
  return { ivan, course, lessons, lena, mia };
}

const overview = (u: TestUser) => h.call(catalogRoutes.instructorOverview, {}, u.caller);
const courseFigures = async (u: TestUser, courseId: string) =>
  (await h.call(catalogRoutes.instructorCourseAnalytics, { params: { id: courseId } }, u.caller)).quiz_analytics;
const templates = async (u: TestUser) => (await h.call(catalogRoutes.contentLibrary, {}, u.caller)).quiz_templates;
const progressOf = (u: TestUser, courseId: string) => h.call(catalogRoutes.enrollmentProgress, { params: { id: courseId } }, u.caller);

describe('quiz figures of the instructor', () => {
  it("counts learners' attempts on the course quizzes: overview, per-quiz analytics and quiz templates", async () => {
    const { ivan, course, lena, mia } = await world();
    const first = await saveQuiz(ivan, course.id, { title: 'Fractions', question_count: 8, updated_at: at(50) });
    const second = await saveQuiz(ivan, course.id, { title: 'Equations', kind: 'exam', question_count: 12, updated_at: at(40) });
    const draft = await saveQuiz(ivan, course.id, { title: 'Draft', is_published: false, question_count: 0, updated_at: at(30) });
    const mock = await saveQuiz(ivan, null, { title: 'Practice mock', kind: 'mock_test', question_count: 10, updated_at: at(20) });
    await submit(lena, first, course.id, 80);
    await submit(mia, first, course.id, 40);
    await submit(lena, second, course.id, 90);
    // the owner trying out their own quiz is not a learner's figure
    await submit(ivan, first, course.id, 100);
    // another instructor's quiz and attempts never show up
    const olga = await h.user('instructor', 'Olga Other');
    const other = await h.course(olga);
    await submit(lena, await saveQuiz(olga, other.id), other.id, 10);

    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 3, avg_quiz_score: 70 });
    expect(await courseFigures(ivan, course.id)).toEqual([
      { quiz_id: first, quiz_title: 'Fractions', total_attempts: 2, avg_score: 60, pass_rate: 50 },
      { quiz_id: second, quiz_title: 'Equations', total_attempts: 1, avg_score: 90, pass_rate: 100 },
      { quiz_id: draft, quiz_title: 'Draft', total_attempts: 0, avg_score: 0, pass_rate: 0 },
    ]);
    // the course route of catalog answers the same figures
    expect((await h.call(catalogRoutes.courseAnalytics, { params: { id: course.id } }, ivan.caller)).quiz_analytics).toHaveLength(3);
    // the learners' scores 80, 40 and 90 in bands of ten points (the owner's 100 left out)
    const bands = (await h.call(catalogRoutes.instructorCourseAnalytics, { params: { id: course.id } }, ivan.caller)).score_distribution;
    expect(bands).toHaveLength(10);
    expect(bands.filter((b) => b.count > 0)).toEqual([
      { from: 40, to: 50, count: 1 },
      { from: 80, to: 90, count: 1 },
      { from: 90, to: 100, count: 1 },
    ]);
    expect(await templates(ivan)).toEqual([
      { id: mock, title: 'Practice mock', question_count: 10 },
      { id: draft, title: 'Draft', question_count: 0 },
      { id: second, title: 'Equations', question_count: 12 },
      { id: first, title: 'Fractions', question_count: 8 },
    ]);
    expect(await overview(olga)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 10 });
  });

  it('rounds averages and pass rates to one decimal', async () => {
    const { ivan, course, lena, mia } = await world();
    const quiz = await saveQuiz(ivan, course.id);
    await submit(lena, quiz, course.id, 66.67);
    await submit(lena, quiz, course.id, 75);
    await submit(mia, quiz, course.id, 33.33);
    expect(await courseFigures(ivan, course.id)).toEqual([
      expect.objectContaining({ total_attempts: 3, avg_score: 58.3, pass_rate: 33.3 }),
    ]);
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 3, avg_quiz_score: 58.3 });
  });

  it('keeps the newest save of a quiz, whatever order the saves arrive in', async () => {
    const { ivan, course } = await world();
    const quiz = await saveQuiz(ivan, course.id, { title: 'Newest', question_count: 9, updated_at: at(5) });
    await saveQuiz(ivan, course.id, { quiz_id: quiz, title: 'Older', question_count: 3, updated_at: at(10) });
    expect(await templates(ivan)).toEqual([{ id: quiz, title: 'Newest', question_count: 9 }]);
    await saveQuiz(ivan, course.id, { quiz_id: quiz, title: 'Renamed', question_count: 10, updated_at: at(1) });
    expect(await templates(ivan)).toEqual([{ id: quiz, title: 'Renamed', question_count: 10 }]);
  });
});

describe('a deleted quiz', () => {
  it('leaves every figure, and a save or attempt arriving after the delete does not bring it back', async () => {
    const { ivan, course, lena, mia } = await world();
    const kept = await saveQuiz(ivan, course.id, { title: 'Kept', updated_at: at(50) });
    const gone = await saveQuiz(ivan, course.id, { title: 'Gone', updated_at: at(40) });
    await submit(lena, kept, course.id, 50);
    await submit(lena, gone, course.id, 100);
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 2, avg_quiz_score: 75 });
    expect((await progressOf(lena, course.id)).quiz_progress).toEqual({ completed: 2, total: 2, percentage: 100 });

    await deleteQuiz(gone, course.id);
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 50 });
    expect((await courseFigures(ivan, course.id)).map((q) => q.quiz_title)).toEqual(['Kept']);
    expect((await templates(ivan)).map((q) => q.id)).toEqual([kept]);
    expect((await progressOf(lena, course.id)).quiz_progress).toEqual({ completed: 1, total: 1, percentage: 100 });
    expect(await h.ds.query('SELECT 1 FROM quiz_attempts WHERE quiz_id = $1', [gone])).toEqual([]);

    // a save written before the delete but delivered after it, and a late attempt
    await saveQuiz(ivan, course.id, { quiz_id: gone, title: 'Gone again', updated_at: at(0) });
    await submit(mia, gone, course.id, 90);
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 50 });
    expect((await templates(ivan)).map((q) => q.id)).toEqual([kept]);
    expect((await progressOf(mia, course.id)).next_quiz).toEqual({ id: kept, title: 'Kept' });
  });

  it('is remembered when its delete arrives before any save', async () => {
    const { ivan, course } = await world();
    const quiz = randomUUID();
    await deleteQuiz(quiz, course.id);
    await saveQuiz(ivan, course.id, { quiz_id: quiz });
    expect(await templates(ivan)).toEqual([]);
    expect(await courseFigures(ivan, course.id)).toEqual([]);
  });
});

describe('redelivery and order', () => {
  it('counts an attempt once however often it arrives, under the same event id or a new one', async () => {
    const { ivan, course, lena } = await world();
    const quiz = await saveQuiz(ivan, course.id);
    const eventId = randomUUID();
    const attemptId = await submit(lena, quiz, course.id, 80, { eventId });
    await submit(lena, quiz, course.id, 80, { attemptId, eventId });
    await submit(lena, quiz, course.id, 80, { attemptId });
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 80 });
    expect(await courseFigures(ivan, course.id)).toEqual([expect.objectContaining({ total_attempts: 1 })]);
  });

  it('keeps an attempt that arrives before its quiz, and counts it once the quiz is known', async () => {
    const { ivan, course, lena } = await world();
    const quiz = randomUUID();
    await submit(lena, quiz, course.id, 45);
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 0, avg_quiz_score: 0 });
    await saveQuiz(ivan, course.id, { quiz_id: quiz, title: 'Late quiz' });
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 45 });
    expect(await courseFigures(ivan, course.id)).toEqual([
      { quiz_id: quiz, quiz_title: 'Late quiz', total_attempts: 1, avg_score: 45, pass_rate: 0 },
    ]);
    expect((await progressOf(lena, course.id)).quiz_progress).toEqual({ completed: 1, total: 1, percentage: 100 });
  });

  it('ignores an event whose ids are not ids, instead of failing it for ever', async () => {
    const { ivan, course } = await world();
    await h.applied(assessmentEvents.quizDeleted, { v: 1, quiz_id: 'not-a-uuid', course_id: course.id, deleted_at: at(0) });
    expect(await templates(ivan)).toEqual([]);
    // the consumer is still alive: the next event is applied
    await saveQuiz(ivan, course.id, { title: 'After' });
    expect((await templates(ivan)).map((q) => q.title)).toEqual(['After']);
  });
});

describe('reviews of essays', () => {
  it("moves the attempt's score and pass; the newest review wins whatever order reviews arrive in", async () => {
    const { ivan, course, lena, mia } = await world();
    const quiz = await saveQuiz(ivan, course.id);
    const attemptId = await submit(lena, quiz, course.id, 40);
    await submit(mia, quiz, course.id, 80);
    expect(await courseFigures(ivan, course.id)).toEqual([expect.objectContaining({ total_attempts: 2, avg_score: 60, pass_rate: 50 })]);

    await review(lena, quiz, course.id, attemptId, 90, at(3));
    expect(await courseFigures(ivan, course.id)).toEqual([expect.objectContaining({ total_attempts: 2, avg_score: 85, pass_rate: 100 })]);
    // an older review delivered late, and the newest one redelivered, change nothing
    await review(lena, quiz, course.id, attemptId, 50, at(10));
    await review(lena, quiz, course.id, attemptId, 90, at(3));
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 2, avg_quiz_score: 85 });
    // a later re-grade does
    await review(lena, quiz, course.id, attemptId, 60, at(2));
    expect(await courseFigures(ivan, course.id)).toEqual([expect.objectContaining({ total_attempts: 2, avg_score: 70, pass_rate: 50 })]);
  });

  it('keeps a review that arrives before its submission, and the submission does not overwrite it', async () => {
    const { ivan, course, lena } = await world();
    const quiz = await saveQuiz(ivan, course.id);
    const attemptId = randomUUID();
    await review(lena, quiz, course.id, attemptId, 95, at(2));
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 95 });
    await submit(lena, quiz, course.id, 55, { attemptId });
    expect(await overview(ivan)).toMatchObject({ total_quiz_attempts: 1, avg_quiz_score: 95 });
    expect(await courseFigures(ivan, course.id)).toEqual([expect.objectContaining({ total_attempts: 1, avg_score: 95, pass_rate: 100 })]);
  });

  it('does not bring back an attempt of a deleted quiz', async () => {
    const { ivan, course, lena } = await world();
    const quiz = await saveQuiz(ivan, course.id);
    const attemptId = await submit(lena, quiz, course.id, 40);
    await deleteQuiz(quiz, course.id);
    await review(lena, quiz, course.id, attemptId, 90, at(0));
    expect(Number((await h.ds.query('SELECT count(*) AS n FROM quiz_attempts WHERE attempt_id = $1', [attemptId]))[0].n)).toBe(0);
  });
});

describe("the learner's quiz progress", () => {
  it('counts submitted published quizzes of the course, passed or failed, and names the next one in course order', async () => {
    const { ivan, course, lessons, lena, mia } = await world();
    const first = await saveQuiz(ivan, course.id, { title: 'First', updated_at: at(50) });
    const second = await saveQuiz(ivan, course.id, { title: 'Second', updated_at: at(40) });
    await saveQuiz(ivan, course.id, { title: 'Unpublished', is_published: false, updated_at: at(30) });
    await saveQuiz(ivan, null, { title: 'No course', updated_at: at(20) });

    expect(await progressOf(mia, course.id)).toMatchObject({
      quiz_progress: { completed: 0, total: 2, percentage: 0 },
      next_quiz: { id: first, title: 'First' },
    });
    await submit(mia, first, course.id, 20);
    expect(await progressOf(mia, course.id)).toMatchObject({
      quiz_progress: { completed: 1, total: 2, percentage: 50 },
      next_quiz: { id: second, title: 'Second' },
    });

    // the certificate stays a matter of lessons and content: all lessons, no quiz, is enough
    for (const l of lessons) await h.complete(lena, l.id);
    expect(await progressOf(lena, course.id)).toMatchObject({
      overall_progress: 100,
      lesson_progress: { completed: 2, total: 2, percentage: 100 },
      quiz_progress: { completed: 0, total: 2, percentage: 0 },
      next_quiz: { id: first, title: 'First' },
      can_get_certificate: true,
    });
    // and quizzes alone do not move overall progress
    await submit(mia, second, course.id, 95);
    expect(await progressOf(mia, course.id)).toMatchObject({
      overall_progress: 0,
      quiz_progress: { completed: 2, total: 2, percentage: 100 },
      next_quiz: null,
      can_get_certificate: false,
    });
  });
});

describe('at-risk learners and quiz scores', () => {
  it('flags an active learner whose quiz average is under 50%, naming it', async () => {
    const { ivan, course, lessons, lena, mia } = await world();
    const quiz = await saveQuiz(ivan, course.id);
    await h.complete(lena, lessons[0]!.id);
    await submit(lena, quiz, course.id, 30);
    await submit(lena, quiz, course.id, 50);
    await submit(mia, quiz, course.id, 90);
    const risky = (await h.call(catalogRoutes.instructorAtRisk, {}, ivan.caller)).filter((r) => r.course_id === course.id);
    expect(risky).toEqual([
      expect.objectContaining({
        student_id: lena.id,
        risk_level: 'medium',
        risk_factors: ['Low quiz scores: 40% average over 2 attempts'],
      }),
    ]);
  });
});
