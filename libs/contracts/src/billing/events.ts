import { z } from 'zod';
import { defineEvent } from '../common/event.js';

const service = 'billing' as const;

/** What a payment bought (POST /payments/initiate item_type, plus an institution tier upgrade). */
export const PAYMENT_ITEM_TYPES = ['course', 'session', 'subscription', 'institution_tier'] as const;

export const billingEvents = {
  paymentCompleted: defineEvent({
    name: 'billing.payment.completed', service,
    summary: 'A payment succeeded: catalog records it and enrolls the payer in a paid-for course, mentoring confirms the session, institution applies the upgrade',
    schema: z.object({
      v: z.literal(1),
      /** the transaction id answered by POST /payments/initiate */
      payment_id: z.string(),
      user_id: z.string(),
      item_type: z.enum(PAYMENT_ITEM_TYPES),
      item_id: z.string(),
      amount: z.number().min(0),
      currency: z.string().default('USD'),
      payment_method: z.string(),
      completed_at: z.string(),
    }),
  }),
} as const;
