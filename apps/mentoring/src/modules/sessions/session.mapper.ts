import { money, type MentoringSession } from '@lp/contracts';
import type { SessionEntity } from '../../entities/session.entity.js';
import type { SessionRow } from './sessions.repository.js';

export const toSession = ({ session: s, mentorName, menteeName }: SessionRow): MentoringSession => ({
  id: s.id,
  title: s.title,
  description: s.description,
  scheduled_at: s.startsAt.toISOString(),
  ends_at: s.endsAt.toISOString(),
  duration_minutes: s.durationMinutes,
  status: s.status,
  mentor_id: s.mentorId,
  mentor_name: mentorName,
  mentee_id: s.menteeId,
  mentee_name: menteeName,
  total_amount: money(s.amountMinor, s.currency),
  meeting_link: s.meetingLink,
  rating: s.rating,
  review: s.review,
  payment_id: s.paymentId,
  hold_expires_at: s.status === 'scheduled' && s.holdExpiresAt ? s.holdExpiresAt.toISOString() : null,
  cancelled_by: s.cancelledBy,
  cancel_reason: s.cancelReason,
  refunded_minor: s.refundedMinor,
  created_at: s.createdAt.toISOString(),
});

/** The fields every session event carries. */
export const eventFields = (s: SessionEntity) => ({
  v: 1 as const,
  session_id: s.id,
  mentor_id: s.mentorId,
  mentee_id: s.menteeId,
  title: s.title,
  scheduled_at: s.startsAt.toISOString(),
  duration_minutes: s.durationMinutes,
  amount_minor: s.amountMinor,
  currency: s.currency,
});

/** hours x hourly rate, in minor units, rounded to the nearest (30 minutes of 45.55/h = 22.78) */
export const sessionAmountMinor = (hourlyRateMinor: number, durationMinutes: number): number =>
  Math.round((hourlyRateMinor * durationMinutes) / 60);
