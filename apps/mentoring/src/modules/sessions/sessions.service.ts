import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  HOLDING_STATUSES,
  IdSchema,
  billingEvents,
  billingInternal,
  mentoringEvents,
  mentoringInternal,
  mentoringRoutes,
  refundOnCancel,
  type BotReadRequest,
  type EventPayload,
  type MentoringSession,
  type RouteInput,
  type RouteOutput,
  type SessionStatus,
} from '@lp/contracts';
import { RpcClient, writeEvent, type EventContext } from '@lp/bus';
import {
  Clock,
  ExportsUserData,
  Handles,
  HandlesInternal,
  OnEvent,
  UnitOfWork,
  asBotReader,
  currentCaller,
  entityManager,
} from '@lp/service-kit';
import type { EntityManager } from 'typeorm';
import type { SessionEntity } from '../../entities/session.entity.js';
import { MentorProfilesRepository } from '../mentors/mentor-profiles.repository.js';
import { ratingOf } from '../mentors/mentors.service.js';
import { sessionErrors } from './session-errors.js';
import { SessionLifecycle } from './session-lifecycle.js';
import { eventFields, toSession } from './session.mapper.js';
import { SessionsRepository } from './sessions.repository.js';

type R = typeof mentoringRoutes;

/**
 * A session's life after booking: the lists people see, cancellation with its refund rule,
 * no-shows, ratings; billing's payment events confirm or release bookings; a scheduled job
 * releases unpaid holds and completes sessions that have ended.
 */
@Injectable()
export class SessionsService {
  private readonly log = new Logger('sessions');

  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(MentorProfilesRepository) private readonly profiles: MentorProfilesRepository,
    @Inject(SessionLifecycle) private readonly lifecycle: SessionLifecycle,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(mentoringRoutes.mySessions)
  async mine({ query }: RouteInput<R['mySessions']>): Promise<RouteOutput<R['mySessions']>> {
    const statuses: SessionStatus[] | null = !query.status ? null : query.status === 'upcoming' ? [...HOLDING_STATUSES] : [query.status];
    const found = await this.sessions.forPerson(currentCaller().userId, statuses, query.limit, query.offset);
    return { sessions: found.rows.map(toSession), total: found.total };
  }

  /** The Telegram bot's /deadlines: the route's upcoming sessions of the linked user, the next five. */
  @HandlesInternal(mentoringInternal.botSessions)
  botSessions(req: BotReadRequest): Promise<RouteOutput<R['mySessions']>> {
    return asBotReader(req, () => this.mine({ query: { status: 'upcoming', limit: 5, offset: 0 } } as RouteInput<R['mySessions']>));
  }

  @Handles(mentoringRoutes.session)
  async get({ params }: RouteInput<R['session']>): Promise<MentoringSession> {
    return this.visible(params.id);
  }

