import { Inject, Injectable } from '@nestjs/common';
import { assessmentEvents, type QuizResult, assessmentRoutes, type RouteInput } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { Clock, iso, UnitOfWork, Handles, currentCaller } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { applyEssayReview } from './essay-review.util.js';
import { EssayReviewRepository } from './essay-review.repository.js';

type R = typeof assessmentRoutes;

/**
 * The other end of the manual-grading queue: the assessment's author grades the essays of a
 * submitted attempt (again, if need be). One transaction with the attempt row locked: the
 * recomputed result, its columns and the attempt's feedback, and the events through the outbox.
 */
@Injectable()
export class EssayReviewService {
  constructor(
    @Inject(EssayReviewRepository) private readonly reviews: EssayReviewRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Answers the author's view of the result (every question detail, whatever the quiz shows takers). */
  @Handles(assessmentRoutes.reviewAttempt)
  async review({ params: { id: attemptId }, body: input }: RouteInput<R['reviewAttempt']>): Promise<QuizResult> {
    const caller = currentCaller();
    return this.uow.run(async (tx) => {
      const a = await this.reviews.lockForReview(tx, attemptId);
      if (!a) throw assessmentErrors.attemptNotFound();
      // the author only: a course owner sees the results but the grading stays with who wrote the questions
      if (a.quiz.createdBy !== caller.userId) throw assessmentErrors.notQuizAuthor();
      const now = iso(this.clock.now());
      const result = applyEssayReview(a.result, input, now);
      await this.reviews.saveReview(tx, a.id, result, result.feedback ?? a.feedback);

      await writeEvent(tx, assessmentEvents.attemptReviewed, {
        v: 1,
        attempt_id: a.id,
        quiz_id: a.quizId,
        course_id: a.quiz.courseId,
        user_id: a.userId,
        score: result.score,
        passed: result.passed,
        needs_manual_grading: result.needs_manual_grading,
        time_taken_minutes: result.time_taken_minutes,
        submitted_at: result.submitted_at,
        reviewed_by: caller.userId,
        reviewed_at: now,
      });
      // as on submit: the first pass of this assessment by this learner, whichever attempt made it.
      // A re-grade that takes a pass away and a later one that gives it back announces it again:
      // nothing records that the pass was announced, so consumers keep "once" by (user_id, quiz_id).
      if (result.passed && !a.passed && !a.passedElsewhere)
        await writeEvent(tx, assessmentEvents.quizPassed, {
          v: 1,
          attempt_id: a.id,
          quiz_id: a.quizId,
          quiz_title: result.quiz_title,
          kind: result.kind,
          course_id: a.quiz.courseId,
          user_id: a.userId,
          score: result.score,
          passed_at: now,
        });
      return result;
    });
  }
}
