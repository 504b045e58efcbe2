import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { QuizResult, TestMode } from '@lp/contracts';
import { queryOne, queryRows } from '@lp/service-kit';

export interface AttemptListRow {
  id: string;
  quiz_id: string;
  user_id: string;
  score: number;
  passed: boolean;
  correct_answers: number;
  total_questions: number;
  time_taken_minutes: number;
  time_exceeded: boolean;
  needs_manual_grading: boolean;
  feedback: string;
  submitted_at: Date;
  quiz_title: string;
  is_mock_test: boolean;
  test_mode: TestMode;
}

export interface AttemptResultRow {
  id: string;
  user_id: string;
  result: QuizResult;
  quiz_created_by: string;
  show_results_immediately: boolean;
}

export interface AnalyticsRow {
  score: number;
  passed: boolean;
  time_taken_minutes: number;
  total_questions: number;
  subject_performance: Record<string, { percentage: number }> | null;
}

export interface GradeRow {
  quiz_id: string;
  title: string;
  is_mock_test: boolean;
  test_mode: TestMode;
  score: number | null;
  passed: boolean | null;
  earned_points: number | null;
  max_points: number | null;
}

const ATTEMPT_COLUMNS = `a.id, a.quiz_id, a.user_id, a.score, a.passed, a.correct_answers, a.total_questions, a.time_taken_minutes,
  a.time_exceeded, a.needs_manual_grading, a.feedback, a.submitted_at, q.title AS quiz_title, q.is_mock_test, q.test_mode`;
const LIST_CAP = 500;

/** Read access to attempts for results, history, analytics and grades; no rules here. */
@Injectable()
export class ResultsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Every taker's attempts of one quiz with their names (users read model), newest first (the author's view; attempts_quiz_user key). */
  ofQuiz(quizId: string): Promise<(AttemptListRow & { user_name: string | null })[]> {
    return queryRows(
      this.ds,
      `SELECT ${ATTEMPT_COLUMNS}, u.name AS user_name FROM attempts a JOIN quizzes q ON q.id = a.quiz_id
       LEFT JOIN users u ON u.id = a.user_id
       WHERE a.quiz_id = $1 ORDER BY a.submitted_at DESC, a.id LIMIT ${LIST_CAP}`,
      [quizId],
    );
  }

  /** One taker's attempts of one quiz (with their name), newest first, the newest with its full result. */
  ofQuizAndUser(quizId: string, userId: string): Promise<(AttemptListRow & { user_name: string | null; result: QuizResult | null })[]> {
    return queryRows(
      this.ds,
      `SELECT ${ATTEMPT_COLUMNS}, (SELECT u.name FROM users u WHERE u.id = a.user_id) AS user_name, CASE WHEN row_number() OVER (ORDER BY a.attempt_number DESC) = 1 THEN a.result END AS result
       FROM attempts a JOIN quizzes q ON q.id = a.quiz_id
       WHERE a.quiz_id = $1 AND a.user_id = $2 ORDER BY a.attempt_number DESC LIMIT ${LIST_CAP}`,
      [quizId, userId],
    );
  }

  /** The caller's attempts, newest first (attempts_user_idx). */
  ofUser(userId: string): Promise<AttemptListRow[]> {
    return queryRows<AttemptListRow>(
      this.ds,
      `SELECT ${ATTEMPT_COLUMNS} FROM attempts a JOIN quizzes q ON q.id = a.quiz_id
       WHERE a.user_id = $1 ORDER BY a.submitted_at DESC, a.id LIMIT ${LIST_CAP}`,
      [userId],
    );
  }

  /** What analytics needs of every attempt of the caller, oldest first. */
  analytics(userId: string): Promise<AnalyticsRow[]> {
    return queryRows<AnalyticsRow>(
      this.ds,
      `SELECT score::float8 AS score, passed, time_taken_minutes::float8 AS time_taken_minutes, total_questions,
              result->'subject_performance' AS subject_performance
       FROM attempts WHERE user_id = $1 ORDER BY submitted_at, id`,
      [userId],
    );
  }

  attempt(id: string): Promise<AttemptResultRow | null> {
    return queryOne<AttemptResultRow>(
      this.ds,
      `SELECT a.id, a.user_id, a.result, q.created_by AS quiz_created_by, q.show_results_immediately
       FROM attempts a JOIN quizzes q ON q.id = a.quiz_id WHERE a.id = $1`,
      [id],
    );
  }

  /** The published assessments of a course with the caller's best attempt of each (highest score, then earliest). */
  courseGrades(courseId: string, userId: string): Promise<GradeRow[]> {
    return queryRows<GradeRow>(
      this.ds,
      `SELECT q.id AS quiz_id, q.title, q.is_mock_test, q.test_mode,
              b.score::float8 AS score, b.passed, b.earned_points::float8 AS earned_points, b.total_points::float8 AS max_points
       FROM quizzes q
       LEFT JOIN LATERAL (SELECT a.score, a.passed, a.earned_points, a.total_points FROM attempts a
                          WHERE a.quiz_id = q.id AND a.user_id = $2 ORDER BY a.score DESC, a.submitted_at LIMIT 1) b ON true
       WHERE q.course_id = $1 AND q.is_published
       ORDER BY q.created_at, q.id`,
      [courseId, userId],
    );
  }
}
