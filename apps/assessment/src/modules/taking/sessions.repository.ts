import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Answers, Difficulty, QuizResult, TestMode } from '@lp/contracts';
import { queryOne, type Db } from '@lp/service-kit';
import type { SessionJson } from '../quizzes/quizzes.repository.js';

export interface SessionRow {
  id: string;
  quiz_id: string;
  user_id: string;
  started_at: Date;
  deadline_at: Date | null;
  question_order: string[];
  answers: Record<string, string | null>;
  current_question: number;
  flagged_questions: (number | string)[];
  saved_at: Date | null;
  submitted_at: Date | null;
}

/** A session read as JSON beside its quiz (QuizzesRepository.findForTaker). */
export function sessionFromJson(j: SessionJson): SessionRow {
  return {
    ...j,
    started_at: new Date(j.started_at),
    deadline_at: j.deadline_at ? new Date(j.deadline_at) : null,
    saved_at: j.saved_at ? new Date(j.saved_at) : null,
    submitted_at: j.submitted_at ? new Date(j.submitted_at) : null,
  };
}

/** A session locked for submission, with its quiz's grading settings and the taker's earlier scores. */
export interface SubmitRow extends SessionRow {
  quiz_title: string;
  quiz_subject: string;
  quiz_difficulty: Difficulty;
  is_mock_test: boolean;
  test_mode: TestMode;
  passing_score: number;
  max_attempts: number;
  allow_multiple_attempts: boolean;
  show_results_immediately: boolean;
  course_id: string | null;
  quiz_version: number;
  prior_scores: number[];
}

export interface AttemptInsert {
  id: string;
  sessionId: string;
  quizId: string;
  userId: string;
  result: QuizResult;
  answers: Answers;
  questionTimes: Record<string, number>;
  flaggedQuestions: (number | string)[];
  submittedAt: Date;
}

/** Data access for test sessions and the attempts they become; no rules here. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  find(id: string, db: Db = this.ds): Promise<SessionRow | null> {
    return queryOne<SessionRow>(db, 'SELECT * FROM test_sessions WHERE id = $1', [id]);
  }

  /** The caller's open session of a quiz (test_sessions_one_open_idx). */
  findOpen(quizId: string, userId: string, db: Db = this.ds): Promise<SessionRow | null> {
    return queryOne<SessionRow>(db, 'SELECT * FROM test_sessions WHERE quiz_id = $1 AND user_id = $2 AND submitted_at IS NULL', [quizId, userId]);
  }

  /** Opens a session unless one is open already (a parallel open won): null then. */
  insertOpen(s: { quizId: string; userId: string; startedAt: Date; deadlineAt: Date | null; order: string[] }, db: Db = this.ds): Promise<SessionRow | null> {
    return queryOne<SessionRow>(
      db,
      `INSERT INTO test_sessions (quiz_id, user_id, started_at, deadline_at, question_order) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (quiz_id, user_id) WHERE submitted_at IS NULL DO NOTHING RETURNING *`,
      [s.quizId, s.userId, s.startedAt, s.deadlineAt, JSON.stringify(s.order)],
    );
  }

  /**
   * Session and quiz in one statement, the session row locked until the transaction ends:
   * concurrent submits of one session queue here and the later ones find it submitted.
   */
  lockForSubmit(tx: Db, sessionId: string): Promise<SubmitRow | null> {
    return queryOne<SubmitRow>(
      tx,
      `SELECT s.*, q.title AS quiz_title, q.subject AS quiz_subject, q.difficulty AS quiz_difficulty, q.is_mock_test, q.test_mode,
              q.passing_score, q.max_attempts, q.allow_multiple_attempts, q.show_results_immediately, q.course_id, q.version AS quiz_version,
              ARRAY(SELECT a.score::float8 FROM attempts a WHERE a.quiz_id = s.quiz_id AND a.user_id = s.user_id ORDER BY a.attempt_number) AS prior_scores
       FROM test_sessions s JOIN quizzes q ON q.id = s.quiz_id
       WHERE s.id = $1
       FOR UPDATE OF s`,
      [sessionId],
    );
  }

  /** Saves progress of a session still open; null when it was submitted meanwhile. */
  saveProgress(
    id: string,
    p: { answers: Answers; currentQuestion: number; flagged: (number | string)[]; now: Date },
  ): Promise<{ saved_at: Date } | null> {
    return queryOne<{ saved_at: Date }>(
      this.ds,
      `UPDATE test_sessions SET answers = answers || $2::jsonb, current_question = $3, flagged_questions = $4, saved_at = $5
       WHERE id = $1 AND submitted_at IS NULL RETURNING saved_at`,
      [id, JSON.stringify(p.answers), p.currentQuestion, JSON.stringify(p.flagged), p.now],
    );
  }

  /** Records the attempt and closes its session, in one statement. */
  async closeWithAttempt(tx: Db, a: AttemptInsert): Promise<void> {
    const r = a.result;
    await tx.query(
      `WITH attempt AS (
         INSERT INTO attempts (id, session_id, quiz_id, user_id, attempt_number, score, passed, correct_answers, total_questions,
           earned_points, total_points, time_taken_minutes, time_exceeded, needs_manual_grading, answers, question_times,
           flagged_questions, result, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19))
       UPDATE test_sessions SET answers = $15, submitted_at = $19 WHERE id = $2`,
      [
        a.id, a.sessionId, a.quizId, a.userId, r.attempt_number, r.score, r.passed, r.correct_answers, r.total_questions,
        r.earned_points, r.total_points, r.time_taken_minutes, r.time_exceeded, r.needs_manual_grading, JSON.stringify(a.answers),
        JSON.stringify(a.questionTimes), JSON.stringify(a.flaggedQuestions), JSON.stringify(r), a.submittedAt,
      ],
    );
  }

  /** The stored result of a submitted session (answers a repeated submit). */
  async resultOfSession(sessionId: string, db: Db = this.ds): Promise<QuizResult | null> {
    return (await queryOne<{ result: QuizResult }>(db, 'SELECT result FROM attempts WHERE session_id = $1', [sessionId]))?.result ?? null;
  }
}
