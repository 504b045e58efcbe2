import { Inject, Injectable } from '@nestjs/common';
import { billingEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { AdminRepository, type StatDelta } from './admin.repository.js';

/** The metrics the admin's revenue figures read (`platform_stats`): cents of USD, and a count. */
export const REVENUE_METRICS = { revenue: 'revenue', sessionRevenue: 'session_revenue', paidSessions: 'paid_sessions' } as const;

type Payment = Pick<EventPayload<typeof billingEvents.paymentCompleted>, 'item_type' | 'amount_minor' | 'currency'>;

/** The month of an event's timestamp, `YYYY-MM` in UTC; an unreadable one falls back to when the event was written. */
function monthOf(iso: string, ctx: EventContext): string {
  for (const t of [iso, ctx.envelope.occurred_at]) {
    const d = new Date(t);
    if (!Number.isNaN(d.getTime())) return d.toISOString().slice(0, 7);
  }
  return new Date().toISOString().slice(0, 7);
}

/**
 * What a payment adds to the counters (`sign` -1 takes it off): its amount to `revenue`, and a
 * mentoring session's to `session_revenue` and one to `paid_sessions`, each for all time and
 * for `month`. USD is counted under the plain names (what the dollar figures read); another
 * currency under the names suffixed `:<currency>`, kept apart and never added to dollars.
 */
export function revenueDeltas(p: Payment, month: string, sign: 1 | -1): StatDelta[] {
  const suffix = p.currency === 'USD' ? '' : `:${p.currency}`;
  const counts: Array<[string, number]> = [[REVENUE_METRICS.revenue, p.amount_minor]];
  if (p.item_type === 'session') counts.push([REVENUE_METRICS.sessionRevenue, p.amount_minor], [REVENUE_METRICS.paidSessions, 1]);
  return counts.flatMap(([metric, value]) =>
    ['all', month].map((period) => ({ metric: `${metric}${suffix}`, period, delta: sign * value })),
  );
}

/**
 * Feeds the admin's revenue figures from billing's payment events, in the event's transaction
 * (the kit's inbox makes a redelivered event change nothing). Revenue is what payers paid
 * (gross, before the instructors' and mentors' shares), by the month of the payment's
 * completion. A refund takes the payment's amount off the total and off the month of the
 * refund (the event does not carry the completion's month, and a closed month's figure is
 * better left as it was reported): so a month's revenue is what was paid in it minus what
 * was given back in it.
 */
@Injectable()
export class BillingRevenueConsumer {
  constructor(@Inject(AdminRepository) private readonly stats: AdminRepository) {}

  @OnEvent(billingEvents.paymentCompleted)
  async paymentCompleted(p: EventPayload<typeof billingEvents.paymentCompleted>, ctx: EventContext): Promise<void> {
    await this.stats.add(entityManager(ctx.tx), revenueDeltas(p, monthOf(p.completed_at, ctx), 1));
  }

  @OnEvent(billingEvents.paymentRefunded)
  async paymentRefunded(p: EventPayload<typeof billingEvents.paymentRefunded>, ctx: EventContext): Promise<void> {
    await this.stats.add(entityManager(ctx.tx), revenueDeltas(p, monthOf(p.refunded_at, ctx), -1));
  }
}
