import { Injectable } from '@nestjs/common';
import { MoreThan, type EntityManager } from 'typeorm';
import type { AssessmentKind } from '@lp/contracts';
import { QuizAttemptEntity, QuizEntity } from '../../entities/quiz.entity.js';

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

export type AttemptRecord = Pick<
  QuizAttemptEntity,
  'attemptId' | 'quizId' | 'courseId' | 'userId' | 'score' | 'passed' | 'timeTakenMinutes' | 'submittedAt'
>;

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
  async save(tx: EntityManager, s: QuizSave): Promise<void> {
    const quizzes = tx.getRepository(QuizEntity);
    await quizzes
      .createQueryBuilder('q')
      .insert()
      .values({ ...s, firstSavedAt: s.updatedAt })
      .orUpdate(['course_id', 'title', 'kind', 'created_by', 'question_count', 'is_published', 'updated_at'], ['quiz_id'], {
        overwriteCondition: { where: 'q.deletedAt IS NULL AND q.updatedAt < EXCLUDED.updated_at' },
      })
      .updateEntity(false)
      .execute();
    // an older save arriving late still tells when the quiz first existed (its place in the course)
    await quizzes.update({ quizId: s.quizId, firstSavedAt: MoreThan(s.updatedAt) }, { firstSavedAt: s.updatedAt });
  }

  /** Leaves a tombstone (so a late save cannot bring the quiz back) and drops its attempts, as assessment did. */
  async delete(tx: EntityManager, quizId: string, courseId: string | null, deletedAt: Date): Promise<void> {
    await tx
      .getRepository(QuizEntity)
      .createQueryBuilder('q')
      .insert()
      .values({ quizId, courseId, updatedAt: deletedAt, firstSavedAt: deletedAt, deletedAt })
      // the first deletion seen stays
      .orUpdate(['deleted_at'], ['quiz_id'], { overwriteCondition: { where: 'q.deletedAt IS NULL' } })
      .updateEntity(false)
      .execute();
    await tx.getRepository(QuizAttemptEntity).delete({ quizId });
  }

  /**
   * Records an attempt once (its id is the key). One of a quiz already deleted is not kept;
   * should the two race, every figure still leaves it out by joining live quizzes.
   */
  async recordAttempt(tx: EntityManager, a: AttemptRecord): Promise<void> {
    // raw SQL: INSERT ... SELECT ... WHERE NOT EXISTS (no insert of a tombstoned quiz's attempt) in one statement, which the query builder cannot write
    await tx.query(
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
  async recordReview(tx: EntityManager, r: AttemptReview): Promise<void> {
    // raw SQL: a conditional INSERT ... SELECT with ON CONFLICT ... DO UPDATE ... WHERE in one statement, which the query builder cannot write
    await tx.query(
      `INSERT INTO quiz_attempts (attempt_id, quiz_id, course_id, user_id, score, passed, time_taken_minutes, submitted_at, reviewed_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
        WHERE NOT EXISTS (SELECT 1 FROM quizzes WHERE quiz_id = $2 AND deleted_at IS NOT NULL)
       ON CONFLICT (attempt_id) DO UPDATE SET score = EXCLUDED.score, passed = EXCLUDED.passed, reviewed_at = EXCLUDED.reviewed_at
       WHERE quiz_attempts.reviewed_at IS NULL OR quiz_attempts.reviewed_at < EXCLUDED.reviewed_at`,
      [r.attemptId, r.quizId, r.courseId, r.userId, r.score, r.passed, r.timeTakenMinutes, r.submittedAt, r.reviewedAt],
    );
  }
}
