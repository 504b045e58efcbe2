import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { assessmentEvents, IdSchema, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { QuizzesRepository } from './quizzes.repository.js';

/** A read model's columns are uuids: an id that is not one would fail the event for ever, so it is logged and dropped. */
const badIds = (...ids: Array<string | null>): boolean => ids.some((id) => id !== null && !IdSchema.safeParse(id).success);

const managerOf = (ctx: EventContext): EntityManager => entityManager(ctx.tx);

/** Keeps catalog's copy of assessment's quizzes and attempts, for instructor figures and learner progress. */
@Injectable()
export class QuizzesConsumer {
  constructor(@Inject(QuizzesRepository) private readonly quizzes: QuizzesRepository) {}

  @OnEvent(assessmentEvents.quizSaved)
  async saved(p: EventPayload<typeof assessmentEvents.quizSaved>, ctx: EventContext): Promise<void> {
    if (badIds(p.quiz_id, p.course_id, p.created_by)) {
      ctx.log.warn({ quizId: p.quiz_id }, 'quiz saved with a malformed id; ignored');
      return;
    }
    await this.quizzes.save(managerOf(ctx), {
      quizId: p.quiz_id,
      courseId: p.course_id,
      title: p.title,
      kind: p.kind,
      createdBy: p.created_by,
      questionCount: p.question_count,
      isPublished: p.is_published,
      updatedAt: new Date(p.updated_at),
    });
  }

  @OnEvent(assessmentEvents.quizDeleted)
  async deleted(p: EventPayload<typeof assessmentEvents.quizDeleted>, ctx: EventContext): Promise<void> {
    if (badIds(p.quiz_id, p.course_id)) {
      ctx.log.warn({ quizId: p.quiz_id }, 'quiz deleted with a malformed id; ignored');
      return;
    }
    await this.quizzes.delete(managerOf(ctx), p.quiz_id, p.course_id, new Date(p.deleted_at));
  }

  @OnEvent(assessmentEvents.attemptSubmitted)
  async attemptSubmitted(p: EventPayload<typeof assessmentEvents.attemptSubmitted>, ctx: EventContext): Promise<void> {
    if (badIds(p.attempt_id, p.quiz_id, p.course_id, p.user_id)) {
      ctx.log.warn({ attemptId: p.attempt_id }, 'attempt submitted with a malformed id; ignored');
      return;
    }
    await this.quizzes.recordAttempt(managerOf(ctx), {
      attemptId: p.attempt_id,
      quizId: p.quiz_id,
      courseId: p.course_id,
      userId: p.user_id,
      score: p.score,
      passed: p.passed,
      timeTakenMinutes: p.time_taken_minutes,
      submittedAt: new Date(p.submitted_at),
    });
  }

  @OnEvent(assessmentEvents.attemptReviewed)
  async attemptReviewed(p: EventPayload<typeof assessmentEvents.attemptReviewed>, ctx: EventContext): Promise<void> {
    if (badIds(p.attempt_id, p.quiz_id, p.course_id, p.user_id)) {
      ctx.log.warn({ attemptId: p.attempt_id }, 'attempt reviewed with a malformed id; ignored');
      return;
    }
    await this.quizzes.recordReview(managerOf(ctx), {
      attemptId: p.attempt_id,
      quizId: p.quiz_id,
      courseId: p.course_id,
      userId: p.user_id,
      score: p.score,
      passed: p.passed,
      timeTakenMinutes: p.time_taken_minutes,
      submittedAt: new Date(p.submitted_at),
      reviewedAt: new Date(p.reviewed_at),
    });
  }
}
