import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUS_TABLES_DOWN, BUS_TABLES_UP } from '@lp/bus';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(',');

/**
 * Assessment's schema: the read model of catalog's courses and enrollments; quizzes (one
 * model for quizzes, exams and mock tests) and their questions; test sessions (the server's
 * clock) and attempts (one per submitted session); assignments and submissions.
 * The bounds of the spec's constants table are CHECK constraints as well as zod rules.
 */
export class Initial1764288000000 implements MigrationInterface {
  name = 'Initial1764288000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of BUS_TABLES_UP) await q.query(sql);

    // ---- read model fed by catalog's events (course owner, publication, enrollments)
    await q.query(`CREATE TABLE courses (
      id uuid PRIMARY KEY,
      title text NOT NULL,
      instructor_id uuid NOT NULL,
      institution_id uuid,
      is_published boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX courses_instructor_idx ON courses (instructor_id)');
    await q.query(`CREATE TABLE enrollments (
      course_id uuid NOT NULL,
      user_id uuid NOT NULL,
      enrollment_id uuid NOT NULL,
      enrolled_at timestamptz NOT NULL,
      PRIMARY KEY (course_id, user_id)
    )`);
    await q.query('CREATE INDEX enrollments_user_idx ON enrollments (user_id)');

    // ---- read model fed by identity's events (names and e-mails on submissions and results)
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY,
      full_name text NOT NULL,
      email text,
      deleted boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    // ---- quizzes, exams, mock tests
    await q.query(`CREATE TABLE quizzes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      course_id uuid,
      created_by uuid NOT NULL,
      is_mock_test boolean NOT NULL DEFAULT false,
      test_mode text NOT NULL DEFAULT 'exam' CHECK (test_mode IN (${list(['exam', 'practice', 'quiz'])})),
      time_limit int NOT NULL DEFAULT 60 CHECK (
        (test_mode = 'exam' AND time_limit BETWEEN 15 AND 480) OR (test_mode <> 'exam' AND time_limit BETWEEN 0 AND 300)),
      passing_score numeric(5,2) NOT NULL DEFAULT 70 CHECK (passing_score BETWEEN 0 AND 100),
      subject text NOT NULL DEFAULT '',
      difficulty text NOT NULL DEFAULT 'medium' CHECK (difficulty IN (${list(['easy', 'medium', 'hard'])})),
      max_attempts int NOT NULL DEFAULT 3 CHECK (max_attempts BETWEEN 1 AND 10),
      allow_multiple_attempts boolean NOT NULL DEFAULT true,
      is_published boolean NOT NULL DEFAULT true,
      randomize_questions boolean NOT NULL DEFAULT false,
      show_results_immediately boolean NOT NULL DEFAULT true,
      instructions text NOT NULL DEFAULT '',
      -- bumped by every change of the quiz or its questions: the key of the service's question cache
      version int NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX quizzes_course_idx ON quizzes (course_id, created_at) WHERE course_id IS NOT NULL');
    await q.query('CREATE INDEX quizzes_author_idx ON quizzes (created_by, created_at DESC)');
    await q.query('CREATE INDEX quizzes_published_idx ON quizzes (created_at DESC, id) WHERE is_published');

    await q.query(`CREATE TABLE questions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      sort_order int NOT NULL CHECK (sort_order >= 0),
      question_text text NOT NULL,
      question_type text NOT NULL CHECK (question_type IN (${list(['multiple_choice', 'true_false', 'short_answer', 'essay'])})),
      options jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(options) = 'array' AND jsonb_array_length(options) <= 6),
      correct_answer text NOT NULL DEFAULT '',
      explanation text NOT NULL DEFAULT '',
      subject text NOT NULL DEFAULT '',
      difficulty text NOT NULL DEFAULT 'medium' CHECK (difficulty IN (${list(['easy', 'medium', 'hard'])})),
      points int NOT NULL DEFAULT 1 CHECK (points BETWEEN 1 AND 10),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX questions_quiz_idx ON questions (quiz_id, sort_order)');

    // ---- taking: a session runs on the server's clock; submitting it makes exactly one attempt
    await q.query(`CREATE TABLE test_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      started_at timestamptz NOT NULL,
      deadline_at timestamptz,
      question_order jsonb NOT NULL DEFAULT '[]',
      answers jsonb NOT NULL DEFAULT '{}',
      current_question int NOT NULL DEFAULT 0,
      flagged_questions jsonb NOT NULL DEFAULT '[]',
      saved_at timestamptz,
      submitted_at timestamptz
    )`);
    await q.query('CREATE UNIQUE INDEX test_sessions_one_open_idx ON test_sessions (quiz_id, user_id) WHERE submitted_at IS NULL');
    // the cascade of a quiz's deletion (the partial index above covers open sessions only)
    await q.query('CREATE INDEX test_sessions_quiz_idx ON test_sessions (quiz_id)');
    // a person's sessions (their data export)
    await q.query('CREATE INDEX test_sessions_user_idx ON test_sessions (user_id, started_at)');
    await q.query(`CREATE TABLE attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL UNIQUE REFERENCES test_sessions(id) ON DELETE CASCADE,
      quiz_id uuid NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      attempt_number int NOT NULL CHECK (attempt_number >= 1),
      score numeric(5,2) NOT NULL,
      passed boolean NOT NULL,
      correct_answers int NOT NULL,
      total_questions int NOT NULL,
      earned_points numeric(8,2) NOT NULL,
      total_points numeric(8,2) NOT NULL,
      time_taken_minutes numeric(8,2) NOT NULL,
      time_exceeded boolean NOT NULL,
      needs_manual_grading boolean NOT NULL,
      answers jsonb NOT NULL,
      question_times jsonb NOT NULL DEFAULT '{}',
      flagged_questions jsonb NOT NULL DEFAULT '[]',
      result jsonb NOT NULL,
      feedback text NOT NULL DEFAULT '',
      submitted_at timestamptz NOT NULL,
      UNIQUE (quiz_id, user_id, attempt_number)
    )`);
    await q.query('CREATE INDEX attempts_user_idx ON attempts (user_id, submitted_at DESC)');

    // ---- assignments
    await q.query(`CREATE TABLE assignments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id uuid NOT NULL,
      created_by uuid NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      assignment_type text NOT NULL CHECK (assignment_type IN (${list(['essay', 'quiz', 'project', 'code', 'presentation', 'file_upload'])})),
      instructions text NOT NULL,
      max_points numeric(8,2) NOT NULL DEFAULT 100 CHECK (max_points >= 1),
      due_date timestamptz NOT NULL,
      allow_late_submission boolean NOT NULL DEFAULT true,
      late_penalty_percent numeric(5,2) NOT NULL DEFAULT 10 CHECK (late_penalty_percent BETWEEN 0 AND 100),
      is_published boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX assignments_course_idx ON assignments (course_id, due_date)');
    await q.query(`CREATE TABLE submissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      assignment_id uuid NOT NULL REFERENCES assignments(id) ON DELETE CASCADE,
      student_id uuid NOT NULL,
      submission_text text NOT NULL,
      submission_files jsonb NOT NULL DEFAULT '[]',
      submitted_at timestamptz NOT NULL,
      is_late boolean NOT NULL DEFAULT false,
      days_late int NOT NULL DEFAULT 0 CHECK (days_late >= 0),
      raw_grade numeric(8,2) CHECK (raw_grade IS NULL OR raw_grade >= 0),
      grade numeric(8,2) CHECK (grade IS NULL OR grade >= 0),
      feedback text,
      graded_by uuid,
      graded_at timestamptz,
      UNIQUE (assignment_id, student_id)
    )`);
    await q.query('CREATE INDEX submissions_student_idx ON submissions (student_id)');
    await q.query('CREATE INDEX assignments_author_idx ON assignments (created_by)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['submissions', 'assignments', 'attempts', 'test_sessions', 'questions', 'quizzes', 'enrollments', 'courses', 'users'])
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    for (const sql of BUS_TABLES_DOWN) await q.query(sql);
  }
}
