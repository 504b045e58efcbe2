import { AppError, BillingErrorCode, CatalogErrorCode } from '@lp/contracts';

/** Every error billing answers with on purpose; its codes are declared in @lp/contracts (BillingErrorCode). */
export const billingErrors = {
  /** the spec's text, field-named so the withdraw form shows it under the amount */
  insufficientBalance: () =>
    new AppError(422, BillingErrorCode.INSUFFICIENT_BALANCE, 'Insufficient balance', [{ path: 'amount', message: 'Insufficient balance' }]),
  paymentNotFound: () => AppError.notFound('Payment not found', BillingErrorCode.PAYMENT_NOT_FOUND),
  itemNotFound: (what: string) => AppError.notFound(`${what} not found`, BillingErrorCode.ITEM_NOT_FOUND),
  notForSale: (detail: string) => AppError.rule(BillingErrorCode.ITEM_NOT_FOR_SALE, detail),
  ownItem: (detail: string) => AppError.rule(BillingErrorCode.OWN_ITEM, detail),
  alreadyPaid: () => AppError.conflict(BillingErrorCode.ALREADY_PAID, 'You have already paid for this'),
  /** catalog's code: the buyer is enrolled already (bought before, or enrolled another way) */
  alreadyEnrolled: () => AppError.conflict(CatalogErrorCode.ALREADY_ENROLLED, 'You are already enrolled in this course'),
  idempotencyKeyReused: () =>
    AppError.rule(BillingErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was already used for a different request'),
  badSignature: () => AppError.unauthenticated('The webhook signature is not valid', BillingErrorCode.WEBHOOK_SIGNATURE_INVALID),
  amountMismatch: () => AppError.rule(BillingErrorCode.PAYMENT_AMOUNT_MISMATCH, 'The amount paid does not match the payment'),
  checkoutClosed: () => AppError.conflict(BillingErrorCode.CHECKOUT_CLOSED, 'This checkout is closed'),
  providerUnavailable: (detail = 'The payment provider did not answer. Please try again.') =>
    new AppError(502, BillingErrorCode.PROVIDER_UNAVAILABLE, detail),
  methodUnavailable: (method: string) =>
    AppError.rule(BillingErrorCode.PAYMENT_METHOD_UNAVAILABLE, `Payments with ${method} are not available`),
  currencyNotAccepted: (provider: string, currency: string) =>
    new AppError(422, BillingErrorCode.PAYMENT_METHOD_UNAVAILABLE, `${provider} takes payments in ${currency} only`, [
      { path: 'currency', message: `${provider} takes ${currency} only` },
    ]),
  wholeAmountOnly: (provider: string) =>
    new AppError(422, BillingErrorCode.PAYMENT_METHOD_UNAVAILABLE, `${provider} takes whole amounts only (no cents)`, [
      { path: 'amount', message: 'Whole amounts only' },
    ]),
  phoneRequired: (provider: string) =>
    new AppError(
      422,
      BillingErrorCode.PAYMENT_METHOD_UNAVAILABLE,
      `${provider} needs the phone number to send the payment prompt to, in international format (e.g. 2517XXXXXXXX)`,
      [{ path: 'phone_number', message: 'Enter the phone number in international format' }],
    ),
  /** the withdrawal would take money that came in through the demo checkout out to a real payout rail */
  demoFundsNotWithdrawable: (available: string) =>
    new AppError(
      422,
      BillingErrorCode.DEMO_FUNDS_NOT_WITHDRAWABLE,
      `Money that came in through the demo checkout is not real and cannot be withdrawn to a real payout method. Withdrawable here: ${available}`,
      [{ path: 'amount', message: `Demo funds cannot be withdrawn here; withdrawable: ${available}` }],
    ),
  payoutMethodUnavailable: (method: string) =>
    AppError.rule(BillingErrorCode.PAYMENT_METHOD_UNAVAILABLE, `Withdrawals to ${method} are not available`),
  planNotFound: () => AppError.notFound('Plan not found', BillingErrorCode.PLAN_NOT_FOUND),
  planNotForRole: () => AppError.rule(BillingErrorCode.PLAN_NOT_FOR_ROLE, 'This plan is not for your account type'),
  planInUse: () => AppError.conflict(BillingErrorCode.PLAN_IN_USE, 'This plan has subscribers; deactivate it instead of deleting it'),
  alreadySubscribed: () => AppError.conflict(BillingErrorCode.ALREADY_SUBSCRIBED, 'You are already subscribed to this plan'),
  subscriptionNotFound: () => AppError.notFound('You have no subscription', BillingErrorCode.SUBSCRIPTION_NOT_FOUND),
  notRefundable: (detail: string) => AppError.rule(BillingErrorCode.NOT_REFUNDABLE, detail),
  planPaymentPending: () =>
    AppError.conflict(BillingErrorCode.PLAN_IN_USE, 'A payment for this plan is on its way; deactivate the plan instead of deleting it'),
  planUserTypeInUse: () =>
    AppError.conflict(BillingErrorCode.PLAN_IN_USE, 'This plan has subscribers: its user type cannot change', [
      { path: 'user_type', message: 'This plan has subscribers: its user type cannot change' },
    ]),
} as const;
