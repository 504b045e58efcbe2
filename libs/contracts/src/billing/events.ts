import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { PlanLimitsWire, PlanUserTypeSchema, SubscriptionStatusSchema } from './plan-terms.js';

const service = 'billing' as const;

/** What a payment bought (POST /payments/initiate item_type, plus an institution tier upgrade). */
export const PAYMENT_ITEM_TYPES = ['course', 'session', 'subscription', 'institution_tier'] as const;

const payment = {
  v: z.literal(1),
  /** the transaction id answered by POST /payments/initiate */
  payment_id: z.string(),
  user_id: z.string(),
  item_type: z.enum(PAYMENT_ITEM_TYPES),
  item_id: z.string(),
  /** major units (10.5), kept for the consumers that show it */
  amount: z.number().min(0),
  /** the exact amount, integer minor units */
  amount_minor: z.number().int().min(0),
  currency: z.string().default('USD'),
  payment_method: z.string(),
};

export const billingEvents = {
  paymentCompleted: defineEvent({
    name: 'billing.payment.completed',
    service,
    summary:
      'A payment succeeded: catalog records it and enrolls the payer in a paid-for course, identity counts the revenue, mentoring confirms the session, institution applies the upgrade',
    schema: z.object({ ...payment, completed_at: z.string() }),
  }),
  paymentFailed: defineEvent({
    name: 'billing.payment.failed',
    service,
    summary:
      'A provider payment failed, was cancelled at the checkout or expired unpaid: whoever holds something for it (a booked slot) lets it go',
    schema: z.object({ ...payment, status: z.enum(['failed', 'cancelled', 'expired']), failed_at: z.string() }),
  }),
  paymentRefunded: defineEvent({
    name: 'billing.payment.refunded',
    service,
    summary: "A completed payment was refunded to the payer's wallet and its revenue share reversed: identity takes it off the revenue",
    schema: z.object({ ...payment, refund_id: z.string(), reason: z.string(), refunded_at: z.string() }),
  }),
  withdrawalSettled: defineEvent({
    name: 'billing.withdrawal.settled',
    service,
    summary:
      "A withdrawal's payout settled: paid out on its rail, or refused by it and the amount given back to the wallet (the payout job, once per withdrawal)",
    schema: z.object({
      v: z.literal(1),
      /** the transaction id answered by POST /wallet/withdraw */
      transaction_id: z.string(),
      user_id: z.string(),
      amount_minor: z.number().int().min(0),
      currency: z.string(),
      status: z.enum(['paid', 'refused']),
      /** where it went, as the wallet's transactions say it ("Withdrawal to Telebirr +2519…") */
      description: z.string(),
      settled_at: z.string(),
    }),
  }),
  subscriptionChanged: defineEvent({
    name: 'billing.subscription.changed',
    service,
    summary:
      "A subscription started, renewed, fell past due, was cancelled or expired: the plan's limits for the services that enforce them (catalog: max_courses)",
    schema: z.object({
      v: z.literal(1),
      subscription_id: z.string(),
      user_id: z.string(),
      user_type: PlanUserTypeSchema,
      plan_id: z.string(),
      plan_name: z.string(),
      status: SubscriptionStatusSchema,
      /** the limits in force now (all null when the subscription no longer grants any) */
      limits: PlanLimitsWire,
      current_period_end: z.string(),
      changed_at: z.string(),
    }),
  }),
} as const;
