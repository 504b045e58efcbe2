import { Injectable } from '@nestjs/common';
import type { AssessmentKind } from '@lp/contracts';
import type { Db } from '@lp/service-kit';

export interface QuizSave {
  quizId: string;
  courseId: string | null;
  title: string;
  kind: AssessmentKind;
  createdBy: string;
  questionCount: number;
  isPublished: boolean;
  updatedAt: Date;
}

export interface AttemptRecord {
  attemptId: string;
  quizId: string;
  courseId: string | null;
  userId: string;
  score: number;
  passed: boolean;
  timeTakenMinutes: number;
  submittedAt: Date;
}

export interface AttemptReview extends AttemptRecord {
  reviewedAt: Date;
}

/**
 * Writes of the quiz read model (assessment's events). Each write is idempotent and gives
 * the same end state whatever order the events of a quiz and its attempts arrive in.
 */
@Injectable()
export class QuizzesRepository {
  /** Keeps the newest save; a tombstoned quiz stays deleted. */
  async save(db: Db, s: QuizSave): Promise<void> {
    await db.query(
      `INSERT INTO quizzes (quiz_id, course_id, title, kind, created_by, question_count, is_published, updated_at, first_saved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (quiz_id) DO UPDATE SET course_id = EXCLUDED.course_id, title = EXCLUDED.title, kind = EXCLUDED.kind,
         created_by = EXCLUDED.created_by, question_count = EXCLUDED.question_count, is_published = EXCLUDED.is_published,
         updated_at = EXCLUDED.updated_at
       WHERE quizzes.deleted_at IS NULL AND quizzes.updated_at < EXCLUDED.updated_at`,
      [s.quizId, s.courseId, s.title, s.kind, s.createdBy, s.questionCount, s.isPublished, s.updatedAt],
    );
    // an older save arriving late still tells when the quiz first existed (its place in the course)
    await db.query('UPDATE quizzes SET first_saved_at = $2 WHERE quiz_id = $1 AND first_saved_at > $2', [s.quizId, s.updatedAt]);
  }

  /** Leaves a tombstone (so a late save cannot bring the quiz back) and drops its attempts, as assessment did. */
  async delete(db: Db, quizId: string, courseId: string | null, deletedAt: Date): Promise<void> {
    await db.query(
      `INSERT INTO quizzes (quiz_id, course_id, updated_at, first_saved_at, deleted_at) VALUES ($1, $2, $3, $3, $3)
       ON CONFLICT (quiz_id) DO UPDATE SET deleted_at = COALESCE(quizzes.deleted_at, EXCLUDED.deleted_at)`,
      [quizId, courseId, deletedAt],
    );
    await db.query('DELETE FROM quiz_attempts WHERE quiz_id = $1', [quizId]);
  }

  /**
   * Records an attempt once (its id is the key). One of a quiz already deleted is not kept;
   * should the two race, every figure still leaves it out by joining live quizzes.
   */
  async recordAttempt(db: Db, a: AttemptRecord): Promise<void> {
    await db.query(
      `INSERT INTO quiz_attempts (attempt_id, quiz_id, course_id, user_id, score, passed, time_taken_minutes, submitted_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
        WHERE NOT EXISTS (SELECT 1 FROM quizzes WHERE quiz_id = $2 AND deleted_at IS NOT NULL)
       ON CONFLICT (attempt_id) DO NOTHING`,
      [a.attemptId, a.quizId, a.courseId, a.userId, a.score, a.passed, a.timeTakenMinutes, a.submittedAt],
    );
  }

  /**
   * The author's review of an attempt: its new score and pass. The newest review wins (an
   * older one arriving late changes nothing); a review arriving before the attempt's
   * submission creates the row from its own fields, and the submission then finds it there
   * (recordAttempt does nothing on a known attempt), so neither order loses the review.
   */
  async recordReview(db: Db, r: AttemptReview): Promise<void> {
    await db.query(
      `INSERT INTO quiz_attempts (attempt_id, quiz_id, course_id, user_id, score, passed, time_taken_minutes, submitted_at, reviewed_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
        WHERE NOT EXISTS (SELECT 1 FROM quizzes WHERE quiz_id = $2 AND deleted_at IS NOT NULL)
       ON CONFLICT (attempt_id) DO UPDATE SET score = EXCLUDED.score, passed = EXCLUDED.passed, reviewed_at = EXCLUDED.reviewed_at
       WHERE quiz_attempts.reviewed_at IS NULL OR quiz_attempts.reviewed_at < EXCLUDED.reviewed_at`,
      [r.attemptId, r.quizId, r.courseId, r.userId, r.score, r.passed, r.timeTakenMinutes, r.submittedAt, r.reviewedAt],
    );
  }
}
