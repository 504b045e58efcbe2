/**
 * Billing routes: wallet, transactions, payments (wallet or a provider's hosted checkout, the
 * provider's signed webhook), earnings, pricing plans and subscriptions.
 *
 * Besides ROUTES.md: GET /payments/{id} (the browser's view of one payment when it comes back
 * from a checkout), POST /subscriptions/cancel (spec: cancelling keeps it until the period
 * end), POST /payments/webhook/{provider} (the provider's server calls it, signed), and the
 * local demo provider's hosted checkout page (GET and POST /demo-checkout/{reference}): a
 * development door (never in production), for the payer's own session only.
 */
import { defineRoute } from '../common/route.js';
import { IdParams, MessageResponse } from '../common/ids.js';
import { defineInternal } from '../common/bus-access.js';
import * as s from './schemas.js';

const service = 'billing' as const;
const EARNERS = ['instructor', 'mentor'] as const;
const SUBSCRIBERS = ['instructor', 'mentor', 'institution'] as const;
const ADMIN = ['admin'] as const;

export const billingRoutes = {
  walletBalance: defineRoute({
    subject: 'billing.wallet.balance',
    service,
    method: 'GET',
    path: '/wallet/balance',
    guard: 'any',
    summary: "The caller's wallet: the balance in the default currency and in every currency held",
    response: s.WalletResponse,
  }),
  transactions: defineRoute({
    subject: 'billing.transaction.list',
    service,
    method: 'GET',
    path: '/transactions',
    guard: 'any',
    summary: "The caller's transactions, newest first, paged (limit 20 by default)",
    query: s.TransactionsQuery,
    response: s.TransactionsResponse,
  }),
  topUp: defineRoute({
    subject: 'billing.wallet.topup',
    service,
    method: 'POST',
    path: '/wallet/topup',
    guard: 'any',
    summary: 'Adds funds through a provider: answers the checkout to send the payer to; the wallet is credited when the provider confirms',
    body: s.TopUpRequest,
    headers: s.IdempotencyHeaders,
    response: s.CheckoutReply,
    successStatus: 201,
    rateLimit: { limit: 20, windowSeconds: 60, per: 'user' },
  }),
  withdraw: defineRoute({
    subject: 'billing.wallet.withdraw',
    service,
    method: 'POST',
    path: '/wallet/withdraw',
    guard: 'any',
    summary:
      'Withdraws to mobile money or a bank: the amount is held at once (never more than the balance, whatever runs concurrently) and a payout job completes it or gives it back',
    body: s.WithdrawRequest,
    headers: s.IdempotencyHeaders,
    response: s.WithdrawReply,
    successStatus: 201,
    rateLimit: { limit: 10, windowSeconds: 60, per: 'user' },
  }),
  initiatePayment: defineRoute({
    subject: 'billing.payment.initiate',
    service,
    method: 'POST',
    path: '/payments/initiate',
    guard: 'any',
    summary:
      "Pays for a course, a session or a subscription, from the wallet at once or through a provider's checkout; the amount is the item owner's price, never the browser's; idempotent per Idempotency-Key",
    body: s.InitiatePaymentRequest,
    headers: s.IdempotencyHeaders,
    response: s.InitiatePaymentReply,
  }),
  payment: defineRoute({
    subject: 'billing.payment.get',
    service,
    method: 'GET',
    path: '/payments/{id}',
    guard: 'any',
    summary: "One of the caller's transactions (the browser's view after a checkout)",
    params: IdParams,
    response: s.TransactionSchema,
  }),
  webhook: defineRoute({
    subject: 'billing.payment.webhook',
    service,
    method: 'POST',
    path: '/payments/webhook/{provider}',
    guard: 'public',
    summary:
      "A provider's signed notice of a payment: the signature is checked over the exact body, the payment verified with the provider, the amount compared, then the payment completes once",
    params: s.WebhookParams,
    headers: s.WebhookHeaders,
    body: s.WebhookBody,
    bodyKind: 'raw',
    response: s.WebhookReply,
    rateLimit: { limit: 300, windowSeconds: 60 },
  }),
  demoCheckout: defineRoute({
    subject: 'billing.demo-checkout.get',
    service,
    method: 'GET',
    path: '/demo-checkout/{reference}',
    guard: 'any',
    summary:
      "The local demo provider's hosted checkout (development only): what is being paid, shown to the payer alone (anyone else: 404)",
    params: s.DemoCheckoutParams,
    response: s.DemoCheckoutSchema,
    rateLimit: { limit: 120, windowSeconds: 60 },
    devDoor: true,
  }),
  demoCheckoutAct: defineRoute({
    subject: 'billing.demo-checkout.act',
    service,
    method: 'POST',
    path: '/demo-checkout/{reference}',
    guard: 'any',
    summary:
      'The payer, signed in, confirms or cancels at the demo checkout (development only; anyone else: 404); the demo provider then calls our webhook, signed, as a real provider would; the money it credits is demo funds',
    params: s.DemoCheckoutParams,
    body: s.DemoCheckoutAction,
    response: s.DemoCheckoutReply,
    rateLimit: { limit: 30, windowSeconds: 60 },
    devDoor: true,
  }),
  earnings: defineRoute({
    subject: 'billing.earnings.get',
    service,
    method: 'GET',
    path: '/revenue/earnings',
    guard: EARNERS,
    summary: 'Total earned, available balance, course and mentoring earnings, the latest 10 revenue shares and twelve months of earnings',
    response: s.EarningsResponse,
  }),
  subscriptionPlans: defineRoute({
    subject: 'billing.subscription.plans',
    service,
    method: 'GET',
    path: '/subscriptions/plans',
    guard: 'any',
    summary: "Active plans for the caller's role (an admin previews any user type; a learner gets none)",
    query: s.SubscriptionPlansQuery,
    response: s.PricingPlanSchema.array(),
  }),
  currentSubscription: defineRoute({
    subject: 'billing.subscription.current',
    service,
    method: 'GET',
    path: '/subscriptions/current',
    guard: 'any',
    summary: "The caller's subscription, or null",
    response: s.CurrentSubscriptionResponse,
  }),
  subscriptionUsage: defineRoute({
    subject: 'billing.subscription.usage',
    service,
    method: 'GET',
    path: '/subscriptions/usage',
    guard: 'any',
    summary: "What the caller uses against the plan's limits (null: unlimited)",
    response: s.UsageResponse,
  }),
  subscribe: defineRoute({
    subject: 'billing.subscription.subscribe',
    service,
    method: 'POST',
    path: '/subscriptions/subscribe',
    guard: SUBSCRIBERS,
    summary: "Subscribes to a plan of the caller's user type, paid from the wallet or through a provider; replaces the current plan",
    body: s.SubscribeRequest,
    headers: s.IdempotencyHeaders,
    response: s.SubscribeReply,
  }),
  cancelSubscription: defineRoute({
    subject: 'billing.subscription.cancel',
    service,
    method: 'POST',
    path: '/subscriptions/cancel',
    guard: SUBSCRIBERS,
    summary: 'Cancels at the period end: the plan stays until then and is not renewed',
    response: s.CurrentSubscriptionResponse,
  }),
  pricingPlans: defineRoute({
    subject: 'billing.pricing-plan.list',
    service,
    method: 'GET',
    path: '/pricing-plans',
    guard: ADMIN,
    summary: 'Every plan, active or not, of one user type or all',
    query: s.PricingPlansQuery,
    response: s.PricingPlanSchema.array(),
  }),
  adminPricingPlans: defineRoute({
    subject: 'billing.pricing-plan.grouped',
    service,
    method: 'GET',
    path: '/admin/pricing-plans',
    guard: ADMIN,
    summary: 'Every plan grouped by user type (institution, mentor, instructor)',
    response: s.PricingPlansGrouped,
  }),
  createPricingPlan: defineRoute({
    subject: 'billing.pricing-plan.create',
    service,
    method: 'POST',
    path: '/admin/pricing-plans',
    guard: ADMIN,
    summary: 'Creates a plan',
    body: s.PricingPlanCreateRequest,
    response: s.PricingPlanSchema,
    successStatus: 201,
  }),
  updatePricingPlan: defineRoute({
    subject: 'billing.pricing-plan.update',
    service,
    method: 'PUT',
    path: '/admin/pricing-plans/{id}',
    guard: ADMIN,
    summary: 'Changes a plan (subscribers keep the price they paid until their renewal)',
    params: IdParams,
    body: s.PricingPlanUpdateRequest,
    response: s.PricingPlanSchema,
  }),
  deletePricingPlan: defineRoute({
    subject: 'billing.pricing-plan.delete',
    service,
    method: 'DELETE',
    path: '/admin/pricing-plans/{id}',
    guard: ADMIN,
    summary: 'Deletes a plan nobody is subscribed to (409 otherwise: deactivate it instead)',
    params: IdParams,
    response: MessageResponse,
  }),
} as const;

