import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Answers, QuizResult } from '@lp/contracts';
import { queryOne, fromRow } from '@lp/service-kit';
import type { AttemptEntity } from '../../entities/attempt.entity.js';
import type { QuizEntity } from '../../entities/quiz.entity.js';
import { TestSessionEntity } from '../../entities/test-session.entity.js';

/*
 * Every statement here is kept raw, as it was: they are the start, save-progress and submit
 * paths that bench scenario (d) measures (TakingService.submit: few statements, each written
 * out). Their results are typed by the entities (rows hydrated into them with fromRow).
 */

/** A session locked for submission, with its quiz's grading settings and the taker's earlier scores. */
export interface SessionForSubmit {
  session: TestSessionEntity;
  quiz: Pick<
    QuizEntity,
    | 'id'
    | 'title'
    | 'subject'
    | 'difficulty'
    | 'isMockTest'
    | 'testMode'
    | 'passingScore'
    | 'maxAttempts'
    | 'allowMultipleAttempts'
    | 'showResultsImmediately'
    | 'courseId'
    | 'version'
  >;
  /** the taker's scores of this quiz so far, in attempt order */
  priorScores: number[];
}

/** The row lockForSubmit's statement returns: the session's columns (s.*), then these of its quiz. */
interface SubmitRow {
  quiz_title: QuizEntity['title'];
  quiz_subject: QuizEntity['subject'];
  quiz_difficulty: QuizEntity['difficulty'];
  is_mock_test: QuizEntity['isMockTest'];
  test_mode: QuizEntity['testMode'];
  passing_score: QuizEntity['passingScore'];
  max_attempts: QuizEntity['maxAttempts'];
  allow_multiple_attempts: QuizEntity['allowMultipleAttempts'];
  show_results_immediately: QuizEntity['showResultsImmediately'];
  course_id: QuizEntity['courseId'];
  quiz_version: QuizEntity['version'];
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

type Row = Record<string, unknown>;

/** Data access for test sessions and the attempts they become; no rules here. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private session(row: Row | null, tx?: EntityManager): TestSessionEntity | null {
    return row && fromRow(tx ?? this.ds.manager, TestSessionEntity, row);
  }

  async find(id: string, tx?: EntityManager): Promise<TestSessionEntity | null> {
    return this.session(await queryOne<Row>(tx ?? this.ds, 'SELECT * FROM test_sessions WHERE id = $1', [id]), tx);
  }

  /** The caller's open session of a quiz (test_sessions_one_open_idx). */
  async findOpen(quizId: string, userId: string, tx?: EntityManager): Promise<TestSessionEntity | null> {
    const row = await queryOne<Row>(
      tx ?? this.ds,
      'SELECT * FROM test_sessions WHERE quiz_id = $1 AND user_id = $2 AND submitted_at IS NULL',
      [quizId, userId],
    );
    return this.session(row, tx);
  }

  /** Opens a session unless one is open already (a parallel open won): null then. */
  async insertOpen(
    s: { quizId: string; userId: string; startedAt: Date; deadlineAt: Date | null; order: string[] },
    tx?: EntityManager,
  ): Promise<TestSessionEntity | null> {
    const row = await queryOne<Row>(
      tx ?? this.ds,
      `INSERT INTO test_sessions (quiz_id, user_id, started_at, deadline_at, question_order) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (quiz_id, user_id) WHERE submitted_at IS NULL DO NOTHING RETURNING *`,
      [s.quizId, s.userId, s.startedAt, s.deadlineAt, JSON.stringify(s.order)],
    );
    return this.session(row, tx);
  }

  /**
   * Session and quiz in one statement, the session row locked until the transaction ends:
   * concurrent submits of one session queue here and the later ones find it submitted.
   */
  async lockForSubmit(tx: EntityManager, sessionId: string): Promise<SessionForSubmit | null> {
    const row = await queryOne<SubmitRow & Row>(
      tx,
      `SELECT s.*, q.title AS quiz_title, q.subject AS quiz_subject, q.difficulty AS quiz_difficulty, q.is_mock_test, q.test_mode,
              q.passing_score, q.max_attempts, q.allow_multiple_attempts, q.show_results_immediately, q.course_id, q.version AS quiz_version,
              ARRAY(SELECT a.score::float8 FROM attempts a WHERE a.quiz_id = s.quiz_id AND a.user_id = s.user_id ORDER BY a.attempt_number) AS prior_scores
       FROM test_sessions s JOIN quizzes q ON q.id = s.quiz_id
       WHERE s.id = $1
       FOR UPDATE OF s`,
      [sessionId],
    );
    if (!row) return null;
    const session = fromRow(tx, TestSessionEntity, row);
    return {
      session,
      quiz: {
        id: session.quizId,
        title: row.quiz_title,
        subject: row.quiz_subject,
        difficulty: row.quiz_difficulty,
        isMockTest: row.is_mock_test,
        testMode: row.test_mode,
        passingScore: row.passing_score,
        maxAttempts: row.max_attempts,
        allowMultipleAttempts: row.allow_multiple_attempts,
        showResultsImmediately: row.show_results_immediately,
        courseId: row.course_id,
        version: row.quiz_version,
      },
      priorScores: row.prior_scores,
    };
  }

  /** Saves progress of a session still open; null when it was submitted meanwhile. */
  async saveProgress(
    id: string,
    p: { answers: Answers; currentQuestion: number; flagged: (number | string)[]; now: Date },
  ): Promise<{ savedAt: NonNullable<TestSessionEntity['savedAt']> } | null> {
    const row = await queryOne<{ saved_at: NonNullable<TestSessionEntity['savedAt']> }>(
      this.ds,
      `UPDATE test_sessions SET answers = answers || $2::jsonb, current_question = $3, flagged_questions = $4, saved_at = $5
       WHERE id = $1 AND submitted_at IS NULL RETURNING saved_at`,
      [id, JSON.stringify(p.answers), p.currentQuestion, JSON.stringify(p.flagged), p.now],
    );
    return row && { savedAt: row.saved_at };
  }

  /** Records the attempt and closes its session, in one statement. */
  async closeWithAttempt(tx: EntityManager, a: AttemptInsert): Promise<void> {
    const r = a.result;
    await tx.query(
      `WITH attempt AS (
         INSERT INTO attempts (id, session_id, quiz_id, user_id, attempt_number, score, passed, correct_answers, total_questions,
           earned_points, total_points, time_taken_minutes, time_exceeded, needs_manual_grading, answers, question_times,
           flagged_questions, result, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19))
       UPDATE test_sessions SET answers = $15, submitted_at = $19 WHERE id = $2`,
      // prettier-ignore
      [
        a.id, a.sessionId, a.quizId, a.userId, r.attempt_number, r.score, r.passed, r.correct_answers, r.total_questions,
        r.earned_points, r.total_points, r.time_taken_minutes, r.time_exceeded, r.needs_manual_grading, JSON.stringify(a.answers),
        JSON.stringify(a.questionTimes), JSON.stringify(a.flaggedQuestions), JSON.stringify(r), a.submittedAt,
      ],
    );
  }

  /** The stored result of a submitted session (answers a repeated submit). */
  async resultOfSession(sessionId: string, tx?: EntityManager): Promise<AttemptEntity['result'] | null> {
    const sql = 'SELECT result FROM attempts WHERE session_id = $1';
    return (await queryOne<Pick<AttemptEntity, 'result'>>(tx ?? this.ds, sql, [sessionId]))?.result ?? null;
  }
}
