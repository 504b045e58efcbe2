import { Inject, Injectable } from '@nestjs/common';
import { assessmentEvents, billingEvents, catalogEvents, communityEvents, mentoringEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { XP_EVENT_CONCURRENCY } from '../../common/event-concurrency.js';
import { XpLedgerService } from './xp-ledger.service.js';

/** A score at or above this is a perfect one (assessment scores in percent). */
const PERFECT_SCORE = 100;

/**
 * The events that earn or take back XP. Each is applied in the kit's inbox transaction, so a
 * redelivered event is not even seen twice; the ledger's key (user, rule, source event) holds
 * the same for a replay under a new delivery. Where one award per thing is the rule whatever
 * the events say (an upvote taken back and given again, a group left and joined again), the
 * source key is the thing, not the event. Awards are queued and applied together when the
 * consumer's transaction commits (XpLedgerService); reversals are applied at once. Awards of
 * one type run in up to XP_EVENT_CONCURRENCY transactions at once (common/event-concurrency.ts).
 */
@Injectable()
export class XpEventsConsumer {
  constructor(@Inject(XpLedgerService) private readonly xp: XpLedgerService) {}

  @OnEvent(catalogEvents.lessonCompleted, { concurrency: XP_EVENT_CONCURRENCY })
  async lessonCompleted(p: EventPayload<typeof catalogEvents.lessonCompleted>, ctx: EventContext): Promise<void> {
    this.xp.queue(entityManager(ctx.tx), {
      userId: p.user_id,
      ruleCode: 'lesson_completed',
      sourceEventId: ctx.envelope.id,
      sourceKey: p.lesson_id,
      courseId: p.course_id,
      occurredAt: new Date(p.completed_at),
    });
  }

  @OnEvent(catalogEvents.courseCompleted, { concurrency: XP_EVENT_CONCURRENCY })
  async courseCompleted(p: EventPayload<typeof catalogEvents.courseCompleted>, ctx: EventContext): Promise<void> {
    this.xp.queue(entityManager(ctx.tx), {
      userId: p.user_id,
      ruleCode: 'course_completed',
      sourceEventId: ctx.envelope.id,
      sourceKey: p.course_id,
      courseId: p.course_id,
      occurredAt: new Date(p.completed_at),
    });
  }

  /** Assessment announces a first pass only; a perfect first pass earns the perfect-score award besides. */
  @OnEvent(assessmentEvents.quizPassed, { concurrency: XP_EVENT_CONCURRENCY })
  async quizPassed(p: EventPayload<typeof assessmentEvents.quizPassed>, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    const award = { userId: p.user_id, sourceEventId: ctx.envelope.id, sourceKey: p.quiz_id, occurredAt: new Date(p.passed_at) };
    this.xp.queue(tx, { ...award, ruleCode: 'quiz_passed_first' });
    if (p.score >= PERFECT_SCORE) this.xp.queue(tx, { ...award, ruleCode: 'perfect_score' });
  }

  /** On time: graded, not late, and not a regrade (a regrade is the same work graded again). */
  @OnEvent(assessmentEvents.submissionGraded, { concurrency: XP_EVENT_CONCURRENCY })
  async submissionGraded(p: EventPayload<typeof assessmentEvents.submissionGraded>, ctx: EventContext): Promise<void> {
    if (p.is_late || p.regraded) return;
    this.xp.queue(entityManager(ctx.tx), {
      userId: p.user_id,
      ruleCode: 'assignment_on_time',
      sourceEventId: ctx.envelope.id,
      sourceKey: p.assignment_id,
      occurredAt: new Date(p.graded_at),
    });
  }

  /** Both sides of a completed session earn: the learner (mentee_id) and the mentor (mentor_id). */
  @OnEvent(mentoringEvents.sessionCompleted, { concurrency: XP_EVENT_CONCURRENCY })
  async sessionCompleted(p: EventPayload<typeof mentoringEvents.sessionCompleted>, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    const at = new Date(p.completed_at);
    this.xp.queue(tx, {
      userId: p.mentee_id,
      ruleCode: 'mentoring_session_learner',
      sourceEventId: ctx.envelope.id,
      sourceKey: p.session_id,
      occurredAt: at,
    });
    this.xp.queue(tx, {
      userId: p.mentor_id,
      ruleCode: 'mentoring_session_mentor',
      sourceEventId: ctx.envelope.id,
      sourceKey: p.session_id,
      occurredAt: at,
    });
  }

  /** To the answer's author; accepting one's own answer to one's own question earns nothing. */
  @OnEvent(communityEvents.answerAccepted, { concurrency: XP_EVENT_CONCURRENCY })
  async answerAccepted(p: EventPayload<typeof communityEvents.answerAccepted>, ctx: EventContext): Promise<void> {
    if (p.accepted_by === p.answer_author_id) return;
    this.xp.queue(entityManager(ctx.tx), {
      userId: p.answer_author_id,
      ruleCode: 'answer_accepted',
      sourceEventId: ctx.envelope.id,
      sourceKey: p.answer_id,
      occurredAt: new Date(p.accepted_at),
    });
  }

  @OnEvent(communityEvents.answerUnaccepted)
  async answerUnaccepted(p: EventPayload<typeof communityEvents.answerUnaccepted>, ctx: EventContext): Promise<void> {
    await this.xp.reverse(entityManager(ctx.tx), {
      userId: p.answer_author_id,
      ruleCode: 'answer_accepted',
      sourceKey: p.answer_id,
      sourceEventId: ctx.envelope.id,
      occurredAt: new Date(p.unaccepted_at),
    });
  }

  /** One award per voter and answer: taking an upvote back and giving it again earns nothing more. */
  @OnEvent(communityEvents.answerUpvoted, { concurrency: XP_EVENT_CONCURRENCY })
  async answerUpvoted(p: EventPayload<typeof communityEvents.answerUpvoted>, ctx: EventContext): Promise<void> {
    if (p.voter_id === p.answer_author_id) return;
    this.xp.queue(entityManager(ctx.tx), {
      userId: p.answer_author_id,
      ruleCode: 'answer_upvoted',
      sourceEventId: `upvote:${p.answer_id}:${p.voter_id}`,
      sourceKey: p.answer_id,
      occurredAt: new Date(p.upvoted_at),
    });
  }

  /** One award per group: leaving and joining again earns nothing more. */
  @OnEvent(communityEvents.groupJoined, { concurrency: XP_EVENT_CONCURRENCY })
  async groupJoined(p: EventPayload<typeof communityEvents.groupJoined>, ctx: EventContext): Promise<void> {
    this.xp.queue(entityManager(ctx.tx), {
      userId: p.user_id,
      ruleCode: 'group_joined',
      sourceEventId: `group:${p.group_id}`,
      sourceKey: p.group_id,
      occurredAt: new Date(p.joined_at),
    });
  }

  /** A refunded course purchase takes back that course's lesson and completion XP from the payer. */
  @OnEvent(billingEvents.paymentRefunded)
  async paymentRefunded(p: EventPayload<typeof billingEvents.paymentRefunded>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'course') return;
    await this.xp.reverseCourse(entityManager(ctx.tx), {
      userId: p.user_id,
      courseId: p.item_id,
      sourceEventId: ctx.envelope.id,
      occurredAt: new Date(p.refunded_at),
    });
  }
}
