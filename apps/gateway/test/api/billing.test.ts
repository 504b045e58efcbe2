import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  billingRoutes,
  fillPath,
  identityInternal,
  type AnyRoute,
  type Course,
  type InitiatePaymentReply,
  type PricingPlan,
  type Subscription,
  type Transaction,
  type User,
  type WalletResponse,
} from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

/**
 * Billing through the gateway: every billing route over HTTP, as the SPA and the providers
 * call it, with its refusals (401, 403, 400 with the fields named, 404, 409, 422) and the main
 * ways money moves: a top-up through the demo provider's hosted checkout, a course paid from
 * the wallet (the instructor's share), a withdrawal, the signed webhook, plans and subscriptions.
 */

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };
type Checkout = { transaction_id: string; status: 'pending' | 'completed'; checkout_url: string | null; message: string };
type SubscribeReply = Checkout & { subscription: Subscription | null };
type Earnings = {
  currency: string;
  total_earned: number;
  available_balance: number;
  course_earnings: number;
  mentor_earnings: number;
  revenue_shares: Array<Record<string, unknown>>;
  monthly: Array<{ month: string; course: number; mentoring: number }>;
};

const PASSWORD = 'secret-pass-1';
const SAMPLE_ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';
const DEMO_SECRET = 'demo-provider-secret-for-development-only';
const sign = (body: string, secret = DEMO_SECRET) => createHmac('sha256', secret).update(body, 'utf8').digest('hex');
const referenceOf = (url: string | null) => decodeURIComponent(url!.split('/demo-checkout/')[1]!);

jest.setTimeout(60_000);

