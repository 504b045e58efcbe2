import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read tables of assessment's quizzes and submitted attempts (assessment.quiz.saved,
 * assessment.quiz.deleted, assessment.attempt.submitted), for the instructor's quiz figures
 * and the learner's quiz progress. Events of different quizzes and attempts arrive in any
 * order, so a deleted quiz stays as a tombstone (`deleted_at`) that later saves cannot revive,
 * and an attempt may be stored before its quiz is known: every figure joins the two.
 */
export class QuizFigures1764374400000 implements MigrationInterface {
  name = 'QuizFigures1764374400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE quizzes (
      quiz_id uuid PRIMARY KEY,
      course_id uuid,
      -- null only on a tombstone of a quiz whose save was never seen
      title text,
      kind text CHECK (kind IN ('quiz','exam','mock_test')),
      created_by uuid,
      question_count int NOT NULL DEFAULT 0,
      is_published boolean NOT NULL DEFAULT false,
      -- the save this row reflects: an older save arriving later changes nothing
      updated_at timestamptz NOT NULL,
      -- the earliest save seen: the order quizzes are offered in a course
      first_saved_at timestamptz NOT NULL,
      deleted_at timestamptz,
      CHECK (deleted_at IS NOT NULL OR (title IS NOT NULL AND kind IS NOT NULL AND created_by IS NOT NULL))
    )`);
    await q.query('CREATE INDEX quizzes_course_idx ON quizzes (course_id, first_saved_at) WHERE deleted_at IS NULL');
    await q.query('CREATE INDEX quizzes_author_idx ON quizzes (created_by, updated_at DESC) WHERE deleted_at IS NULL');

    await q.query(`CREATE TABLE quiz_attempts (
      attempt_id uuid PRIMARY KEY,
      quiz_id uuid NOT NULL,
      course_id uuid,
      user_id uuid NOT NULL,
      score numeric(5,2) NOT NULL,
      passed boolean NOT NULL,
      time_taken_minutes numeric(8,2) NOT NULL,
      submitted_at timestamptz NOT NULL
    )`);
    await q.query('CREATE INDEX quiz_attempts_quiz_idx ON quiz_attempts (quiz_id)');
    await q.query('CREATE INDEX quiz_attempts_user_idx ON quiz_attempts (user_id, course_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE quiz_attempts');
    await q.query('DROP TABLE quizzes');
  }
}
