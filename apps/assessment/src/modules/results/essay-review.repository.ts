import { oneWithExtras } from '@lp/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QuizResult } from '@lp/contracts';
import { AttemptEntity } from '../../entities/attempt.entity.js';
import type { QuizEntity } from '../../entities/quiz.entity.js';

/** Whether another attempt of the same taker and quiz passed already. */
export interface PassedElsewhere {
  passedElsewhere: boolean;
}

/** An attempt locked for review, with what the rules need of its quiz and of the taker's other attempts. */
export type AttemptUnderReview = Pick<AttemptEntity, 'id' | 'quizId' | 'userId' | 'passed' | 'result' | 'feedback'> & {
  quiz: Pick<QuizEntity, 'id' | 'createdBy' | 'courseId'>;
} & PassedElsewhere;

/** Data access of essay reviews; no rules here. */
@Injectable()
export class EssayReviewRepository {
  /**
   * The attempt row locked until the transaction ends: concurrent reviews of one attempt
   * queue here, and each one recomputes from the result the previous one stored.
   */
  async lockForReview(tx: EntityManager, attemptId: string): Promise<AttemptUnderReview | null> {
    const qb = tx
      .getRepository(AttemptEntity)
      .createQueryBuilder('a')
      .select(['a.id', 'a.quizId', 'a.userId', 'a.passed', 'a.result', 'a.feedback'])
      .innerJoin('a.quiz', 'q')
      .addSelect(['q.id', 'q.createdBy', 'q.courseId']);
    const passedElsewhere = qb
      .subQuery()
      .select('1')
      .from(AttemptEntity, 'o')
      .where('o.quiz_id = a.quiz_id AND o.user_id = a.user_id AND o.id <> a.id AND o.passed')
      .getQuery();
    qb.addSelect(`EXISTS ${passedElsewhere}`, 'passedElsewhere')
      .where('a.id = :attemptId', { attemptId })
      .setLock('pessimistic_write', undefined, ['a']);
    // an inner join: the quiz is always there
    return (await oneWithExtras<AttemptEntity, PassedElsewhere>(qb, ['passedElsewhere'])) as AttemptUnderReview | null;
  }

  /** Stores the recomputed result and its columns (the lists, grades and analytics read the columns). */
  async saveReview(tx: EntityManager, attemptId: string, r: QuizResult, feedback: string): Promise<void> {
    await tx.getRepository(AttemptEntity).update(
      { id: attemptId },
      {
        score: r.score,
        passed: r.passed,
        correctAnswers: r.correct_answers,
        earnedPoints: r.earned_points,
        needsManualGrading: r.needs_manual_grading,
        feedback,
        result: r,
      },
    );
  }
}
