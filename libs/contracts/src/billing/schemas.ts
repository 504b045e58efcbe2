import { z } from 'zod';
import { IdSchema, IsoDate } from '../common/ids.js';
import { PAYMENT_ITEM_TYPES } from './events.js';
import { PlanUserTypeSchema, SubscriptionStatusSchema, type PlanUserType } from './plan-terms.js';
import { CurrencySchema, DEFAULT_CURRENCY, MoneySchema, hasAtMostTwoDecimals, majorAmount } from './money.js';

/**
 * Billing's shapes: wallet, transactions, payments and their providers, revenue shares and
 * earnings, pricing plans and subscriptions. Amounts are answered as MoneySchema (major units
 * for display, exact minor units, the currency); requests carry major units.
 */

// ---------- payment methods and providers ----------

/** Where money comes from: the wallet, or a provider's hosted checkout. */
export const PAYMENT_METHODS = ['wallet', 'chapa', 'telebirr', 'mpesa'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Choose a payment method: wallet, chapa, telebirr or mpesa' });
export const PROVIDER_METHODS = ['chapa', 'telebirr', 'mpesa'] as const;
export const ProviderMethodSchema = z.enum(PROVIDER_METHODS, { error: 'Choose a payment method: chapa, telebirr or mpesa' });
export type ProviderMethod = (typeof PROVIDER_METHODS)[number];
/** The providers whose webhooks we accept (each only while it carries a method): the local demo checkout, Chapa, telebirr, M-Pesa (Daraja). */
export const WEBHOOK_PROVIDERS = ['demo', 'chapa', 'telebirr', 'mpesa'] as const;
/** the payer's phone for M-Pesa's STK push (international format, digits) */
const PayerPhone = z
  .string()
  .trim()
  .max(20)
  .regex(/^\+?[0-9][0-9\s-]{8,18}$/, 'Enter a valid phone number')
  .optional();

// ---------- wallet ----------

export const WalletBalanceSchema = z.object({
  currency: CurrencySchema,
  balance: z.number(),
  balance_minor: z.number().int(),
  /** withdrawals on their way, already taken out of the balance */
  pending_withdrawals_minor: z.number().int(),
  /**
   * the part of the balance that came in through the demo checkout (development's play money,
   * directly or as a share of a sale paid with it): spendable, never withdrawable to a real payout method
   */
  demo_balance_minor: z.number().int(),
});
/** GET /wallet/balance: the default currency's figures at the top (spec: balance, currency), every currency held below. */
export const WalletResponse = WalletBalanceSchema.extend({ balances: z.array(WalletBalanceSchema) });
export type WalletResponse = z.infer<typeof WalletResponse>;

export const TRANSACTION_TYPES = ['payment', 'deposit', 'withdrawal', 'refund', 'earning'] as const;
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export const TransactionSchema = MoneySchema.extend({
  id: IdSchema,
  /** spec: payment, deposit, withdrawal, refund; `earning` is an instructor's or mentor's share of a sale */
  type: z.enum(TRANSACTION_TYPES),
  /** credit adds to the wallet, debit takes from it (a provider payment debits nothing of the wallet) */
  direction: z.enum(['credit', 'debit']),
  description: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  payment_method: z.string().nullable(),
  item_type: z.enum(PAYMENT_ITEM_TYPES).nullable(),
  item_id: z.string().nullable(),
  created_at: IsoDate,
  completed_at: IsoDate.nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;
export const TransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  currency: CurrencySchema.optional(),
});
export const TransactionsResponse = z.object({ transactions: z.array(TransactionSchema), total: z.number().int() });

export const TopUpRequest = z.object({
  amount: majorAmount(1),
  currency: CurrencySchema.default(DEFAULT_CURRENCY),
  payment_method: ProviderMethodSchema,
  /** M-Pesa only: the phone that gets the payment prompt */
  phone_number: PayerPhone,
});
/** A payment on its way through a provider: the browser goes to checkout_url. */
export const CheckoutReply = z.object({
  transaction_id: IdSchema,
  status: z.enum(['pending', 'completed']),
  checkout_url: z.string().nullable(),
  message: z.string(),
});

export const WITHDRAW_METHODS = ['mobile_money', 'bank'] as const;
export const MOBILE_MONEY_PROVIDERS = ['telebirr', 'mpesa'] as const;
export const WithdrawRequest = z
  .object({
    amount: majorAmount(1),
    currency: CurrencySchema.default(DEFAULT_CURRENCY),
    method: z.enum(WITHDRAW_METHODS, { error: 'Choose mobile money or bank' }),
    account_details: z
      .object({
        provider: z.enum(MOBILE_MONEY_PROVIDERS, { error: 'Choose telebirr or mpesa' }).optional(),
        phone_number: z.string().trim().max(20).optional(),
        bank_name: z.string().trim().max(120).optional(),
        account_number: z.string().trim().max(40).optional(),
        account_name: z.string().trim().max(120).optional(),
      })
      .default({}),
  })
  .superRefine((w, ctx) => {
    const d = w.account_details;
    if (w.method === 'mobile_money') {
      if (!d.provider) ctx.addIssue({ code: 'custom', path: ['account_details', 'provider'], message: 'Choose telebirr or mpesa' });
      if (!d.phone_number) ctx.addIssue({ code: 'custom', path: ['account_details', 'phone_number'], message: 'Phone number is required' });
      else if (!/^\+?[0-9]{9,15}$/.test(d.phone_number.replace(/[\s-]/g, '')))
        ctx.addIssue({ code: 'custom', path: ['account_details', 'phone_number'], message: 'Enter a valid phone number' });
    } else {
      if (!d.bank_name) ctx.addIssue({ code: 'custom', path: ['account_details', 'bank_name'], message: 'Bank name is required' });
      if (!d.account_number)
        ctx.addIssue({ code: 'custom', path: ['account_details', 'account_number'], message: 'Account number is required' });
    }
  });
export const WithdrawReply = z.object({ transaction_id: IdSchema, status: z.literal('pending'), message: z.string() });

// ---------- payments ----------

export const PaymentItemTypeSchema = z.enum(PAYMENT_ITEM_TYPES, {
  error: 'Item type must be course, session, subscription or institution_tier',
});
export type PaymentItemType = z.infer<typeof PaymentItemTypeSchema>;
export const InitiatePaymentRequest = z.object({
  /** what the browser believes the price is: ignored, the item's owner says the amount */
  amount: z.number().optional(),
  payment_method: PaymentMethodSchema,
  item_type: PaymentItemTypeSchema,
  item_id: IdSchema,
  /** a subscription's cycle (default: the plan's own) */
  billing_cycle: z.enum(['monthly', 'yearly']).optional(),
  /** M-Pesa only: the phone that gets the payment prompt */
  phone_number: PayerPhone,
});
/** `Idempotency-Key`: a retry with the same key answers the first answer; the same key with another body is refused. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 128 characters')
    .max(128, 'Idempotency-Key must be 8 to 128 characters')
    .optional(),
});
export const InitiatePaymentReply = CheckoutReply.extend(MoneySchema.shape);
export type InitiatePaymentReply = z.infer<typeof InitiatePaymentReply>;

/** The hosted checkout page of the local demo provider (a page the platform serves in the provider's place). */
export const DemoCheckoutSchema = MoneySchema.extend({
  reference: z.string(),
  provider: ProviderMethodSchema,
  description: z.string(),
  status: z.enum(['open', 'paid', 'cancelled', 'expired']),
  /** where the payer goes back to afterwards */
  return_url: z.string(),
});
export const DemoCheckoutParams = z.object({ reference: z.string().min(8).max(80) });
export const DemoCheckoutAction = z.object({ action: z.enum(['confirm', 'cancel'], { error: 'Action must be confirm or cancel' }) });
export const DemoCheckoutReply = z.object({ status: z.enum(['paid', 'cancelled']), return_url: z.string() });

export const WebhookParams = z.object({ provider: z.enum(WEBHOOK_PROVIDERS, { error: 'Unknown payment provider' }) });
export const WebhookHeaders = z.object({
  'x-demo-signature': z.string().max(200).optional(),
  'x-chapa-signature': z.string().max(200).optional(),
  'chapa-signature': z.string().max(200).optional(),
});
export const WebhookBody = z.string().max(64 * 1024);
export const WebhookReply = z.object({ received: z.literal(true), status: z.string() });

// ---------- revenue shares and earnings ----------

export const RECIPIENT_TYPES = ['instructor', 'mentor', 'institution'] as const;
export const RevenueShareSchema = z.object({
  id: IdSchema,
  recipient_type: z.enum(RECIPIENT_TYPES),
  item_type: z.enum(PAYMENT_ITEM_TYPES),
  item_id: z.string(),
  description: z.string(),
  currency: CurrencySchema,
  gross_amount: z.number(),
  recipient_amount: z.number(),
  recipient_amount_minor: z.number().int(),
  platform_fee: z.number(),
  platform_fee_percentage: z.number(),
  /** a refunded sale's share was reversed */
  reversed: z.boolean(),
  created_at: IsoDate,
});
export const EarningsPoint = z.object({ month: z.string(), course: z.number(), mentoring: z.number() });
export const EarningsResponse = z.object({
  currency: CurrencySchema,
  total_earned: z.number(),
  available_balance: z.number(),
  course_earnings: z.number(),
  mentor_earnings: z.number(),
  /** the latest 10 */
  revenue_shares: z.array(RevenueShareSchema),
  /** the last 12 months, oldest first, for the chart */
  monthly: z.array(EarningsPoint),
});

// ---------- pricing plans and subscriptions ----------

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export const BillingCycleSchema = z.enum(BILLING_CYCLES, { error: 'Billing cycle must be monthly or yearly' });

/**
 * The fixed feature choices per user type (spec: "12 choices each; the choices themselves: not
 * shown"). Chosen from what each role does on the platform; a plan lists some of them.
 */
export const PLAN_FEATURES: Record<PlanUserType, readonly string[]> = {
  instructor: [
    'Publish paid courses',
    'Quiz and exam builder',
    'Assignments and grading',
    'Course analytics',
    'Student messaging',
    'Certificates of completion',
    'AI exam generator',
    'Bulk lesson upload',
    'Knowledge hub resources',
    'Featured marketplace listing',
    'Revenue reports',
    'Priority support',
  ],
  mentor: [
    'Public mentor profile',
    'Paid one-to-one sessions',
    'Weekly availability schedule',
    'Time-off management',
    'Session notes',
    'Mentee progress tracking',
    'Resource library',
    'Business insights',
    'Video meeting links',
    'Featured mentor listing',
    'Earnings reports',
    'Priority support',
  ],
  institution: [
    'Institution portal',
    'Member management',
    'Bulk CSV enrollment',
    'Subsidiaries and hierarchy',
    'Institution analytics',
    'API keys',
    'White-label branding',
    'Custom subdomain',
    'Sub-leasing plans',
    'Cascade settings',
    'Faculty accounts',
    'Dedicated support',
  ],
};

const limit = z
  .number({ error: 'Limits must be whole numbers' })
  .int('Limits must be whole numbers')
  .positive('Limits must be positive')
  .nullable()
  .default(null);
/** Blank (null) means unlimited. */
export const PlanLimitsSchema = z.object({
  max_students: limit,
  max_faculty: limit,
  max_courses: limit,
  max_sessions_per_month: limit,
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

export const PricingPlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  user_type: PlanUserTypeSchema,
  /** USD (spec: "price (USD)") */
  price: z.number(),
  price_minor: z.number().int(),
  currency: CurrencySchema,
  billing_cycle: BillingCycleSchema,
  description: z.string(),
  features: z.array(z.string()),
  limits: PlanLimitsSchema,
  is_featured: z.boolean(),
  is_active: z.boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type PricingPlan = z.infer<typeof PricingPlanSchema>;

const planFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name cannot exceed 100 characters'),
  user_type: PlanUserTypeSchema,
  price: z
    .number({ error: 'Price is required' })
    .min(0, 'Price must be 0 or more')
    .max(1_000_000, 'Price cannot exceed 1,000,000')
    .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals'),
  billing_cycle: BillingCycleSchema.default('monthly'),
  description: z.string().trim().max(1000, 'Description cannot exceed 1000 characters').default(''),
  features: z.array(z.string()).min(1, 'Please select at least one feature'),
  limits: PlanLimitsSchema.default({ max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null }),
  is_featured: z.boolean().default(false),
};
const featuresOfType = (p: { user_type: PlanUserType; features: string[] }, ctx: z.RefinementCtx) => {
  const allowed = PLAN_FEATURES[p.user_type];
  p.features.forEach((f, i) => {
    if (!allowed.includes(f)) ctx.addIssue({ code: 'custom', path: ['features', i], message: `"${f}" is not a ${p.user_type} feature` });
  });
};
export const PricingPlanCreateRequest = z.object(planFields).superRefine(featuresOfType);
export const PricingPlanUpdateRequest = z.object({ ...planFields, is_active: z.boolean().default(true) }).superRefine(featuresOfType);
export const PricingPlansQuery = z.object({ user_type: PlanUserTypeSchema.optional() });
/** GET /admin/pricing-plans: grouped by user type */
export const PricingPlansGrouped = z.object({
  institution: z.array(PricingPlanSchema),
  mentor: z.array(PricingPlanSchema),
  instructor: z.array(PricingPlanSchema),
});

export const SubscriptionSchema = z.object({
  id: IdSchema,
  plan: PricingPlanSchema,
  status: SubscriptionStatusSchema,
  billing_cycle: BillingCycleSchema,
  current_period_start: IsoDate,
  current_period_end: IsoDate,
  /** cancelled: it stays until the period's end, then ends */
  cancel_at_period_end: z.boolean(),
  /** past due: when it expires unless a renewal succeeds */
  grace_until: IsoDate.nullable(),
  created_at: IsoDate,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const SubscriptionPlansQuery = z.object({ user_type: PlanUserTypeSchema.optional() });
export const CurrentSubscriptionResponse = z.object({ subscription: SubscriptionSchema.nullable() });
export const UsageResponse = z.object({
  plan_id: IdSchema.nullable(),
  current_usage: z.object({
    courses: z.number().int(),
    students: z.number().int(),
    faculty: z.number().int(),
    sessions_this_month: z.number().int(),
  }),
  limits: PlanLimitsSchema,
});
export const SubscribeRequest = z.object({
  plan_id: IdSchema,
  billing_cycle: BillingCycleSchema.optional(),
  payment_method: PaymentMethodSchema.default('wallet'),
});
export const SubscribeReply = CheckoutReply.extend({ subscription: SubscriptionSchema.nullable() });

// ---------- bus-only ----------

export const PayForItemRequest = z.object({
  user_id: IdSchema,
  item_type: PaymentItemTypeSchema,
  item_id: IdSchema,
  payment_method: PaymentMethodSchema,
  /** the owner's own key for this purchase (a retried booking pays once) */
  idempotency_key: z.string().min(8).max(128),
});
export const RefundRequest = z.object({
  payment_id: IdSchema,
  /** why, shown in both people's histories */
  reason: z.string().min(1).max(200),
  /** only the payer's share is refunded when false (a partial policy is the caller's to compute) */
  full: z.boolean().default(true),
});
export const RefundReply = z.object({
  refund_id: IdSchema,
  status: z.enum(['refunded', 'already_refunded']),
  amount_minor: z.number().int(),
});
/** A promotional credit (a referral's reward): the platform's promotions account pays it into the user's wallet, once per key. */
export const PROMOTION_REASONS = ['referral_reward'] as const;
export const CreditPromotionRequest = z.object({
  /** the caller's own id for this credit (a referral's id): the same key is paid once, however often it is asked */
  idempotency_key: z.string().min(8).max(128),
  user_id: IdSchema,
  amount_minor: z.number().int().positive().max(1_000_000),
  currency: CurrencySchema,
  reason: z.enum(PROMOTION_REASONS),
  /** shown in the user's wallet history */
  memo: z.string().trim().min(1).max(200),
});
export const CreditPromotionReply = z.object({
  transaction_id: IdSchema,
  /** false: this key was paid before (this call moved nothing) */
  credited: z.boolean(),
});
export const ProcessWithdrawalRequest = z.object({ transaction_id: IdSchema });
export const ProcessWithdrawalReply = z.object({ status: z.enum(['completed', 'failed', 'already_done']) });
export const MaintenanceRequest = z.object({});
export const MaintenanceReply = z.object({ processed: z.number().int() });
export const SeedWalletRequest = z.object({
  user_id: IdSchema,
  currency: CurrencySchema.default(DEFAULT_CURRENCY),
  /** the balance the demo account should end with at least */
  deposit_minor: z.number().int().positive(),
  description: z.string(),
});
export const SeedWalletReply = z.object({ balance_minor: z.number().int() });
