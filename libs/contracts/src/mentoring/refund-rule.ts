import { FULL_REFUND_HOURS, type SessionStatus } from './schemas.js';

/**
 * The refund rule of a cancelled session, in one place for the service that applies it and the
 * screens that announce it: nothing was paid for a `scheduled` booking (it only frees its time);
 * a mentor cancelling gives the whole amount back; a learner cancelling at least
 * FULL_REFUND_HOURS before the start too; later, nothing. Answers minor units.
 */
export function refundOnCancel(
  s: { status: SessionStatus; amountMinor: number; startsAt: Date },
  who: 'mentee' | 'mentor',
  now: Date,
): number {
  if (s.status !== 'confirmed') return 0;
  if (who === 'mentor') return s.amountMinor;
  return s.startsAt.getTime() - now.getTime() >= FULL_REFUND_HOURS * 3_600_000 ? s.amountMinor : 0;
}
