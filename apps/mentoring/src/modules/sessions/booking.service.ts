import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  billingInternal,
  mentoringEvents,
  mentoringInternal,
  mentoringRoutes,
  money,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { RpcClient, writeEvent } from '@lp/bus';
import {
  Clock,
  ENV,
  Handles,
  HandlesInternal,
  UnitOfWork,
  currentCaller,
  isExclusionViolation,
  isRetryableConflict,
} from '@lp/service-kit';
import type { z } from 'zod';
import type { MentoringEnv } from '../../config/mentoring-env.js';
import { mentoringErrors } from '../../common/mentoring-errors.js';
import { AvailabilityRepository } from '../availability/availability.repository.js';
import { MentorProfilesRepository, type ProfileRow } from '../mentors/mentor-profiles.repository.js';
import { freeSlots, whyNotBookable, type Schedule } from './free-slots.js';
import { sessionErrors } from './session-errors.js';
import { eventFields, sessionAmountMinor, toSession } from './session.mapper.js';
import { SessionLifecycle } from './session-lifecycle.js';
import { SessionsRepository } from './sessions.repository.js';
import { localDay } from './zoned-time.js';

type R = typeof mentoringRoutes;
type PricingReq = z.infer<typeof mentoringInternal.sessionPricing.request>;
type PricingRes = z.infer<typeof mentoringInternal.sessionPricing.response>;

/**
 * Booking: the free times of a mentor, and a booking that holds its slot (the database
 * refuses a second holding session over the same time of one mentor, or of one learner) and
 * starts its payment through billing. The wallet pays at once (the session is confirmed in
 * the reply); a provider answers a checkout_url and billing's payment event confirms later.
 */
