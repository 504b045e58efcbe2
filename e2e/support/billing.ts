import { expect, type APIRequestContext } from '@playwright/test';
import { loginViaApi } from './accounts.js';

/** Texts of the billing screens (apps/web/src/i18n/en-billing.json, en.json courseDetail). */
export const BILLING_TEXT = {
  paidEnrolled: 'Payment successful! You are now enrolled in the course!',
  topUpCompleted: (amount: string) => `Funds added! ${amount} is now in your wallet.`,
  topUpCancelled: 'Top-up failed: The payment was cancelled',
  subscribed: (plan: string) => `Subscription successful! You are now on the ${plan} plan.`,
  planCreated: 'Plan created successfully!',
  planUpdated: 'Plan updated successfully!',
  planDeleted: 'Plan deleted successfully!',
  deletePlanConfirm: 'Are you sure you want to delete this plan?',
  selectFeature: 'Please select at least one feature',
  walletInsufficient:
    'Your wallet balance is below the price, so the wallet cannot be used. Add funds on the Wallet page or choose another method.',
} as const;

/** The seeded admin (apps/identity/src/seed/identity-demo.ts; admins never self-register). */
export const SEEDED_ADMIN = { email: 'admin@learnhub.local', password: 'Password123!' } as const;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A token of the seeded admin, through POST /api/auth/login. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await loginViaApi(request, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  expect(login.status, `admin login: ${JSON.stringify(login.body)}`).toBe(200);
  return (login.body as { token: string }).token;
}

/** GET /api/payments/{id} until it leaves pending; answers its status. */
async function settledStatus(request: APIRequestContext, token: string, paymentId: string): Promise<string> {
  let status = 'pending';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/payments/${paymentId}`, { headers: bearer(token) });
        status = res.ok() ? ((await res.json()) as { status: string }).status : `http ${res.status()}`;
        return status;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .not.toBe('pending');
  return status;
}

/**
 * Tops a wallet up without the UI: POST /api/wallet/topup through the demo provider, the payer
 * confirms at its checkout with their session (POST /api/demo-checkout/{reference}), the signed webhook credits the
 * wallet; waits until the deposit is completed.
 */
export async function topUpViaApi(
  request: APIRequestContext,
  token: string,
  amount: number,
  method: 'chapa' | 'telebirr' | 'mpesa' = 'telebirr',
): Promise<void> {
  const res = await request.post('/api/wallet/topup', {
    headers: bearer(token),
    data: { amount, currency: 'USD', payment_method: method },
  });
  expect(res.status(), await res.text()).toBe(201);
  const reply = (await res.json()) as { transaction_id: string; checkout_url: string | null };
  expect(reply.checkout_url).toMatch(/\/demo-checkout\/[^/]+$/);
  const reference = decodeURIComponent(reply.checkout_url!.split('/demo-checkout/')[1]!);
  // the checkout is the payer's alone: their own session confirms it
  const act = await request.post(`/api/demo-checkout/${encodeURIComponent(reference)}`, {
    headers: bearer(token),
    data: { action: 'confirm' },
  });
  expect(act.status(), await act.text()).toBeLessThan(300);
  expect(await settledStatus(request, token, reply.transaction_id)).toBe('completed');
}

/** The balance of the default currency (USD) in minor units. */
export async function walletMinor(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/wallet/balance', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { balance_minor: number }).balance_minor;
}

/** An instructor's published paid course (POST /api/courses), answered by its id. */
export async function createPaidCourse(request: APIRequestContext, instructorToken: string, title: string, price: number): Promise<string> {
  const res = await request.post('/api/courses', {
    headers: bearer(instructorToken),
    data: { title, description: `A paid course of the billing journeys (${title}).`, price, is_published: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A learner buys a course from the wallet (POST /api/payments/initiate) and enrolls with the payment. */
export async function buyCourseWithWalletViaApi(request: APIRequestContext, learnerToken: string, courseId: string): Promise<void> {
  const pay = await request.post('/api/payments/initiate', {
    headers: bearer(learnerToken),
    data: { payment_method: 'wallet', item_type: 'course', item_id: courseId },
  });
  expect(pay.status(), await pay.text()).toBeLessThan(300);
  const reply = (await pay.json()) as { transaction_id: string; status: string };
  expect(reply.status).toBe('completed');
  // the payment's event enrolls the payer by itself; the enroll call naming it answers that enrollment (202 while on its way)
  await expect
    .poll(
      async () =>
        (
          await request.post(`/api/courses/${courseId}/enroll`, {
            headers: bearer(learnerToken),
            data: { payment_id: reply.transaction_id },
          })
        ).status(),
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(201);
}

export interface PlanInput {
  name: string;
  user_type: 'instructor' | 'mentor' | 'institution';
  price: number;
  features: string[];
  billing_cycle?: 'monthly' | 'yearly';
  description?: string;
}

/** POST /api/admin/pricing-plans as the admin; answers the plan's id. */
export async function createPlanViaApi(request: APIRequestContext, adminBearer: string, plan: PlanInput): Promise<string> {
  const res = await request.post('/api/admin/pricing-plans', { headers: bearer(adminBearer), data: plan });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
