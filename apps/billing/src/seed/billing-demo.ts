import type { z } from 'zod';
import { billingInternal, billingRoutes as r, PLAN_FEATURES, toMinor, type Currency, type Role } from '@lp/contracts';
import { SeedError, demoCourse, demoUser, pollWhile, type SeedContext, type Seeder } from '@lp/service-kit';

type PlanUserType = keyof z.infer<typeof r.adminPricingPlans.response>;

/**
 * Pricing plans, two per user type (names are the identity the seed checks for). Prices are
 * USD; limits left out are unlimited. Features are among PLAN_FEATURES of their user type.
 */
export const demoPlans: ReadonlyArray<z.input<typeof r.createPricingPlan.body> & { name: string; user_type: PlanUserType }> = [
  {
    name: 'Starter',
    user_type: 'instructor',
    price: 9.99,
    billing_cycle: 'monthly',
    description: 'Publish paid courses and build quizzes: for instructors starting out.',
    features: [
      'Publish paid courses',
      'Quiz and exam builder',
      'Assignments and grading',
      'Student messaging',
      'Certificates of completion',
    ],
    limits: { max_courses: 10 },
    is_featured: false,
  },
  {
    name: 'Professional',
    user_type: 'instructor',
    price: 29.99,
    billing_cycle: 'monthly',
    description: 'Unlimited courses, analytics, the AI exam generator and a featured listing.',
    features: [
      'Publish paid courses',
      'Quiz and exam builder',
      'Assignments and grading',
      'Course analytics',
      'Student messaging',
      'Certificates of completion',
      'AI exam generator',
      'Bulk lesson upload',
      'Featured marketplace listing',
      'Revenue reports',
      'Priority support',
    ],
    limits: {},
    is_featured: true,
  },
  {
    name: 'Basic',
    user_type: 'mentor',
    price: 14.99,
    billing_cycle: 'monthly',
    description: 'A public profile and paid one-to-one sessions on your own schedule.',
    features: ['Public mentor profile', 'Paid one-to-one sessions', 'Weekly availability schedule', 'Session notes', 'Video meeting links'],
    limits: { max_sessions_per_month: 20 },
    is_featured: false,
  },
  {
    name: 'Pro',
    user_type: 'mentor',
    price: 39.99,
    billing_cycle: 'monthly',
    description: 'Unlimited sessions, mentee tracking, business insights and a featured listing.',
    features: [
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
    ],
    limits: {},
    is_featured: true,
  },
  {
    name: 'Campus',
    user_type: 'institution',
    price: 199,
    billing_cycle: 'monthly',
    description: 'An institution portal for one campus: members, bulk enrollment and analytics.',
    features: ['Institution portal', 'Member management', 'Bulk CSV enrollment', 'Institution analytics', 'Faculty accounts'],
    limits: { max_students: 1000, max_faculty: 50 },
    is_featured: false,
  },
  {
    name: 'Enterprise',
    user_type: 'institution',
    price: 499,
    billing_cycle: 'monthly',
    description: 'Subsidiaries, API keys, white-label branding and dedicated support for large institutions.',
    // every feature an institution plan can name
    features: [...PLAN_FEATURES.institution],
    limits: { max_students: 10000, max_faculty: 500 },
    is_featured: true,
  },
];

/**
 * Demo wallets: one deposit each (`billing.seed.wallet` makes it once per user and description).
 * It is not real money: it comes in through the demo provider's clearing, so the ledger marks it
 * demo funds (spendable; withdrawable only on the demo payout rail, which development uses).
 */
export const demoWallets: ReadonlyArray<{ role: Role; currency: Currency; amount: number; description: string }> = [
  { role: 'learner', currency: 'USD', amount: 250, description: 'Wallet top-up via telebirr' },
  { role: 'learner', currency: 'ETB', amount: 1500, description: 'Wallet top-up via telebirr (birr)' },
  { role: 'instructor', currency: 'USD', amount: 40, description: 'Wallet top-up via telebirr' },
  { role: 'mentor', currency: 'USD', amount: 60, description: 'Wallet top-up via telebirr' },
  { role: 'institution', currency: 'USD', amount: 500, description: 'Wallet top-up via telebirr' },
];

/** The paid demo course the demo learner buys from her wallet (the catalog seed does not enroll her in it). */
const PURCHASED_COURSE = 'Modern Web Development with React';
/** The plan the demo instructor is subscribed to. */
const INSTRUCTOR_PLAN = 'Starter';
/** The demo learner's withdrawal of demo funds (the worker's payout job completes it on the demo rail, development's default for telebirr). */
const DEMO_WITHDRAWAL: z.input<typeof r.withdraw.body> = {
  amount: 25,
  currency: 'USD',
  method: 'mobile_money',
  account_details: { provider: 'telebirr', phone_number: '+251911234567' },
};

/**
 * billing: pricing plans for every user type (as the demo admin), the demo wallets, the demo
 * learner's purchase of a paid course from her wallet (the instructor's revenue share; catalog
 * enrolls her from the payment event), the demo instructor on the Starter plan, and a
 * withdrawal of the learner's paid out by the worker. Each step reads first (plans, the
 * current subscription, the transactions) or is idempotent (seed deposits by description,
 * payments by a fixed Idempotency-Key), so seeding twice changes nothing.
 */
