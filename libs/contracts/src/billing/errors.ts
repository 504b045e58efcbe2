import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code billing answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const BillingErrorCode = errorCodes(
  'INSUFFICIENT_BALANCE',
  'PAYMENT_NOT_FOUND',
  'ITEM_NOT_FOUND',
  'ITEM_NOT_FOR_SALE',
  'OWN_ITEM',
  'ALREADY_PAID',
  'IDEMPOTENCY_KEY_REUSED',
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYMENT_AMOUNT_MISMATCH',
  'CHECKOUT_CLOSED',
  'PROVIDER_UNAVAILABLE',
  'PAYMENT_METHOD_UNAVAILABLE',
  'PLAN_NOT_FOUND',
  'PLAN_NOT_FOR_ROLE',
  'PLAN_IN_USE',
  'ALREADY_SUBSCRIBED',
  'SUBSCRIPTION_NOT_FOUND',
  'NOT_REFUNDABLE',
  /** 422: money that came in through the demo checkout (not real) asked out to a real payout rail */
  'DEMO_FUNDS_NOT_WITHDRAWABLE',
);
export type BillingErrorCode = ErrorCodeOf<typeof BillingErrorCode>;