  /**
   * Cancels an upcoming session before it starts, with the refund rule of libs/contracts
   * (refundOnCancel). An unpaid booking just frees its slot. Billing's refund is asked while
   * the session's row is held, and is idempotent per payment: a retry after a failure refunds once.
   */
  @Handles(mentoringRoutes.cancelSession)
  async cancel({ params, body }: RouteInput<R['cancelSession']>): Promise<MentoringSession> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const s = await this.sessions.lock(tx, params.id);
      const who = s?.menteeId === caller.userId ? 'mentee' : s?.mentorId === caller.userId ? 'mentor' : null;
      if (!s || !who) throw sessionErrors.notFound();
      const now = this.clock.now();
      if (s.status !== 'scheduled' && s.status !== 'confirmed')
        throw sessionErrors.notCancellable(`This session is already ${s.status.replace('_', ' ')}`);
      if (s.startsAt <= now) throw sessionErrors.notCancellable('A session that has started can no longer be cancelled');
      const refund = refundOnCancel(s, who, now);
      const reason = body.reason || (who === 'mentor' ? 'Cancelled by the mentor' : 'Cancelled by the learner');
      if (refund > 0 && s.paymentId) {
        await this.rpc.request(billingInternal.refund.subject, {
          payment_id: s.paymentId,
          reason: `session cancelled by the ${who === 'mentee' ? 'learner' : 'mentor'}`,
          full: true,
        });
      }
      const paid = s.status === 'confirmed';
      const done = await this.sessions.transition(tx, s.id, ['scheduled', 'confirmed'], {
        status: 'cancelled',
        cancelledBy: who,
        cancelReason: reason,
        cancelledAt: now,
        holdExpiresAt: null,
        refundedMinor: paid ? refund : null,
      });
      await writeEvent(tx, mentoringEvents.sessionCancelled, {
        ...eventFields(done!),
        status: 'cancelled',
        cancelled_by: who,
        reason,
        refunded_minor: paid ? refund : null,
        cancelled_at: now.toISOString(),
      });
    });
    return this.visible(params.id);
  }

  /** The mentor says the learner did not come: a confirmed session whose start has passed; nothing is refunded. */
  @Handles(mentoringRoutes.markNoShow)
  async noShow({ params }: RouteInput<R['markNoShow']>): Promise<MentoringSession> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const s = await this.sessions.lock(tx, params.id);
      if (!s || s.mentorId !== caller.userId) throw sessionErrors.notFound();
      if (s.status !== 'confirmed' && s.status !== 'completed')
        throw sessionErrors.notCancellable(`A ${s.status.replace('_', ' ')} session cannot be marked as a no-show`);
      if (s.status === 'completed' && s.rating !== null)
        throw sessionErrors.notCancellable('A rated session cannot be marked as a no-show');
      const now = this.clock.now();
      if (s.startsAt > now) throw sessionErrors.notStarted();
      const done = await this.sessions.transition(tx, s.id, ['confirmed', 'completed'], {
        status: 'no_show',
        cancelledBy: 'mentor',
        cancelReason: 'The learner did not come',
        cancelledAt: now,
      });
      await writeEvent(tx, mentoringEvents.sessionCancelled, {
        ...eventFields(done!),
        status: 'no_show',
        cancelled_by: 'mentor',
        reason: 'The learner did not come',
        refunded_minor: 0,
        cancelled_at: now.toISOString(),
      });
    });
    return this.visible(params.id);
  }

  /** The learner rates a completed session once; the mentor's rating follows in the same transaction. */
  @Handles(mentoringRoutes.rateSession)
  async rate({ params, body }: RouteInput<R['rateSession']>): Promise<MentoringSession> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const s = await this.sessions.lock(tx, params.id);
      if (!s || s.menteeId !== caller.userId) throw sessionErrors.notFound();
      if (s.status !== 'completed') throw sessionErrors.notRatable('Only a completed session can be rated');
      if (s.rating !== null) throw sessionErrors.notRatable('You have already rated this session');
      const now = this.clock.now();
      const rated = await this.sessions.transition(tx, s.id, ['completed'], {
        status: 'completed',
        rating: body.rating,
        review: body.review || null,
        ratedAt: now,
      });
      const mentor = await this.profiles.addRating(tx, s.mentorId, body.rating);
      await writeEvent(tx, mentoringEvents.sessionRated, {
        ...eventFields(rated!),
        rating: body.rating,
        mentor_rating: ratingOf(mentor.total, mentor.count),
        mentor_rating_count: mentor.count,
        rated_at: now.toISOString(),
      });
    });
    return this.visible(params.id);
  }

  /** The scheduled job: unpaid holds past their time are released; confirmed sessions past their end complete. */
  @HandlesInternal(mentoringInternal.maintainSessions)
  async maintain(): Promise<{ expired: number; completed: number }> {
    const now = this.clock.now();
    let expired = 0;
    let completed = 0;
    for (const s of await this.sessions.expiredHolds(now, 500)) {
      if (await this.lifecycle.release(s.id, 'Payment not completed in time')) expired++;
    }
    for (const s of await this.sessions.ended(now, 500)) {
      if (await this.uow.run((tx) => this.lifecycle.complete(tx, s.id))) completed++;
    }
    return { expired, completed };
  }

  /**
   * A session's payment completed: the booking is confirmed. When the booking had already been
   * given up (the hold ran out, or it was cancelled) the money goes back to the learner.
   */
  @OnEvent(billingEvents.paymentCompleted)
  async paymentCompleted(p: EventPayload<typeof billingEvents.paymentCompleted>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'session' || !IdSchema.safeParse(p.item_id).success) return;
    const tx = entityManager(ctx.tx);
    const s = await this.sessions.lock(tx, p.item_id);
    if (!s) {
      ctx.log.warn({ paymentId: p.payment_id, sessionId: p.item_id }, 'payment for an unknown session; left to a person');
      return;
    }
    if (s.status === 'scheduled') {
      await this.sessions.setPayment(tx, s.id, p.payment_id);
      await this.lifecycle.confirm(tx, s.id, p.payment_id);
      return;
    }
    if (s.status === 'confirmed' && s.paymentId === p.payment_id) return;
    if (s.status === 'cancelled' && s.cancelledBy === 'system') {
      await this.refundLatePayment(tx, s, p.payment_id, ctx);
      return;
    }
    // a second payment for a session already paid (two tabs): the later one goes back
    if (s.paymentId !== p.payment_id) await this.refundLatePayment(tx, s, p.payment_id, ctx);
  }

  /** A session's payment failed, was cancelled at the checkout or expired: the unpaid booking frees its slot. */
  @OnEvent(billingEvents.paymentFailed)
  async paymentFailed(p: EventPayload<typeof billingEvents.paymentFailed>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'session' || !IdSchema.safeParse(p.item_id).success) return;
    const tx = entityManager(ctx.tx);
    const s = await this.sessions.lock(tx, p.item_id);
    if (!s || s.status !== 'scheduled' || (s.paymentId && s.paymentId !== p.payment_id)) return;
    await this.lifecycle.cancelUnpaid(tx, s.id, p.status === 'expired' ? 'Payment not completed in time' : `Payment ${p.status}`);
  }

  private async refundLatePayment(tx: EntityManager, s: SessionEntity, paymentId: string, ctx: EventContext): Promise<void> {
    // billing's refund is idempotent per payment: a redelivered event refunds once
    await this.rpc.request(billingInternal.refund.subject, {
      payment_id: paymentId,
      reason: 'session no longer held when the payment arrived',
      full: true,
    });
    if (s.paymentId === null || s.paymentId === paymentId) await this.sessions.recordLateRefund(tx, s.id, paymentId, s.amountMinor);
    ctx.log.info({ sessionId: s.id, paymentId }, 'late session payment refunded');
  }

  /** To its learner or its mentor; anyone else gets 404, as for a missing one. */
  private async visible(id: string): Promise<MentoringSession> {
    const row = await this.sessions.withNames(id);
    const me = currentCaller().userId;
    if (!row || (row.session.menteeId !== me && row.session.mentorId !== me)) throw sessionErrors.notFound();
    return toSession(row);
  }

  /** Mentoring's part of "Download my data": the sessions the person booked or held. */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    return { sessions: (await this.sessions.allForPerson(userId)).map(toSession) };
  }
}
