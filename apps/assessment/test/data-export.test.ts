import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentRoutes as routes, systemSubjects } from '@lp/contracts';
import { AssessmentHarness } from './support/assessment-harness.js';
import { AssessmentCaller, type TestUser } from './support/users.js';

jest.setTimeout(60_000);

let h: AssessmentHarness;
let bus: AssessmentCaller;
let ivan: TestUser;
let lena: TestUser;
beforeAll(async () => {
  h = await AssessmentHarness.start();
  bus = await AssessmentCaller.open(h);
  [ivan, lena] = await Promise.all([bus.user('instructor', 'Ivan Instructor'), bus.user('learner', 'Lena Learner')]);
});
afterAll(async () => {
  await bus.close();
  await h.stop();
});

const exportOf = async (userId: string) =>
  (await bus.client.request(systemSubjects.exportUserData('assessment'), { user_id: userId }, { requestId: `export-${randomUUID()}` })) as {
    service: string;
    data: Record<string, Array<Record<string, unknown>>>;
  };

/** A quiz by `author` with one question, and one submitted session + attempt by `taker` (the quiz modules' tables, written directly). */
async function quizTakenBy(author: string, taker: string): Promise<{ quizId: string; sessionId: string }> {
  const [{ id: quizId }] = await h.ds.query(
    `INSERT INTO quizzes (title, created_by, test_mode, time_limit) VALUES ('Sorting quiz', $1, 'practice', 10) RETURNING id`,
    [author],
  );
  await h.ds.query(
    `INSERT INTO questions (quiz_id, sort_order, question_text, question_type, options, correct_answer)
     VALUES ($1, 0, 'Is quicksort stable?', 'true_false', '["True","False"]', 'False')`,
    [quizId],
  );
  const started = new Date('2026-03-01T10:00:00Z');
  const submitted = new Date('2026-03-01T10:05:00Z');
  const [{ id: sessionId }] = await h.ds.query(
    `INSERT INTO test_sessions (quiz_id, user_id, started_at, answers, submitted_at) VALUES ($1, $2, $3, '{"0":"False"}', $4) RETURNING id`,
    [quizId, taker, started, submitted],
  );
  await h.ds.query(
    `INSERT INTO attempts (session_id, quiz_id, user_id, attempt_number, score, passed, correct_answers, total_questions, earned_points,
       total_points, time_taken_minutes, time_exceeded, needs_manual_grading, answers, result, submitted_at)
     VALUES ($1, $2, $3, 1, 100, true, 1, 1, 1, 1, 5, false, false, '{"0":"False"}', '{}', $4)`,
    [sessionId, quizId, taker, submitted],
  );
  return { quizId, sessionId };
}

describe("assessment's part of a data export", () => {
  it('gives the person their authored assessments, sessions, attempts, assignments and graded submissions', async () => {
    const courseId = await h.course(ivan.id, { title: 'Algorithms' });
    await h.enroll(courseId, lena.id, ivan.id);
    const { quizId, sessionId } = await quizTakenBy(ivan.id, lena.id);
    const a = await bus.call(
      routes.createAssignment,
      {
        body: {
          course_id: courseId,
          title: 'Essay on sorting',
          description: 'd',
          assignment_type: 'essay',
          instructions: 'i',
          max_points: 20,
          due_date: '2030-01-01T00:00:00.000Z',
          is_published: true,
        } as never,
      },
      ivan.caller,
    );
    const s = await bus.call(
      routes.submitAssignment,
      {
        params: { id: a.id },
        body: { submission_text: 'Merge sort is stable', submission_files: ['https://files.example/e.pdf'] } as never,
      },
      lena.caller,
    );
    await bus.call(routes.gradeSubmission, { params: { id: s.id }, body: { grade: 18.5, feedback: 'Well argued' } as never }, ivan.caller);

    const forLena = await exportOf(lena.id);
    expect(forLena.service).toBe('assessment');
    expect(forLena.data.test_sessions).toEqual([
      expect.objectContaining({
        id: sessionId,
        quiz_id: quizId,
        quiz_title: 'Sorting quiz',
        answers: { 0: 'False' },
        submitted_at: '2026-03-01T10:05:00.000Z',
      }),
    ]);
    expect(forLena.data.quiz_attempts).toEqual([
      expect.objectContaining({
        quiz_title: 'Sorting quiz',
        attempt_number: 1,
        score: 100,
        passed: true,
        answers: { 0: 'False' },
        submitted_at: '2026-03-01T10:05:00.000Z',
      }),
    ]);
    expect(forLena.data.assignment_submissions).toEqual([
      expect.objectContaining({
        assignment_id: a.id,
        assignment_title: 'Essay on sorting',
        course_title: 'Algorithms',
        submission_text: 'Merge sort is stable',
        submission_files: ['https://files.example/e.pdf'],
        is_late: false,
        raw_grade: 18.5,
        grade: 18.5,
        max_points: 20,
        feedback: 'Well argued',
      }),
    ]);
    expect(forLena.data.assessments_authored).toEqual([]);
    expect(forLena.data.assignments_created).toEqual([]);

    const forIvan = await exportOf(ivan.id);
    expect(forIvan.data.assessments_authored).toEqual([
      expect.objectContaining({ id: quizId, title: 'Sorting quiz', kind: 'quiz', question_count: 1, attempt_count: 1 }),
    ]);
    expect(forIvan.data.assignments_created).toEqual([
      expect.objectContaining({ id: a.id, title: 'Essay on sorting', course_title: 'Algorithms', max_points: 20, submission_count: 1 }),
    ]);
    // nothing of Lena's work leaks into her instructor's export
    expect(forIvan.data.assignment_submissions).toEqual([]);
    expect(forIvan.data.quiz_attempts).toEqual([]);
    expect(JSON.stringify(forIvan)).not.toContain('Merge sort is stable');
  });

  it('answers empty lists for someone assessment knows nothing about', async () => {
    const { data } = await exportOf(randomUUID());
    expect(data).toEqual({
      assessments_authored: [],
      test_sessions: [],
      quiz_attempts: [],
      assignments_created: [],
      assignment_submissions: [],
    });
  });
});