describe('billing through the gateway', () => {
  let stack: Stack;
  let bus: RpcClient;
  let closeBus: () => Promise<void>;
  let admin: Auth;

  const register = async (role: 'learner' | 'instructor' | 'mentor' | 'institution', name = `Test ${role}`): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', {
      body: { name, email: uniqueEmail(`billing-${role}`), password: PASSWORD, role },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(
    method: string,
    path: string,
    who: Auth | null,
    body?: unknown,
    headers?: Record<string, string>,
  ) =>
    stack.api<T>(method, path, {
      ...(who ? { token: who.token } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    });
  const expectError = (res: ApiResponse<unknown>, status: number, code: string): ErrorBody => {
    const body = res.body as ErrorBody;
    expect([res.status, body?.code]).toEqual([status, code]);
    expect(Object.keys(body)).toEqual(['detail', 'code', 'errors']);
    return body;
  };
  const expectInvalid = (res: ApiResponse<unknown>, paths: string[]): ErrorBody => {
    const body = expectError(res, 400, 'VALIDATION_FAILED');
    expect([...new Set(body.errors.map((e) => e.path))].sort()).toEqual([...paths].sort());
    return body;
  };
  const wallet = async (who: Auth): Promise<WalletResponse> => {
    const res = await call<WalletResponse>('GET', '/wallet/balance', who);
    expect(res.status).toBe(200);
    return res.body;
  };
  const balanceMinor = async (who: Auth): Promise<number> => (await wallet(who)).balance_minor;
  const topUp = (who: Auth, amount: number, payment_method = 'telebirr', headers?: Record<string, string>) =>
    call<Checkout>('POST', '/wallet/topup', who, { amount, payment_method }, headers);
  /** the demo checkout answers the payer's own session only */
  const checkoutPage = (reference: string, who: Auth | null) =>
    call<Record<string, unknown>>('GET', `/demo-checkout/${encodeURIComponent(reference)}`, who);
  const checkoutAct = (reference: string, action: string, who: Auth | null) =>
    call<{ status: string; return_url: string }>('POST', `/demo-checkout/${encodeURIComponent(reference)}`, who, { action });
  /** Money into a wallet as a person puts it there: a top-up, then "Pay" at the demo provider's checkout. */
  const fund = async (who: Auth, amount: number): Promise<string> => {
    const started = await topUp(who, amount);
    expect(started.status).toBe(201);
    const paid = await checkoutAct(referenceOf(started.body.checkout_url), 'confirm', who);
    expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
    return started.body.transaction_id;
  };
  const createCourse = async (who: Auth, price: number, over: Record<string, unknown> = {}): Promise<Course> => {
    const res = await call<Course>('POST', '/courses', who, {
      title: `Paid course ${randomUUID().slice(0, 6)}`,
      description: 'Worth paying for',
      price,
      is_published: true,
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const payForCourse = (who: Auth, courseId: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    call<InitiatePaymentReply>(
      'POST',
      '/payments/initiate',
      who,
      { payment_method: 'wallet', item_type: 'course', item_id: courseId, ...extra },
      headers,
    );
  const webhook = (provider: string, raw: string, headers: Record<string, string>) =>
    stack.api<{ received: boolean; status: string }>('POST', `/payments/webhook/${provider}`, { raw, headers });
  const waitFor = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const planBody = (over: Record<string, unknown> = {}) => ({
    name: `Plan ${randomUUID().slice(0, 6)}`,
    user_type: 'instructor',
    price: 10,
    billing_cycle: 'monthly',
    description: 'For people who teach',
    features: ['Publish paid courses', 'Course analytics'],
    limits: { max_courses: 5 },
    ...over,
  });
  const createPlan = async (over: Record<string, unknown> = {}): Promise<PricingPlan> => {
    const res = await call<PricingPlan>('POST', '/admin/pricing-plans', admin, planBody(over));
    expect(res.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    stack = await startStack();
    const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test' });
    bus = new RpcClient(nc, stack.env.BUS_PREFIX!);
    closeBus = () => nc.drain();
    // admins never self-register: identity's bus-only ensureUser makes one, who then signs in over HTTP
    const email = uniqueEmail('billing-admin');
    await bus.request(
      identityInternal.ensureUser.subject,
      { email, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
      { requestId: 'api-test' },
    );
    const login = await stack.api<Auth>('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    admin = login.body;
  }, 180_000);
  afterAll(async () => {
    await closeBus?.();
    await stack?.stop();
  }, 60_000);

  describe('guards and the route table', () => {
    const routes = Object.values(billingRoutes) as AnyRoute[];
    const pathOf = (r: AnyRoute) =>
      fillPath(
        r.path,
        Object.fromEntries(
          [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [
            m[1]!,
            m[1] === 'provider' ? 'demo' : m[1] === 'reference' ? 'demo_unknown_ref' : SAMPLE_ID,
          ]),
        ),
      );

    it('answers 401 in the error shape on every billing route but the provider-facing ones without a token', async () => {
      expect(
        routes
          .filter((r) => r.guard === 'public')
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      ).toEqual(['POST /payments/webhook/{provider}']);
      for (const r of routes.filter((x) => x.guard !== 'public')) {
        const res = await stack.api(r.method, pathOf(r));
        expect([r.subject, res.status, res.body]).toEqual([
          r.subject,
          401,
          { detail: 'Authentication required', code: 'UNAUTHENTICATED', errors: [] },
        ]);
      }
    });

    it('answers 403 FORBIDDEN on role-guarded billing routes to signed-in users of other roles', async () => {
      const [learner, instructor] = await Promise.all([register('learner'), register('instructor')]);
      const roleRoutes = routes.filter((r) => Array.isArray(r.guard));
      expect(roleRoutes.map((r) => r.subject).sort()).toEqual([
        'billing.earnings.get',
        'billing.pricing-plan.create',
        'billing.pricing-plan.delete',
        'billing.pricing-plan.grouped',
        'billing.pricing-plan.list',
        'billing.pricing-plan.update',
        'billing.subscription.cancel',
        'billing.subscription.subscribe',
      ]);
      for (const r of roleRoutes) {
        for (const who of [learner, instructor, admin]) {
          if ((r.guard as readonly string[]).includes(who.user.role)) continue;
          expectError(await stack.api(r.method, pathOf(r), { token: who.token }), 403, 'FORBIDDEN');
        }
      }
    });

    it('documents the Idempotency-Key header on POST /payments/initiate (and the other paying routes) in /api/docs', async () => {
      const res = await stack.api<{
        paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required: boolean }> }>>;
      }>('GET', '/docs/json');
      expect(res.status).toBe(200);
      const headerParams = (path: string, method: string) =>
        (res.body.paths[`/api${path}`]?.[method]?.parameters ?? [])
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name.toLowerCase(), required: p.required }));
      expect(headerParams('/payments/initiate', 'post')).toEqual([{ name: 'idempotency-key', required: false }]);
      for (const path of ['/wallet/topup', '/wallet/withdraw', '/subscriptions/subscribe'])
        expect(headerParams(path, 'post')).toContainEqual({ name: 'idempotency-key', required: false });
      for (const r of routes) expect(res.body.paths[`/api${r.path}`]?.[r.method.toLowerCase()]).toBeDefined();
    });
  });

  describe('wallet, top-up and the demo checkout', () => {
    it("answers a new user's empty wallet in dollars and an empty history", async () => {
      const lena = await register('learner');
      expect(await wallet(lena)).toEqual({
        currency: 'USD',
        balance: 0,
        balance_minor: 0,
        pending_withdrawals_minor: 0,
        demo_balance_minor: 0,
        balances: [{ currency: 'USD', balance: 0, balance_minor: 0, pending_withdrawals_minor: 0, demo_balance_minor: 0 }],
      });
      expect((await call('GET', '/transactions?limit=20', lena)).body).toEqual({ transactions: [], total: 0 });
    });

    it('refuses a bad top-up with every field named: under 1, three decimals, the wallet or no method at all', async () => {
      const lena = await register('learner');
      const under = expectInvalid(await topUp(lena, 0.5), ['amount']);
      expect(under.errors[0]!.message).toBe('Amount must be at least 1');
      expectInvalid(await topUp(lena, 1.005), ['amount']);
      expectInvalid(await topUp(lena, 5, 'wallet'), ['payment_method']);
      expectInvalid(await call('POST', '/wallet/topup', lena, {}), ['amount', 'payment_method']);
      expectInvalid(await call('POST', '/wallet/topup', lena, { amount: 5, payment_method: 'chapa', currency: 'GBP' }), ['currency']);
      expect((await call('GET', '/transactions', lena)).body).toEqual({ transactions: [], total: 0 });
    });

    it('tops up through the hosted checkout: pending until the payer confirms there, then the wallet is credited once', async () => {
      const lena = await register('learner');
      const started = await topUp(lena, 12.5, 'mpesa');
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        status: 'pending',
        checkout_url: expect.stringMatching(/^\/demo-checkout\/demo_[\w-]+$/),
        message: expect.any(String),
      });
      const reference = referenceOf(started.body.checkout_url);
      const id = started.body.transaction_id;

      // nobody else opens or confirms it: no session 401, another learner's 404 (as an unknown checkout)
      expectError(await checkoutPage(reference, null), 401, 'UNAUTHENTICATED');
      expectError(await checkoutAct(reference, 'confirm', null), 401, 'UNAUTHENTICATED');
      const eve = await register('learner');
      expectError(await checkoutPage(reference, eve), 404, 'PAYMENT_NOT_FOUND');
      expectError(await checkoutAct(reference, 'confirm', eve), 404, 'PAYMENT_NOT_FOUND');
      const page = await checkoutPage(reference, lena);
      expect(page.status).toBe(200);
      expect(page.body).toEqual({
        reference,
        provider: 'mpesa',
        description: 'Wallet top-up via M-Pesa',
        status: 'open',
        return_url: `/wallet?payment=${id}`,
        amount: 12.5,
        amount_minor: 1250,
        currency: 'USD',
      });
      expect((await call<Transaction>('GET', `/payments/${id}`, lena)).body).toMatchObject({
        id,
        type: 'deposit',
        direction: 'credit',
        status: 'pending',
        payment_method: 'mpesa',
        amount: 12.5,
        amount_minor: 1250,
        completed_at: null,
      });
      expect(await balanceMinor(lena)).toBe(0);

      expectInvalid(await checkoutAct(reference, 'refund', lena), ['action']);
      const paid = await checkoutAct(reference, 'confirm', lena);
      expect([paid.status, paid.body]).toEqual([200, { status: 'paid', return_url: `/wallet?payment=${id}` }]);
      expect(await wallet(lena)).toMatchObject({ currency: 'USD', balance: 12.5, balance_minor: 1250 });
      expect((await call<Transaction>('GET', `/payments/${id}`, lena)).body).toMatchObject({
        status: 'completed',
        completed_at: expect.any(String),
      });
      expect((await checkoutPage(reference, lena)).body).toMatchObject({ status: 'paid' });

      // the checkout is closed: a second confirm (a double click, a replay) or a late cancel changes nothing
      expectError(await checkoutAct(reference, 'confirm', lena), 409, 'CHECKOUT_CLOSED');
      expectError(await checkoutAct(reference, 'cancel', lena), 409, 'CHECKOUT_CLOSED');
      expect(await balanceMinor(lena)).toBe(1250);
    });

    it('cancelling at the checkout leaves the wallet as it was and the payment cancelled', async () => {
      const lena = await register('learner');
      const started = await topUp(lena, 30, 'chapa');
      const reference = referenceOf(started.body.checkout_url);
      expect((await checkoutAct(reference, 'cancel', lena)).body).toMatchObject({ status: 'cancelled' });
      expect((await checkoutPage(reference, lena)).body).toMatchObject({ status: 'cancelled', provider: 'chapa' });
      expect((await call<Transaction>('GET', `/payments/${started.body.transaction_id}`, lena)).body).toMatchObject({
        status: 'cancelled',
      });
      expectError(await checkoutAct(reference, 'confirm', lena), 409, 'CHECKOUT_CLOSED');
      expect(await balanceMinor(lena)).toBe(0);
    });

    it('answers 404 for an unknown checkout reference (page and action) and 400 for a malformed one', async () => {
      const lena = await register('learner');
      expectError(await checkoutPage('demo_no-such-reference', lena), 404, 'PAYMENT_NOT_FOUND');
      expectError(await checkoutAct('demo_no-such-reference', 'confirm', lena), 404, 'PAYMENT_NOT_FOUND');
      expectInvalid(await checkoutPage('short', lena), ['params.reference']);
      expectInvalid(await checkoutAct('x'.repeat(81), 'confirm', lena), ['params.reference']);
    });

    it('answers the first top-up again for a retry with the same Idempotency-Key', async () => {
      const lena = await register('learner');
      const key = `topup-${randomUUID()}`;
      const first = await topUp(lena, 8, 'telebirr', { 'idempotency-key': key });
      const retry = await topUp(lena, 8, 'telebirr', { 'idempotency-key': key });
      expect(first.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect((await call<{ total: number }>('GET', '/transactions', lena)).body.total).toBe(1);
      expectError(await topUp(lena, 9, 'telebirr', { 'idempotency-key': key }), 422, 'IDEMPOTENCY_KEY_REUSED');
    });

    it("shows a payment to its owner only: 404 for another user's or an unknown id, 400 for a malformed id", async () => {
      const [lena, mark] = await Promise.all([register('learner'), register('learner')]);
      const id = (await topUp(lena, 5)).body.transaction_id;
      expect((await call<Transaction>('GET', `/payments/${id}`, lena)).status).toBe(200);
      expectError(await call('GET', `/payments/${id}`, mark), 404, 'PAYMENT_NOT_FOUND');
      expectError(await call('GET', `/payments/${SAMPLE_ID}`, lena), 404, 'PAYMENT_NOT_FOUND');
      const bad = expectInvalid(await call('GET', '/payments/not-a-uuid', lena), ['params.id']);
      expect(bad.detail).toBe('The id in the path is not valid');
    });

    it('pages the history newest first (limit 20 by default, at most 100)', async () => {
      const lena = await register('learner');
      const ids: string[] = [];
      for (const amount of [1, 2, 3]) ids.push((await topUp(lena, amount)).body.transaction_id);
      await fund(lena, 4).then((id) => ids.push(id));
      const all = await call<{ transactions: Transaction[]; total: number }>('GET', '/transactions?limit=20', lena);
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(4);
      expect(all.body.transactions.map((t) => t.id)).toEqual([...ids].reverse());
      expect(all.body.transactions.map((t) => [t.amount, t.status])).toEqual([
        [4, 'completed'],
        [3, 'pending'],
        [2, 'pending'],
        [1, 'pending'],
      ]);
      const page1 = await call<{ transactions: Transaction[]; total: number }>('GET', '/transactions?limit=3', lena);
      const page2 = await call<{ transactions: Transaction[]; total: number }>('GET', '/transactions?limit=3&offset=3', lena);
      expect([page1.body.transactions.length, page1.body.total, page2.body.transactions.length, page2.body.total]).toEqual([3, 4, 1, 4]);
      expect([...page1.body.transactions, ...page2.body.transactions].map((t) => t.id)).toEqual(all.body.transactions.map((t) => t.id));
      expect((await call('GET', '/transactions?limit=100', lena)).status).toBe(200);
      expectInvalid(await call('GET', '/transactions?limit=101', lena), ['query.limit']);
      expectInvalid(await call('GET', '/transactions?limit=0', lena), ['query.limit']);
      expectInvalid(await call('GET', '/transactions?offset=-1&currency=GBP', lena), ['query.currency', 'query.offset']);
    });
  });

  describe('withdrawals', () => {
    const toPhone = { method: 'mobile_money', account_details: { provider: 'telebirr', phone_number: '+251911234567' } };

    it("answers 422 'Insufficient balance' on the amount field beyond the balance, and moves nothing", async () => {
      const lena = await register('learner');
      const res = await call('POST', '/wallet/withdraw', lena, { amount: 5, ...toPhone });
      expect(expectError(res, 422, 'INSUFFICIENT_BALANCE')).toEqual({
        detail: 'Insufficient balance',
        code: 'INSUFFICIENT_BALANCE',
        errors: [{ path: 'amount', message: 'Insufficient balance' }],
      });
      expect(await wallet(lena)).toMatchObject({ balance_minor: 0, pending_withdrawals_minor: 0 });
      expect((await call<{ total: number }>('GET', '/transactions', lena)).body.total).toBe(0);
    });

    it('refuses missing account details per method with the nested field named', async () => {
      const lena = await register('learner');
      const noPhone = expectInvalid(
        await call('POST', '/wallet/withdraw', lena, { amount: 5, method: 'mobile_money', account_details: { provider: 'mpesa' } }),
        ['account_details.phone_number'],
      );
      expect(noPhone.errors).toEqual([{ path: 'account_details.phone_number', message: 'Phone number is required' }]);
      expectInvalid(await call('POST', '/wallet/withdraw', lena, { amount: 5, method: 'mobile_money' }), [
        'account_details.phone_number',
        'account_details.provider',
      ]);
      expectInvalid(
        await call('POST', '/wallet/withdraw', lena, {
          amount: 5,
          method: 'mobile_money',
          account_details: { provider: 'mpesa', phone_number: 'call me' },
        }),
        ['account_details.phone_number'],
      );
      expectInvalid(await call('POST', '/wallet/withdraw', lena, { amount: 5, method: 'bank' }), [
        'account_details.account_number',
        'account_details.bank_name',
      ]);
      expectInvalid(await call('POST', '/wallet/withdraw', lena, { amount: 0, method: 'paypal' }), ['amount', 'method']);
    });

    it('holds the amount at once and the payout job completes it', async () => {
      const lena = await register('learner');
      await fund(lena, 20);
      const res = await call<{ transaction_id: string; status: string; message: string }>('POST', '/wallet/withdraw', lena, {
        amount: 5,
        ...toPhone,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'pending', message: expect.any(String) });
      // taken out of the balance at once, whether or not the payout ran yet
      expect((await wallet(lena)).balance_minor).toBe(1500);
      const id = res.body.transaction_id;
      expect((await call<Transaction>('GET', `/payments/${id}`, lena)).body).toMatchObject({
        type: 'withdrawal',
        direction: 'debit',
        amount_minor: 500,
        payment_method: 'telebirr',
      });
      await waitFor(async () => (await call<Transaction>('GET', `/payments/${id}`, lena)).body.status === 'completed');
      expect(await wallet(lena)).toMatchObject({ balance_minor: 1500, pending_withdrawals_minor: 0 });
      expectError(await call('POST', '/wallet/withdraw', lena, { amount: 15.01, ...toPhone }), 422, 'INSUFFICIENT_BALANCE');
      expect((await wallet(lena)).balance_minor).toBe(1500);
    });
  });

  describe('paying for a course', () => {
    let ivan: Auth;
    let course: Course;
    beforeAll(async () => {
      ivan = await register('instructor', 'Ivan Instructor');
      course = await createCourse(ivan, 25);
    });

    it("charges the course's own price from the wallet (the browser's amount is ignored) and catalog enrolls the payer", async () => {
      const lena = await register('learner');
      await fund(lena, 100);
      const paid = await payForCourse(lena, course.id, { amount: 0.01 });
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({
        transaction_id: expect.any(String),
        status: 'completed',
        checkout_url: null,
        message: 'Payment successful',
        amount: 25,
        amount_minor: 2500,
        currency: 'USD',
      });
      expect(await balanceMinor(lena)).toBe(7500);
      expect((await call<Transaction>('GET', `/payments/${paid.body.transaction_id}`, lena)).body).toMatchObject({
        type: 'payment',
        direction: 'debit',
        status: 'completed',
        payment_method: 'wallet',
        item_type: 'course',
        item_id: course.id,
        amount: 25,
      });
      await waitFor(async () => (await call<{ enrolled: boolean }>('GET', `/courses/${course.id}/check-enrollment`, lena)).body.enrolled);
      // bought already: refused, and charged nothing more
      expect((await payForCourse(lena, course.id)).status).toBe(409);
      expect(await balanceMinor(lena)).toBe(7500);
    });

    it('refuses the instructor their own course (422 OWN_ITEM), an unknown course (404 ITEM_NOT_FOUND), a free one and short wallets', async () => {
      await fund(ivan, 50);
      const before = await balanceMinor(ivan);
      expectError(await payForCourse(ivan, course.id), 422, 'OWN_ITEM');
      const lena = await register('learner');
      expectError(await payForCourse(lena, SAMPLE_ID), 404, 'ITEM_NOT_FOUND');
      expectError(await payForCourse(lena, (await createCourse(ivan, 0)).id), 422, 'ITEM_NOT_FOR_SALE');
      const short = expectError(await payForCourse(lena, course.id), 422, 'INSUFFICIENT_BALANCE');
      expect(short.errors).toEqual([{ path: 'amount', message: 'Insufficient balance' }]);
      expectInvalid(await payForCourse(lena, 'nope', { payment_method: 'cash', item_type: 'book' }), [
        'item_id',
        'item_type',
        'payment_method',
      ]);
      expect(await balanceMinor(ivan)).toBe(before);
    });

    it('answers a retry with the same Idempotency-Key with the same transaction and charges once; the key with another body is 422; a short key 400', async () => {
      const lena = await register('learner');
      await fund(lena, 100);
      const other = await createCourse(ivan, 10);
      const key = `pay-${randomUUID()}`;
      const first = await payForCourse(lena, course.id, {}, { 'Idempotency-Key': key });
      expect([first.status, first.body.status]).toEqual([200, 'completed']);
      const retry = await payForCourse(lena, course.id, { amount: 0.01 }, { 'Idempotency-Key': key });
      expect(retry.status).toBe(200);
      expect(retry.body.transaction_id).toBe(first.body.transaction_id);
      expect(retry.body).toEqual(first.body);
      expect(await balanceMinor(lena)).toBe(7500);
      const payments = (await call<{ transactions: Transaction[] }>('GET', '/transactions', lena)).body.transactions.filter(
        (t) => t.type === 'payment',
      );
      expect(payments.map((t) => t.id)).toEqual([first.body.transaction_id]);

      expectError(await payForCourse(lena, other.id, {}, { 'Idempotency-Key': key }), 422, 'IDEMPOTENCY_KEY_REUSED');
      expect(await balanceMinor(lena)).toBe(7500);
      const short = expectInvalid(await payForCourse(lena, other.id, {}, { 'Idempotency-Key': 'short' }), ['headers.idempotency-key']);
      expect(short.errors[0]!.message).toBe('Idempotency-Key must be 8 to 128 characters');
      expectInvalid(await payForCourse(lena, other.id, {}, { 'Idempotency-Key': 'k'.repeat(129) }), ['headers.idempotency-key']);
      expect(await balanceMinor(lena)).toBe(7500);
    });

    it("pays through a provider's checkout: pending, then completed when the payer confirms there", async () => {
      const lena = await register('learner');
      const pending = await payForCourse(lena, course.id, { payment_method: 'telebirr' });
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ status: 'pending', amount: 25, checkout_url: expect.stringMatching(/^\/demo-checkout\//) });
      const reference = referenceOf(pending.body.checkout_url);
      expect((await checkoutPage(reference, lena)).body).toMatchObject({
        amount: 25,
        status: 'open',
        return_url: `/courses/${course.id}?payment=${pending.body.transaction_id}`,
      });
      expect((await checkoutAct(reference, 'confirm', lena)).body).toMatchObject({ status: 'paid' });
      expect((await call<Transaction>('GET', `/payments/${pending.body.transaction_id}`, lena)).body).toMatchObject({
        status: 'completed',
        payment_method: 'telebirr',
      });
      expect(await balanceMinor(lena)).toBe(0);
      await waitFor(async () => (await call<{ enrolled: boolean }>('GET', `/courses/${course.id}/check-enrollment`, lena)).body.enrolled);
    });
  });

  describe('edge cases', () => {
    it('a checkout paid after the same course was bought from the wallet is credited to the wallet, not charged twice', async () => {
      const ivan = await register('instructor');
      const course = await createCourse(ivan, 10);
      const lena = await register('learner');
      const viaCheckout = await payForCourse(lena, course.id, { payment_method: 'telebirr' });
      expect(viaCheckout.body.status).toBe('pending');
      await fund(lena, 10);
      expect((await payForCourse(lena, course.id)).body.status).toBe('completed');
      expect(await balanceMinor(lena)).toBe(0);
      expect((await checkoutAct(referenceOf(viaCheckout.body.checkout_url), 'confirm', lena)).body).toMatchObject({ status: 'paid' });
      expect(await balanceMinor(lena)).toBe(1000);
      expect((await call<Transaction>('GET', `/payments/${viaCheckout.body.transaction_id}`, lena)).body).toMatchObject({
        type: 'deposit',
        direction: 'credit',
        status: 'completed',
      });
      expect((await call<Earnings>('GET', '/revenue/earnings', ivan)).body).toMatchObject({ course_earnings: 8 });
    });

    it('refuses what cannot be bought: a draft course, and a session nobody booked', async () => {
      const ivan = await register('instructor');
      const lena = await register('learner');
      await fund(lena, 50);
      expectError(await payForCourse(lena, (await createCourse(ivan, 10, { is_published: false })).id), 422, 'ITEM_NOT_FOR_SALE');
      expectError(
        await call('POST', '/payments/initiate', lena, { payment_method: 'wallet', item_type: 'session', item_id: SAMPLE_ID }),
        404,
        'ITEM_NOT_FOUND',
      );
      expect(await balanceMinor(lena)).toBe(5000);
    });

    it('two concurrent payments with one Idempotency-Key: one charge, one answer', async () => {
      const ivan = await register('instructor');
      const course = await createCourse(ivan, 4);
      const lena = await register('learner');
      await fund(lena, 10);
      const key = `concurrent-${randomUUID()}`;
      const [a, b] = await Promise.all([
        payForCourse(lena, course.id, {}, { 'idempotency-key': key }),
        payForCourse(lena, course.id, {}, { 'idempotency-key': key }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body).toEqual(a.body);
      expect(await balanceMinor(lena)).toBe(600);
    });

    it('keeps wallets per currency: an ETB top-up shows beside the dollars and filters the history', async () => {
      const lena = await register('learner');
      const started = await call<Checkout>('POST', '/wallet/topup', lena, { amount: 150, currency: 'ETB', payment_method: 'telebirr' });
      expect((await checkoutAct(referenceOf(started.body.checkout_url), 'confirm', lena)).body.status).toBe('paid');
      const w = await wallet(lena);
      expect(w).toMatchObject({ currency: 'USD', balance_minor: 0 });
      expect(w.balances).toEqual([
        { currency: 'USD', balance: 0, balance_minor: 0, pending_withdrawals_minor: 0, demo_balance_minor: 0 },
        // the demo checkout's money is demo funds
        { currency: 'ETB', balance: 150, balance_minor: 15000, pending_withdrawals_minor: 0, demo_balance_minor: 15000 },
      ]);
      expect((await call<{ total: number }>('GET', '/transactions?currency=ETB', lena)).body.total).toBe(1);
      expect((await call<{ total: number }>('GET', '/transactions?currency=USD', lena)).body.total).toBe(0);
    });

    it('retries a withdrawal with the same Idempotency-Key without holding twice; a refused payout gives the money back', async () => {
      const lena = await register('learner');
      await fund(lena, 10);
      const key = `withdraw-${randomUUID()}`;
      const body = { amount: 4, method: 'bank', account_details: { bank_name: 'CBE', account_number: '100020000000' } };
      const first = await call<{ transaction_id: string }>('POST', '/wallet/withdraw', lena, body, { 'idempotency-key': key });
      const retry = await call<{ transaction_id: string }>('POST', '/wallet/withdraw', lena, body, { 'idempotency-key': key });
      expect([first.status, retry.status, retry.body.transaction_id]).toEqual([201, 201, first.body.transaction_id]);
      // the demo payout rail refuses accounts ending in 0000: the hold comes back
      await waitFor(async () => (await call<Transaction>('GET', `/payments/${first.body.transaction_id}`, lena)).body.status === 'failed');
      expect(await wallet(lena)).toMatchObject({ balance_minor: 1000, pending_withdrawals_minor: 0 });
    });

    it('refuses a webhook body over 64 KB in the error shape', async () => {
      const big = JSON.stringify({ reference: 'x', pad: 'y'.repeat(70 * 1024) });
      const res = await webhook('demo', big, { 'content-type': 'application/json', 'x-demo-signature': sign(big) });
      expect(res.status).toBe(413);
      expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
    });
  });

  describe('earnings', () => {
    it("shows an instructor the share of a sale: 80% of the price, the platform's fee 20%", async () => {
      const olga = await register('instructor', 'Olga Owner');
      const course = await createCourse(olga, 25);
      const empty = await call<Earnings>('GET', '/revenue/earnings', olga);
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({
        currency: 'USD',
        total_earned: 0,
        available_balance: 0,
        course_earnings: 0,
        mentor_earnings: 0,
        revenue_shares: [],
      });

      const lena = await register('learner');
      await fund(lena, 25);
      const paid = await payForCourse(lena, course.id);
      expect(paid.body.status).toBe('completed');

      const res = await call<Earnings>('GET', '/revenue/earnings', olga);
      expect(res.body).toMatchObject({ currency: 'USD', total_earned: 20, available_balance: 20, course_earnings: 20, mentor_earnings: 0 });
      expect(res.body.revenue_shares).toEqual([
        {
          id: expect.any(String),
          recipient_type: 'instructor',
          item_type: 'course',
          item_id: course.id,
          description: `Course: ${course.title}`,
          currency: 'USD',
          gross_amount: 25,
          recipient_amount: 20,
          recipient_amount_minor: 2000,
          platform_fee: 5,
          platform_fee_percentage: 20,
          reversed: false,
          created_at: expect.any(String),
        },
      ]);
      expect(res.body.monthly).toHaveLength(12);
      expect(res.body.monthly.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), course: 20, mentoring: 0 });
      expect(await balanceMinor(olga)).toBe(2000);
      const earning = (await call<{ transactions: Transaction[] }>('GET', '/transactions', olga)).body.transactions;
      expect(earning).toEqual([
        expect.objectContaining({ type: 'earning', direction: 'credit', amount: 20, status: 'completed', item_id: course.id }),
      ]);
    });

    it('is for instructors and mentors only', async () => {
      const mentor = await register('mentor');
      expect((await call<Earnings>('GET', '/revenue/earnings', mentor)).body).toMatchObject({ total_earned: 0, revenue_shares: [] });
      expectError(await call('GET', '/revenue/earnings', await register('learner')), 403, 'FORBIDDEN');
      expectError(await call('GET', '/revenue/earnings', admin), 403, 'FORBIDDEN');
    });
  });

  describe('the provider webhook (raw body over HTTP)', () => {
    let lena: Auth;
    let reference: string;
    let paymentId: string;
    beforeAll(async () => {
      lena = await register('learner');
      const started = await topUp(lena, 7, 'telebirr');
      reference = referenceOf(started.body.checkout_url);
      paymentId = started.body.transaction_id;
    });
    const notice = () => JSON.stringify({ event: 'charge.success', reference, status: 'success', amount_minor: 700, currency: 'USD' });

    it('refuses a body without a signature or with a wrong one (401 WEBHOOK_SIGNATURE_INVALID) and an unknown provider (400)', async () => {
      const body = notice();
      expectError(await webhook('demo', body, { 'content-type': 'application/json' }), 401, 'WEBHOOK_SIGNATURE_INVALID');
      expectError(
        await webhook('demo', body, { 'content-type': 'application/json', 'x-demo-signature': sign(body, 'not-the-secret') }),
        401,
        'WEBHOOK_SIGNATURE_INVALID',
      );
      // signed over other bytes: a single changed character breaks it
      expectError(
        await webhook('demo', `${body} `, { 'content-type': 'application/json', 'x-demo-signature': sign(body) }),
        401,
        'WEBHOOK_SIGNATURE_INVALID',
      );
      const unknown = expectInvalid(await webhook('paypal', body, { 'content-type': 'application/json', 'x-demo-signature': sign(body) }), [
        'params.provider',
      ]);
      expect(unknown.errors[0]!.message).toBe('Unknown payment provider');
      // Chapa is off without its key in this environment
      expectError(
        await webhook('chapa', body, { 'content-type': 'application/json', 'chapa-signature': sign(body) }),
        422,
        'PAYMENT_METHOD_UNAVAILABLE',
      );
      expect(await balanceMinor(lena)).toBe(0);
    });

    it('accepts a correctly signed notice as JSON and as text/plain, asks the provider, and moves nothing for a checkout not paid', async () => {
      for (const type of ['application/json', 'text/plain', 'application/json; charset=utf-8']) {
        const body = notice();
        const res = await webhook('demo', body, { 'content-type': type, 'x-demo-signature': sign(body) });
        expect([type, res.status, res.body]).toEqual([type, 200, { received: true, status: 'pending' }]);
      }
      // the body's claim of success counts for nothing: the provider's own record says open
      expect(await balanceMinor(lena)).toBe(0);
      expect((await call<Transaction>('GET', `/payments/${paymentId}`, lena)).body).toMatchObject({ status: 'pending' });
      expect((await checkoutPage(reference, lena)).body).toMatchObject({ status: 'open' });
    });

    it('answers a signed notice for no payment of ours without moving anything, and refuses a signed body that is not JSON', async () => {
      const body = JSON.stringify({ reference: 'demo_never-issued-reference' });
      expect((await webhook('demo', body, { 'content-type': 'application/json', 'x-demo-signature': sign(body) })).body).toEqual({
        received: true,
        status: 'unknown_reference',
      });
      const text = 'reference=whatever';
      expectError(
        await webhook('demo', text, { 'content-type': 'text/plain', 'x-demo-signature': sign(text) }),
        401,
        'WEBHOOK_SIGNATURE_INVALID',
      );
    });

    it('once the payer paid, the same signed notice credits nothing twice (a replay is ignored)', async () => {
      expect((await checkoutAct(reference, 'confirm', lena)).body).toMatchObject({ status: 'paid' });
      expect(await balanceMinor(lena)).toBe(700);
      const body = notice();
      expect((await webhook('demo', body, { 'content-type': 'application/json', 'x-demo-signature': sign(body) })).body).toEqual({
        received: true,
        status: 'ignored',
      });
      expect(await balanceMinor(lena)).toBe(700);
      expect((await call<Transaction>('GET', `/payments/${paymentId}`, lena)).body).toMatchObject({ status: 'completed' });
    });
  });

  describe('pricing plans and subscriptions', () => {
    let instructorPlan: PricingPlan;
    let mentorPlan: PricingPlan;
    beforeAll(async () => {
      instructorPlan = await createPlan({ name: 'Teacher Pro', price: 10, limits: { max_courses: 5, max_students: 100 } });
      mentorPlan = await createPlan({
        name: 'Mentor Plus',
        user_type: 'mentor',
        price: 15,
        features: ['Public mentor profile', 'Session notes'],
      });
    });

    it('creates plans (admin) with their defaults, and refuses bad ones with the fields named', async () => {
      expect(instructorPlan).toMatchObject({
        name: 'Teacher Pro',
        user_type: 'instructor',
        price: 10,
        price_minor: 1000,
        currency: 'USD',
        billing_cycle: 'monthly',
        features: ['Publish paid courses', 'Course analytics'],
        limits: { max_courses: 5, max_students: 100, max_faculty: null, max_sessions_per_month: null },
        is_featured: false,
        is_active: true,
      });
      const none = expectInvalid(await call('POST', '/admin/pricing-plans', admin, planBody({ features: [] })), ['features']);
      expect(none.errors).toEqual([{ path: 'features', message: 'Please select at least one feature' }]);
      const foreign = expectInvalid(
        await call('POST', '/admin/pricing-plans', admin, planBody({ features: ['Course analytics', 'API keys'] })),
        ['features.1'],
      );
      expect(foreign.errors[0]!.message).toBe('"API keys" is not a instructor feature');
      expectInvalid(
        await call(
          'POST',
          '/admin/pricing-plans',
          admin,
          planBody({ name: ' ', price: -1, user_type: 'learner', billing_cycle: 'weekly' }),
        ),
        ['billing_cycle', 'name', 'price', 'user_type'],
      );
      expectInvalid(await call('POST', '/admin/pricing-plans', admin, planBody({ price: 9.999, limits: { max_courses: 0 } })), [
        'limits.max_courses',
        'price',
      ]);
    });

    it('lists active plans per role: a learner none, an admin any user type (?user_type=mentor)', async () => {
      const [lena, teacher, mentor] = await Promise.all([register('learner'), register('instructor'), register('mentor')]);
      expect((await call('GET', '/subscriptions/plans', lena)).body).toEqual([]);
      expect((await call<PricingPlan[]>('GET', '/subscriptions/plans', admin)).body.every((p) => p.user_type === 'instructor')).toBe(true);
      const asAdmin = await call<PricingPlan[]>('GET', '/subscriptions/plans?user_type=mentor', admin);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.map((p) => p.id)).toContain(mentorPlan.id);
      expect(asAdmin.body.every((p) => p.user_type === 'mentor')).toBe(true);
      expect((await call<PricingPlan[]>('GET', '/subscriptions/plans', teacher)).body.map((p) => p.id)).toContain(instructorPlan.id);
      expect((await call<PricingPlan[]>('GET', '/subscriptions/plans', teacher)).body.every((p) => p.user_type === 'instructor')).toBe(
        true,
      );
      expect((await call<PricingPlan[]>('GET', '/subscriptions/plans', mentor)).body.map((p) => p.id)).toContain(mentorPlan.id);
      expectInvalid(await call('GET', '/subscriptions/plans?user_type=learner', admin), ['query.user_type']);
    });

    it('lists every plan to the admin only: by user type, and grouped', async () => {
      const list = await call<PricingPlan[]>('GET', '/pricing-plans?user_type=instructor', admin);
      expect(list.status).toBe(200);
      expect(list.body.map((p) => p.id)).toContain(instructorPlan.id);
      expect(list.body.every((p) => p.user_type === 'instructor')).toBe(true);
      expect((await call<PricingPlan[]>('GET', '/pricing-plans', admin)).body.map((p) => p.id)).toEqual(
        expect.arrayContaining([instructorPlan.id, mentorPlan.id]),
      );
      expectInvalid(await call('GET', '/pricing-plans?user_type=everyone', admin), ['query.user_type']);
      const teacher = await register('instructor');
      expectError(await call('GET', '/pricing-plans?user_type=instructor', teacher), 403, 'FORBIDDEN');
      expectError(await call('GET', '/admin/pricing-plans', teacher), 403, 'FORBIDDEN');
      expectError(await call('POST', '/admin/pricing-plans', teacher, planBody()), 403, 'FORBIDDEN');

      const grouped = await call<Record<string, PricingPlan[]>>('GET', '/admin/pricing-plans', admin);
      expect(grouped.status).toBe(200);
      expect(Object.keys(grouped.body).sort()).toEqual(['institution', 'instructor', 'mentor']);
      expect(grouped.body.instructor!.map((p) => p.id)).toContain(instructorPlan.id);
      expect(grouped.body.mentor!.map((p) => p.id)).toContain(mentorPlan.id);
      expect(grouped.body.mentor!.every((p) => p.user_type === 'mentor')).toBe(true);
    });

    it('subscribes an instructor from the wallet, shows it with its usage, refuses the wrong role and plan, and cancels at the period end', async () => {
      const teacher = await register('instructor');
      expect((await call('GET', '/subscriptions/current', teacher)).body).toEqual({ subscription: null });
      expect((await call('GET', '/subscriptions/usage', teacher)).body).toEqual({
        plan_id: null,
        current_usage: { courses: 0, students: 0, faculty: 0, sessions_this_month: 0 },
        limits: { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null },
      });
      expectError(await call('POST', '/subscriptions/cancel', teacher), 404, 'SUBSCRIPTION_NOT_FOUND');
      expectError(await call('POST', '/subscriptions/subscribe', teacher, { plan_id: mentorPlan.id }), 422, 'PLAN_NOT_FOR_ROLE');
      expectError(await call('POST', '/subscriptions/subscribe', teacher, { plan_id: SAMPLE_ID }), 404, 'PLAN_NOT_FOUND');
      expectError(await call('POST', '/subscriptions/subscribe', teacher, { plan_id: instructorPlan.id }), 422, 'INSUFFICIENT_BALANCE');
      expectInvalid(
        await call('POST', '/subscriptions/subscribe', teacher, { plan_id: 'x', billing_cycle: 'daily', payment_method: 'cash' }),
        ['billing_cycle', 'payment_method', 'plan_id'],
      );
      expectError(
        await call('POST', '/subscriptions/subscribe', await register('learner'), { plan_id: instructorPlan.id }),
        403,
        'FORBIDDEN',
      );

      await fund(teacher, 10);
      const res = await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, {
        plan_id: instructorPlan.id,
        payment_method: 'wallet',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        transaction_id: expect.any(String),
        status: 'completed',
        checkout_url: null,
        message: 'You are now subscribed to Teacher Pro',
        subscription: {
          status: 'active',
          billing_cycle: 'monthly',
          cancel_at_period_end: false,
          grace_until: null,
          plan: { id: instructorPlan.id },
        },
      });
      expect(await balanceMinor(teacher)).toBe(0);
      expect((await call<Transaction>('GET', `/payments/${res.body.transaction_id}`, teacher)).body).toMatchObject({
        type: 'payment',
        item_type: 'subscription',
        item_id: instructorPlan.id,
        amount: 10,
        status: 'completed',
      });
      const current = await call<{ subscription: Subscription }>('GET', '/subscriptions/current', teacher);
      expect(current.body.subscription).toMatchObject({
        id: res.body.subscription!.id,
        status: 'active',
        plan: { id: instructorPlan.id, name: 'Teacher Pro' },
      });
      const start = new Date(current.body.subscription.current_period_start);
      const end = new Date(current.body.subscription.current_period_end);
      expect(end.getTime()).toBeGreaterThan(start.getTime() + 27 * 86_400_000);

      await createCourse(teacher, 0, { is_published: false });
      const usage = await call<{ plan_id: string; current_usage: Record<string, number>; limits: Record<string, number | null> }>(
        'GET',
        '/subscriptions/usage',
        teacher,
      );
      expect(usage.body).toEqual({
        plan_id: instructorPlan.id,
        current_usage: { courses: 1, students: 0, faculty: 0, sessions_this_month: 0 },
        limits: { max_students: 100, max_faculty: null, max_courses: 5, max_sessions_per_month: null },
      });
      expectError(await call('POST', '/subscriptions/subscribe', teacher, { plan_id: instructorPlan.id }), 409, 'ALREADY_SUBSCRIBED');

      const cancelled = await call<{ subscription: Subscription }>('POST', '/subscriptions/cancel', teacher);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.subscription).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: current.body.subscription.current_period_end,
      });
      expect((await call<{ subscription: Subscription }>('GET', '/subscriptions/current', teacher)).body.subscription).toMatchObject({
        cancel_at_period_end: true,
      });
      expect((await call<{ subscription: Subscription }>('POST', '/subscriptions/cancel', teacher)).body.subscription).toMatchObject({
        cancel_at_period_end: true,
      });
      expectError(await call('POST', '/subscriptions/cancel', await register('learner')), 403, 'FORBIDDEN');

      // paying again for the plan one cancelled appends the next period and undoes the cancellation
      await fund(teacher, 10);
      const again = await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, { plan_id: instructorPlan.id });
      expect(again.body.subscription).toMatchObject({
        id: res.body.subscription!.id,
        cancel_at_period_end: false,
        current_period_start: current.body.subscription.current_period_start,
      });
      const nextEnd = new Date(current.body.subscription.current_period_end);
      nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);
      expect(new Date(again.body.subscription!.current_period_end).getTime()).toBeGreaterThanOrEqual(nextEnd.getTime() - 3 * 86_400_000);
      expect(await balanceMinor(teacher)).toBe(0);
    });

    it("a plan's course limit reaches catalog: creating a course beyond it is 422 COURSE_LIMIT_REACHED", async () => {
      const teacher = await register('instructor');
      const plan = await createPlan({ name: 'One course', price: 1, limits: { max_courses: 1 } });
      await createCourse(teacher, 0, { is_published: false });
      await fund(teacher, 1);
      expect((await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, { plan_id: plan.id })).body.status).toBe('completed');
      // billing.subscription.changed is on its way to catalog: courses may still be created until it arrives
      let refused: ApiResponse | undefined;
      await waitFor(async () => {
        const res = await call('POST', '/courses', teacher, { title: 'One more', description: 'Over the limit', price: 0 });
        if (res.status === 201) return false;
        refused = res;
        return true;
      });
      expect(expectError(refused!, 422, 'COURSE_LIMIT_REACHED').detail).toBe(
        'Your plan allows 1 course. Upgrade your plan to create more.',
      );
    });

    it('edits a plan (400 without features, 404 unknown id) and keeps a subscribed plan from being deleted (409 PLAN_IN_USE)', async () => {
      const teacher = await register('instructor');
      const plan = await createPlan({ name: 'Edit me', price: 3 });
      await fund(teacher, 3);
      expect((await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, { plan_id: plan.id })).body.status).toBe('completed');

      const none = expectInvalid(await call('PUT', `/admin/pricing-plans/${plan.id}`, admin, planBody({ features: [] })), ['features']);
      expect(none.errors).toEqual([{ path: 'features', message: 'Please select at least one feature' }]);
      expectError(await call('PUT', `/admin/pricing-plans/${SAMPLE_ID}`, admin, planBody()), 404, 'PLAN_NOT_FOUND');
      expectInvalid(await call('PUT', '/admin/pricing-plans/not-a-uuid', admin, planBody()), ['params.id']);
      const retyped = expectError(
        await call('PUT', `/admin/pricing-plans/${plan.id}`, admin, planBody({ user_type: 'mentor', features: ['Session notes'] })),
        409,
        'PLAN_IN_USE',
      );
      expect(retyped.errors.map((e) => e.path)).toEqual(['user_type']);

      const edited = await call<PricingPlan>(
        'PUT',
        `/admin/pricing-plans/${plan.id}`,
        admin,
        planBody({ name: 'Edited', price: 4, is_active: false, limits: { max_courses: 2 } }),
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id: plan.id,
        name: 'Edited',
        price: 4,
        price_minor: 400,
        is_active: false,
        limits: { max_courses: 2 },
      });
      // inactive: no longer offered, still listed to the admin; the subscriber sees the new name and limits at once
      expect((await call<PricingPlan[]>('GET', '/subscriptions/plans', teacher)).body.map((p) => p.id)).not.toContain(plan.id);
      expect(
        (await call<PricingPlan[]>('GET', '/pricing-plans?user_type=instructor', admin)).body.find((p) => p.id === plan.id),
      ).toMatchObject({ is_active: false });
      expect((await call<{ subscription: Subscription }>('GET', '/subscriptions/current', teacher)).body.subscription.plan).toMatchObject({
        name: 'Edited',
      });

      expectError(await call('DELETE', `/admin/pricing-plans/${plan.id}`, admin), 409, 'PLAN_IN_USE');
      expect((await call<PricingPlan[]>('GET', '/pricing-plans', admin)).body.map((p) => p.id)).toContain(plan.id);
    });

    // a retry is answered before the rules are asked again (a plan one is on would be 409 otherwise)
    it('answers a retry of POST /subscriptions/subscribe with the same Idempotency-Key with the first answer, charged once', async () => {
      const teacher = await register('instructor');
      const plan = await createPlan({ name: 'Retry plan', price: 6 });
      await fund(teacher, 12);
      const key = `sub-${randomUUID()}`;
      const first = await call<SubscribeReply>(
        'POST',
        '/subscriptions/subscribe',
        teacher,
        { plan_id: plan.id },
        { 'Idempotency-Key': key },
      );
      expect([first.status, first.body.status]).toEqual([200, 'completed']);
      expect(await balanceMinor(teacher)).toBe(600);
      const retry = await call<SubscribeReply>(
        'POST',
        '/subscriptions/subscribe',
        teacher,
        { plan_id: plan.id },
        { 'Idempotency-Key': key },
      );
      expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: first.body });
      expect(await balanceMinor(teacher)).toBe(600);
    });

    // the rule is asked again under the user's lock in the payment's transaction: the others roll back
    it('charges once when the same subscription is asked for several times at once', async () => {
      const teacher = await register('instructor');
      const plan = await createPlan({ name: 'Double click plan', price: 5 });
      await fund(teacher, 20);
      const results = await Promise.all(
        [1, 2, 3, 4].map(() => call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, { plan_id: plan.id })),
      );
      expect(results.map((r) => `${r.status} ${(r.body as unknown as ErrorBody).code ?? r.body.status}`).sort()).toEqual([
        '200 completed',
        '409 ALREADY_SUBSCRIBED',
        '409 ALREADY_SUBSCRIBED',
        '409 ALREADY_SUBSCRIBED',
      ]);
      expect(await balanceMinor(teacher)).toBe(1500);
    });

    it('subscribes through a provider: nothing until the checkout is paid, the plan cannot be deleted meanwhile, then active', async () => {
      const teacher = await register('instructor');
      const plan = await createPlan({ name: 'Checkout plan', price: 9 });
      const pending = await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, {
        plan_id: plan.id,
        payment_method: 'mpesa',
      });
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({
        status: 'pending',
        subscription: null,
        checkout_url: expect.stringMatching(/^\/demo-checkout\//),
      });
      expect((await call('GET', '/subscriptions/current', teacher)).body).toEqual({ subscription: null });
      expectError(await call('DELETE', `/admin/pricing-plans/${plan.id}`, admin), 409, 'PLAN_IN_USE');
      const reference = referenceOf(pending.body.checkout_url);
      expect((await checkoutPage(reference, teacher)).body).toMatchObject({
        amount: 9,
        return_url: `/subscriptions?payment=${pending.body.transaction_id}`,
      });
      expect((await checkoutAct(reference, 'confirm', teacher)).body).toMatchObject({ status: 'paid' });
      expect((await call<{ subscription: Subscription }>('GET', '/subscriptions/current', teacher)).body.subscription).toMatchObject({
        status: 'active',
        plan: { id: plan.id },
      });
      expect(await balanceMinor(teacher)).toBe(0);
    });

    it('pays a subscription through POST /payments/initiate too: a monthly plan paid yearly costs twelve months; changing plan replaces the current one', async () => {
      const teacher = await register('instructor');
      const [monthly, other] = [await createPlan({ name: 'Monthly 2', price: 2 }), await createPlan({ name: 'Other 3', price: 3 })];
      await fund(teacher, 30);
      const yearly = await call<InitiatePaymentReply>('POST', '/payments/initiate', teacher, {
        payment_method: 'wallet',
        item_type: 'subscription',
        item_id: monthly.id,
        billing_cycle: 'yearly',
        amount: 2,
      });
      expect(yearly.body).toMatchObject({ status: 'completed', amount: 24, amount_minor: 2400 });
      const first = (await call<{ subscription: Subscription }>('GET', '/subscriptions/current', teacher)).body.subscription;
      expect(first).toMatchObject({ plan: { id: monthly.id }, billing_cycle: 'yearly', status: 'active' });
      expect(new Date(first.current_period_end).getTime() - new Date(first.current_period_start).getTime()).toBeGreaterThan(
        364 * 86_400_000,
      );
      const changed = await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, { plan_id: other.id });
      expect(changed.body.subscription).toMatchObject({ plan: { id: other.id }, billing_cycle: 'monthly', status: 'active' });
      expect(changed.body.subscription!.id).not.toBe(first.id);
      expect(await balanceMinor(teacher)).toBe(300);
      // a learner has no plan to buy
      const lena = await register('learner');
      expectError(
        await call('POST', '/payments/initiate', lena, { payment_method: 'wallet', item_type: 'subscription', item_id: other.id }),
        422,
        'PLAN_NOT_FOR_ROLE',
      );
    });

    it('starts a free plan at once, without a payment', async () => {
      const teacher = await register('instructor');
      const free = await createPlan({ name: 'Free tier', price: 0 });
      const res = await call<SubscribeReply>('POST', '/subscriptions/subscribe', teacher, { plan_id: free.id });
      expect(res.body).toMatchObject({
        status: 'completed',
        checkout_url: null,
        subscription: { plan: { id: free.id }, status: 'active' },
      });
      expect(res.body.transaction_id).toBe(res.body.subscription!.id);
      expect((await call<{ total: number }>('GET', '/transactions', teacher)).body.total).toBe(0);
    });

    it('deletes a plan nobody subscribed to; then it is 404', async () => {
      const plan = await createPlan({ name: 'Short-lived', user_type: 'institution', features: ['API keys'] });
      const res = await call('DELETE', `/admin/pricing-plans/${plan.id}`, admin);
      expect([res.status, res.body]).toEqual([200, { message: 'Plan deleted' }]);
      expectError(await call('DELETE', `/admin/pricing-plans/${plan.id}`, admin), 404, 'PLAN_NOT_FOUND');
      expectInvalid(await call('DELETE', '/admin/pricing-plans/nope', admin), ['params.id']);
      expect(
        (await call<Record<string, PricingPlan[]>>('GET', '/admin/pricing-plans', admin)).body.institution!.map((p) => p.id),
      ).not.toContain(plan.id);
    });
  });
});
