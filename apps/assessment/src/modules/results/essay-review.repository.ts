import { Injectable } from '@nestjs/common';
import type { QuizResult } from '@lp/contracts';
import { queryOne, type Db } from '@lp/service-kit';

/** An attempt locked for review, with what the rules need of its quiz and of the taker's other attempts. */
export interface ReviewRow {
  id: string;
  quiz_id: string;
  user_id: string;
  passed: boolean;
  result: QuizResult;
  feedback: string;
  quiz_created_by: string;
  course_id: string | null;
  /** another attempt of the same taker and quiz passed already */
  passed_elsewhere: boolean;
}

/** Data access of essay reviews; no rules here. */
@Injectable()
export class EssayReviewRepository {
  /**
   * The attempt row locked until the transaction ends: concurrent reviews of one attempt
   * queue here, and each one recomputes from the result the previous one stored.
   */
  lockForReview(tx: Db, attemptId: string): Promise<ReviewRow | null> {
    return queryOne<ReviewRow>(
      tx,
      `SELECT a.id, a.quiz_id, a.user_id, a.passed, a.result, a.feedback, q.created_by AS quiz_created_by, q.course_id,
              EXISTS (SELECT 1 FROM attempts o WHERE o.quiz_id = a.quiz_id AND o.user_id = a.user_id AND o.id <> a.id AND o.passed)
                AS passed_elsewhere
       FROM attempts a JOIN quizzes q ON q.id = a.quiz_id
       WHERE a.id = $1
       FOR UPDATE OF a`,
      [attemptId],
    );
  }

  /** Stores the recomputed result and its columns (the lists, grades and analytics read the columns). */
  async saveReview(tx: Db, attemptId: string, r: QuizResult, feedback: string): Promise<void> {
    await tx.query(
      `UPDATE attempts SET score = $2, passed = $3, correct_answers = $4, earned_points = $5, needs_manual_grading = $6,
         feedback = $7, result = $8
       WHERE id = $1`,
      [attemptId, r.score, r.passed, r.correct_answers, r.earned_points, r.needs_manual_grading, feedback, JSON.stringify(r)],
    );
  }
}
