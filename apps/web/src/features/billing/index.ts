/**
 * The billing feature's public entry: amounts in a currency, and the payment pieces other
 * features' checkouts (course enrolment, mentoring sessions, institution upgrades) are built from,
 * and the plan limits the admin's pricing screen shows.
 */
export { CheckoutRedirectNotice, useCheckoutRedirect } from './shared/checkout-redirect';
export { useMoney } from './shared/money';
export { shownLimits } from './subscriptions/usage';
export { PaymentMethodPicker, type PaymentMethod } from './shared/payment-method-picker';
export { usePaymentOutcomeMessage } from './shared/payment-outcome';
export { PaymentReturnNotice } from './shared/payment-return-notice';
export { PaymentSummary } from './shared/payment-summary';
export { useIdempotencyKey } from './shared/use-idempotency-key';
export { usePaymentReturn } from './shared/use-payment-return';
export { useWalletCover } from './shared/use-wallet-cover';