/** Bus-only subjects: the worker's jobs, mentoring's refunds, gamification's promotional credits, the demo-data seed. */
export const billingInternal = {
  /** a payment started by the item's owner for its buyer (mentoring: a booked session; institution: a tier upgrade), as POST /payments/initiate would */
  payForItem: defineInternal({
    subject: 'billing.payment.pay-for-item',
    request: s.PayForItemRequest,
    response: s.InitiatePaymentReply,
    callers: ['mentoring', 'institution'],
  }),
  /** a payment given back (mentoring: a cancelled session), its revenue share reversed */
  refund: defineInternal({
    subject: 'billing.payment.refund',
    request: s.RefundRequest,
    response: s.RefundReply,
    callers: ['mentoring', 'institution'],
  }),
  /** the payout job: completes a held withdrawal or gives the hold back */
  processWithdrawal: defineInternal({
    subject: 'billing.withdrawal.process',
    request: s.ProcessWithdrawalRequest,
    response: s.ProcessWithdrawalReply,
    callers: ['worker'],
  }),
  /** scheduled: pending payments past their life expire */
  expirePending: defineInternal({
    subject: 'billing.maintenance.expire-pending',
    request: s.MaintenanceRequest,
    response: s.MaintenanceReply,
    callers: ['worker'],
  }),
  /** scheduled: stale pending payments are asked about at their provider */
  reverifyPending: defineInternal({
    subject: 'billing.maintenance.reverify-pending',
    request: s.MaintenanceRequest,
    response: s.MaintenanceReply,
    callers: ['worker'],
  }),
  /** scheduled: subscriptions at their period end renew, fall past due or expire */
  renewSubscriptions: defineInternal({
    subject: 'billing.maintenance.renew-subscriptions',
    request: s.MaintenanceRequest,
    response: s.MaintenanceReply,
    callers: ['worker'],
  }),
  /** a promotional credit (gamification: a referral's reward) from the platform's promotions account to a wallet, once per idempotency key */
  creditPromotion: defineInternal({
    subject: 'billing.promotion.credit',
    request: s.CreditPromotionRequest,
    response: s.CreditPromotionReply,
    callers: ['gamification'],
  }),
  /** demo data: a deposit so a demo wallet holds at least the amount; idempotent by (user, description) */
  seedWallet: defineInternal({
    subject: 'billing.seed.wallet',
    request: s.SeedWalletRequest,
    response: s.SeedWalletReply,
    callers: ['seed'],
    devOnly: true,
  }),
} as const;

export type BillingRoutes = typeof billingRoutes;
