import { z } from 'zod';
import { defineEvent } from '../common/event.js';

const service = 'mentoring' as const;

const sessionFields = {
  v: z.literal(1),
  session_id: z.string(),
  mentor_id: z.string(),
  mentee_id: z.string(),
  title: z.string(),
  scheduled_at: z.string(),
  duration_minutes: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
};

/** Mentoring's events: profiles, and each step of a session's life. */
export const mentoringEvents = {
  profileUpdated: defineEvent({
    name: 'mentoring.profile.updated',
    service,
    summary: "A mentor saved the profile: the hourly rate and whether bookings are accepted (for the dashboards' figures)",
    schema: z.object({
      v: z.literal(1),
      mentor_id: z.string(),
      hourly_rate_minor: z.number().int(),
      currency: z.string(),
      is_accepting_bookings: z.boolean(),
      updated_at: z.string(),
    }),
  }),
  sessionBooked: defineEvent({
    name: 'mentoring.session.booked',
    service,
    summary: 'A learner booked a session: the slot is held while the payment completes',
    schema: z.object({ ...sessionFields, hold_expires_at: z.string(), booked_at: z.string() }),
  }),
  sessionConfirmed: defineEvent({
    name: 'mentoring.session.confirmed',
    service,
    summary: "A session's payment completed: the session is confirmed with its meeting link",
    schema: z.object({ ...sessionFields, payment_id: z.string(), meeting_link: z.string(), confirmed_at: z.string() }),
  }),
  sessionCompleted: defineEvent({
    name: 'mentoring.session.completed',
    service,
    summary: "A confirmed session reached its end (the scheduled job): it counts in the mentor's sessions and can be rated",
    schema: z.object({ ...sessionFields, completed_at: z.string() }),
  }),
  sessionCancelled: defineEvent({
    name: 'mentoring.session.cancelled',
    service,
    summary: 'A session was cancelled by its learner or mentor, or by the system (its payment failed or never came), or marked no_show',
    schema: z.object({
      ...sessionFields,
      status: z.enum(['cancelled', 'no_show']),
      cancelled_by: z.enum(['mentee', 'mentor', 'system']),
      reason: z.string(),
      refunded_minor: z.number().int().nullable(),
      cancelled_at: z.string(),
    }),
  }),
  sessionRated: defineEvent({
    name: 'mentoring.session.rated',
    service,
    summary: "A learner rated a completed session; the mentor's rating follows",
    schema: z.object({
      ...sessionFields,
      rating: z.number().int(),
      mentor_rating: z.number(),
      mentor_rating_count: z.number().int(),
      rated_at: z.string(),
    }),
  }),
} as const;