@Injectable()
export class BookingService {
  private readonly log = new Logger('booking');

  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(MentorProfilesRepository) private readonly profiles: MentorProfilesRepository,
    @Inject(AvailabilityRepository) private readonly availability: AvailabilityRepository,
    @Inject(SessionLifecycle) private readonly lifecycle: SessionLifecycle,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ENV) private readonly env: MentoringEnv,
  ) {}

  @Handles(mentoringRoutes.freeSlots)
  async freeSlots({ params, query }: RouteInput<R['freeSlots']>): Promise<RouteOutput<R['freeSlots']>> {
    const mentor = await this.bookableMentor(params.userId);
    const now = this.clock.now().getTime();
    const tz = mentor.profile.timezone;
    const from = query.from ?? localDay(now, tz).date;
    // a day either side of the window covers every time zone's idea of those days
    const windowStart = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000);
    const windowEnd = new Date(Date.parse(`${from}T00:00:00Z`) + (query.days + 1) * 86_400_000);
    const schedule = await this.schedule(mentor, windowStart, windowEnd);
    const slots = mentor.profile.isAcceptingBookings ? freeSlots(schedule, from, query.days, query.duration_minutes, now) : [];
    return {
      mentor_id: params.userId,
      timezone: tz,
      duration_minutes: query.duration_minutes,
      slots: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })),
    };
  }

  @Handles(mentoringRoutes.bookSession)
  async book({ body }: RouteInput<R['bookSession']>): Promise<RouteOutput<R['bookSession']>> {
    const caller = currentCaller();
    const mentor = await this.bookableMentor(body.mentor_id);
    if (!mentor.profile.isAcceptingBookings) throw sessionErrors.notAccepting();
    const now = this.clock.now();
    const start = Date.parse(body.scheduled_at);
    const end = start + body.duration_minutes * 60_000;
    // the time must fit the schedule; whether it is free is the database's to say, at insert
    const schedule = await this.schedule(mentor, new Date(start), new Date(end), false);
    const why = whyNotBookable(schedule, start, body.duration_minutes, now.getTime(), localDay(start, schedule.timeZone));
    if (why === 'too_soon') throw sessionErrors.tooSoon();
    if (why) throw sessionErrors.outside();
    const amountMinor = sessionAmountMinor(mentor.profile.hourlyRateMinor, body.duration_minutes);
    const free = amountMinor === 0;

    const hold = () =>
      this.uow.run(async (tx) => {
        // one booking of a mentor at a time: concurrent inserts under the exclusion constraint
        // would otherwise wait on each other's uncommitted rows and deadlock (PostgreSQL breaks
        // that after deadlock_timeout, a second each); the constraint stays the wall
        await this.profiles.lockForBooking(tx, body.mentor_id);
        const s = await this.sessions.insert(tx, {
          mentorId: body.mentor_id,
          menteeId: caller.userId,
          title: body.title,
          description: body.description,
          startsAt: new Date(start),
          endsAt: new Date(end),
          durationMinutes: body.duration_minutes,
          status: 'scheduled',
          amountMinor,
          currency: mentor.profile.currency,
          holdExpiresAt: new Date(now.getTime() + this.env.SESSION_HOLD_MINUTES * 60_000),
          meetingLink: null,
          confirmedAt: null,
        });
        await writeEvent(tx, mentoringEvents.sessionBooked, {
          ...eventFields(s),
          hold_expires_at: s.holdExpiresAt!.toISOString(),
          booked_at: now.toISOString(),
        });
        // a mentor who charges nothing: confirmed at once, nothing to pay
        return free ? ((await this.lifecycle.confirm(tx, s.id, null)) ?? s) : s;
      });
    let session;
    for (let attempt = 1; ; attempt++) {
      try {
        session = await hold();
        break;
      } catch (e) {
        if (isExclusionViolation(e, 'sessions_mentor_no_overlap')) throw sessionErrors.mentorTaken();
        if (isExclusionViolation(e, 'sessions_mentee_no_overlap')) throw sessionErrors.menteeBusy();
        // a learner booking two mentors' overlapping times at once may still deadlock on the learner's constraint: run again
        if (isRetryableConflict(e) && attempt < 3) continue;
        throw e;
      }
    }
    if (free) return this.reply(session.id, null, null, 'Session booked');

    let payment;
    try {
      payment = await this.rpc.request<z.infer<typeof billingInternal.payForItem.response>>(billingInternal.payForItem.subject, {
        user_id: caller.userId,
        item_type: 'session',
        item_id: session.id,
        payment_method: body.payment_method,
        idempotency_key: `session-booking:${session.id}`,
      });
    } catch (e) {
      // billing refused (e.g. 'Insufficient balance'): the slot is given back at once and the refusal answered as it is
      if (AppError.isAppError(e) && e.status < 500) {
        await this.lifecycle.release(session.id, `Payment could not start: ${e.detail}`);
        throw e;
      }
      this.log.warn(
        { sessionId: session.id, err: e },
        'billing did not answer the booking payment; the hold expires unless a payment arrives',
      );
      throw e;
    }
    await this.uow.run(async (tx) => {
      await this.sessions.setPayment(tx, session.id, payment.transaction_id);
      if (payment.status === 'completed') await this.lifecycle.confirm(tx, session.id, payment.transaction_id);
    });
    return this.reply(
      session.id,
      payment.transaction_id,
      payment.checkout_url ?? null,
      payment.status === 'completed' ? 'Session booked and paid' : 'Complete the payment at the checkout',
    );
  }

  /** Billing prices a session payment: the learner who booked it, the amount fixed at booking. */
  @HandlesInternal(mentoringInternal.sessionPricing)
  async pricing(req: PricingReq): Promise<PricingRes> {
    const s = await this.sessions.findById(req.session_id);
    if (!s || s.menteeId !== req.user_id) throw sessionErrors.notFound();
    return {
      session_id: s.id,
      title: s.title,
      mentor_id: s.mentorId,
      mentee_id: s.menteeId,
      amount_minor: s.amountMinor,
      currency: s.currency,
      status: s.status,
    };
  }

  private async reply(
    id: string,
    paymentId: string | null,
    checkoutUrl: string | null,
    message: string,
  ): Promise<RouteOutput<R['bookSession']>> {
    const row = (await this.sessions.withNames(id))!;
    const session = toSession(row);
    return {
      id,
      status: session.status,
      checkout_url: checkoutUrl,
      payment_id: paymentId,
      total_amount: money(row.session.amountMinor, row.session.currency),
      message,
      session,
    };
  }

  /** A published mentor whose account stands; "Mentor not found" otherwise. */
  private async bookableMentor(userId: string): Promise<ProfileRow> {
    const mentor = await this.profiles.find(userId);
    if (!mentor || !mentor.profile.isPublished || mentor.deleted) throw mentoringErrors.mentorNotFound();
    return mentor;
  }

  private async schedule(mentor: ProfileRow, from: Date, to: Date, withBusy = true): Promise<Schedule> {
    const mentorId = mentor.profile.userId;
    const [openings, daysOff, busy] = await Promise.all([
      this.availability.openings(mentorId),
      this.availability.allTimeOff(mentorId),
      withBusy ? this.sessions.busy(mentorId, from, to) : Promise.resolve([]),
    ]);
    return { timeZone: mentor.profile.timezone, openings, daysOff, busy };
  }
}