async function seedBilling(ctx: SeedContext): Promise<void> {
  const admin = demoUser(ctx, 'admin', 'billing');
  const learner = demoUser(ctx, 'learner', 'billing');
  const instructor = demoUser(ctx, 'instructor', 'billing');
  const course = demoCourse(ctx, PURCHASED_COURSE, 'billing');
  const asLearner = ctx.as(learner, 'learner');

  // --- pricing plans
  const grouped = await ctx.call(r.adminPricingPlans, {}, ctx.as(admin, 'admin'));
  const plans = new Map<string, { id: string }>();
  for (const def of demoPlans) {
    let plan = grouped[def.user_type].find((p) => p.name === def.name);
    const created = !plan;
    if (!plan) plan = await ctx.call(r.createPricingPlan, { body: def }, ctx.as(admin, 'admin'));
    plans.set(`${def.user_type}:${def.name}`, plan);
    ctx.log(`billing: ${def.user_type} plan "${def.name}" ($${def.price}/${def.billing_cycle}) ${created ? 'created' : 'already there'}`);
  }

  // --- wallets
  for (const w of demoWallets) {
    const user = demoUser(ctx, w.role, 'billing');
    const { balance_minor } = await ctx.request(billingInternal.seedWallet, {
      user_id: user.id,
      currency: w.currency,
      deposit_minor: toMinor(w.amount, w.currency),
      description: w.description,
    });
    ctx.log(
      `billing: ${user.email} deposit "${w.description}" (${w.currency} ${w.amount}, made once): balance now ${w.currency} ${(balance_minor / 100).toFixed(2)}`,
    );
  }

  // --- the learner buys a paid course from her wallet (read first; the fixed key covers a retried run)
  const { transactions } = await ctx.call(r.transactions, { query: { limit: 100 } }, asLearner);
  const bought = transactions.find(
    (t) => t.type === 'payment' && t.item_type === 'course' && t.item_id === course.id && t.status === 'completed',
  );
  if (bought) ctx.log(`billing: ${learner.email} already bought "${PURCHASED_COURSE}"`);
  else {
    try {
      const paid = await ctx.call(
        r.initiatePayment,
        {
          body: { payment_method: 'wallet', item_type: 'course', item_id: course.id },
          headers: { 'idempotency-key': `seed-paid-course-${course.id}` },
        },
        asLearner,
      );
      ctx.log(
        `billing: ${learner.email} bought "${PURCHASED_COURSE}" from her wallet ($${paid.amount}, ${paid.status}); ${instructor.email} earns his share`,
      );
    } catch (e) {
      if (!(e instanceof SeedError) || !['ALREADY_ENROLLED', 'ALREADY_PAID'].includes(e.code ?? '')) throw e;
      ctx.log(`billing: ${learner.email} already in "${PURCHASED_COURSE}": not bought again`);
    }
  }

  // --- the instructor on the Starter plan (a plan chosen since, in the app, is left as it is)
  const asInstructor = ctx.as(instructor, 'instructor');
  const { subscription } = await ctx.call(r.currentSubscription, {}, asInstructor);
  const starter = plans.get(`instructor:${INSTRUCTOR_PLAN}`)!;
  if (subscription) {
    ctx.log(`billing: ${instructor.email} already subscribed to "${subscription.plan.name}" (${subscription.status})`);
  } else {
    const reply = await ctx.call(
      r.subscribe,
      {
        body: { plan_id: starter.id, payment_method: 'wallet' },
        headers: { 'idempotency-key': `seed-subscribe-${starter.id}-${new Date().toISOString().slice(0, 10)}` },
      },
      asInstructor,
    );
    ctx.log(`billing: ${instructor.email} subscribed to "${INSTRUCTOR_PLAN}" from his wallet (${reply.status})`);
  }

  // --- a withdrawal of the learner's, once (the worker's payout job completes it)
  const prior = transactions.find((t) => t.type === 'withdrawal');
  if (prior) {
    ctx.log(`billing: ${learner.email} withdrawal "${prior.description}" already there (${prior.status})`);
  } else {
    const { transaction_id } = await ctx.call(
      r.withdraw,
      { body: DEMO_WITHDRAWAL, headers: { 'idempotency-key': `seed-withdrawal-${learner.id}` } },
      asLearner,
    );
    // the payout runs in the worker: say how far it got, without waiting on it for long
    const status = await pollWhile(
      async () => (await ctx.call(r.payment, { params: { id: transaction_id } }, asLearner)).status,
      'pending',
      (s) => s === 'pending',
      20,
      250,
    );
    ctx.log(
      `billing: ${learner.email} withdrew $${DEMO_WITHDRAWAL.amount} to telebirr (${status === 'pending' ? 'pending: the worker pays it out' : status})`,
    );
  }
}

export const seeder: Seeder = { area: 'billing', run: seedBilling };
