import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createHmac } from 'node:crypto';
import { billingInternal, billingRoutes, type InitiatePaymentReply } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

const SECRET = 'demo-provider-secret-for-development-only';
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

jest.setTimeout(30_000);

let h: BillingHarness;
let instructor: TestUser;
beforeAll(async () => {
  h = await BillingHarness.start();
  instructor = await h.user('instructor');
}, 120_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const invariants = async () => h.billing.app.get(LedgerRepository).invariantViolations();
const referenceOf = (url: string | null) => decodeURIComponent(url!.split('/demo-checkout/')[1]!);

describe('paying for a course from the wallet', () => {
  it("charges the course's own price (the browser's amount is ignored), credits the instructor 80% and the platform 20%, and announces it once", async () => {
    const [ann] = [await h.user()];
    const course = await h.course(instructor, 49.99);
    await h.fund(ann, 10_000);
    const before = await h.balance(instructor);
    const paid = await h.call(
      billingRoutes.initiatePayment,
      { body: { amount: 0.01, payment_method: 'wallet', item_type: 'course', item_id: course } },
      ann.caller,
    );
    expect(paid).toMatchObject({ status: 'completed', amount_minor: 4999, amount: 49.99, currency: 'USD', checkout_url: null });
    expect(await h.balance(ann)).toBe(10_000 - 4999);
    // 20% of 49.99 is 9.998: the platform takes 999 minor units, the instructor keeps 4000
    expect((await h.balance(instructor)) - before).toBe(4000);
    const [share] = (await h.ds.query('SELECT recipient_minor, fee_minor, fee_percentage FROM revenue_shares WHERE payment_id = $1', [
      paid.transaction_id,
    ])) as Array<Record<string, number>>;
    expect(share).toEqual({ recipient_minor: 4000, fee_minor: 999, fee_percentage: 20 });
    const events = (await h.outbox('billing.payment.completed')).filter((e) => e.payload['payment_id'] === paid.transaction_id);
    expect(events).toEqual([
      { payload: expect.objectContaining({ user_id: ann.id, item_type: 'course', item_id: course, amount: 49.99, amount_minor: 4999 }) },
    ]);
    // catalog consumed it: the payer is enrolled
    await h.waitFor(
      async () =>
        (await h.catalog.ds.query('SELECT 1 FROM enrollments WHERE user_id = $1 AND course_id = $2', [ann.id, course])).length === 1,
    );
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it('refuses what does not exist (404), is not for sale or free (422), is your own (422), or was bought already (409)', async () => {
    const ann = await h.user();
    await h.fund(ann, 10_000);
    const pay = (item_id: string, who = ann) =>
      h.call(billingRoutes.initiatePayment, { body: { payment_method: 'wallet', item_type: 'course', item_id } }, who.caller);
    await expectAppError(pay(randomUUID()), 404, 'ITEM_NOT_FOUND');
    await expectAppError(pay(await h.course(instructor, 10, false)), 422, 'ITEM_NOT_FOR_SALE');
    await expectAppError(pay(await h.course(instructor, 0)), 422, 'ITEM_NOT_FOR_SALE');
    await expectAppError(pay(await h.course(instructor, 10), instructor), 422, 'OWN_ITEM');
    const once = await h.course(instructor, 5);
    await pay(once);
    // bought already: refused, whether catalog has enrolled the payer yet (409 either way) or not
    const again = await pay(once).catch((e: { status: number; code: string }) => e);
    expect(again).toMatchObject({ status: 409 });
    expect(await h.balance(ann)).toBe(10_000 - 500);
  });

  it('answers 422 Insufficient balance, on the amount field, and moves nothing', async () => {
    const ann = await h.user();
    await h.fund(ann, 100);
    const course = await h.course(instructor, 5);
    const e = await expectAppError(
      h.call(billingRoutes.initiatePayment, { body: { payment_method: 'wallet', item_type: 'course', item_id: course } }, ann.caller),
      422,
      'INSUFFICIENT_BALANCE',
    );
    expect([e.detail, e.errors]).toEqual(['Insufficient balance', [{ path: 'amount', message: 'Insufficient balance' }]]);
    expect(await h.balance(ann)).toBe(100);
  });

  it('200 concurrent payments against a balance that covers 100: exactly 100 succeed, the rest answer 422, and every balance is its entries', async () => {
    const ann = await h.user();
    await h.fund(ann, 100 * 100);
    const courses: string[] = [];
    for (let i = 0; i < 200; i += 20) courses.push(...(await Promise.all(Array.from({ length: 20 }, () => h.course(instructor, 1)))));
    const results = await Promise.allSettled(
      courses.map((id) =>
        h.call(billingRoutes.initiatePayment, { body: { payment_method: 'wallet', item_type: 'course', item_id: id } }, ann.caller),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(100);
    expect(new Set(refused.map((r) => `${r.reason.status} ${r.reason.code}`))).toEqual(new Set(['422 INSUFFICIENT_BALANCE']));
    expect(await h.balance(ann)).toBe(0);
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  }, 120_000);
});

describe('Idempotency-Key', () => {
  it('a retry answers the first answer and charges once; the same key with another body is refused', async () => {
    const ann = await h.user();
    await h.fund(ann, 10_000);
    const [a, b] = [await h.course(instructor, 3), await h.course(instructor, 4)];
    const key = `key-${randomUUID()}`;
    const req = (item_id: string) =>
      h.call(
        billingRoutes.initiatePayment,
        { body: { payment_method: 'wallet', item_type: 'course', item_id }, headers: { 'idempotency-key': key } },
        ann.caller,
      );
    // the first and its retry at the same moment: one waits for the other, then reads its answer
    const [first, retry] = await Promise.all([req(a), req(a)]);
    expect(retry).toEqual(first);
    expect(await h.balance(ann)).toBe(10_000 - 300);
    await expectAppError(req(b), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await h.balance(ann)).toBe(10_000 - 300);
  });
});

describe('top-up through the demo provider', () => {
  const topUp = async (who: TestUser, amount = 25, payment_method: 'telebirr' | 'mpesa' | 'chapa' = 'telebirr') =>
    h.call(billingRoutes.topUp, { body: { amount, payment_method } }, who.caller);

  it('opens a hosted checkout; paying there sends a signed webhook and credits the wallet once, replays change nothing', async () => {
    const ann = await h.user();
    const started = await topUp(ann, 25.5);
    expect(started).toMatchObject({ status: 'pending', checkout_url: expect.stringMatching(/^\/demo-checkout\/demo_/) });
    const reference = referenceOf(started.checkout_url);
    const page = await h.call(billingRoutes.demoCheckout, { params: { reference } }, ann.caller);
    expect(page).toMatchObject({
      provider: 'telebirr',
      amount: 25.5,
      currency: 'USD',
      status: 'open',
      return_url: `/wallet?payment=${started.transaction_id}`,
    });
    expect(await h.call(billingRoutes.demoCheckoutAct, { params: { reference }, body: { action: 'confirm' } }, ann.caller)).toEqual({
      status: 'paid',
      return_url: page.return_url,
    });
    expect(await h.balance(ann)).toBe(2550);
    expect(await h.call(billingRoutes.payment, { params: { id: started.transaction_id } }, ann.caller)).toMatchObject({
      status: 'completed',
      type: 'deposit',
    });
    // the provider's webhook again, validly signed: received, nothing moves
    const body = JSON.stringify({ event: 'charge.success', reference, status: 'success', amount_minor: 2550, currency: 'USD' });
    expect(
      await h.call(billingRoutes.webhook, { params: { provider: 'demo' }, body, headers: { 'x-demo-signature': sign(body) } }),
    ).toEqual({ received: true, status: 'ignored' });
    expect(await h.balance(ann)).toBe(2550);
    await expectAppError(
      h.call(billingRoutes.demoCheckoutAct, { params: { reference }, body: { action: 'confirm' } }, ann.caller),
      409,
      'CHECKOUT_CLOSED',
    );
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it('refuses a forged webhook (no signature, another secret, a re-signed altered body) and completes nothing', async () => {
    const ann = await h.user();
    const started = await topUp(ann, 10);
    const reference = referenceOf(started.checkout_url);
    const body = JSON.stringify({ event: 'charge.success', reference, status: 'success', amount_minor: 1000, currency: 'USD' });
    const hook = (b: string, signature?: string) =>
      h.call(billingRoutes.webhook, { params: { provider: 'demo' }, body: b, headers: signature ? { 'x-demo-signature': signature } : {} });
    await expectAppError(hook(body), 401, 'WEBHOOK_SIGNATURE_INVALID');
    await expectAppError(hook(body, sign(body, 'not-the-secret')), 401, 'WEBHOOK_SIGNATURE_INVALID');
    await expectAppError(hook(body.replace('1000', '100000'), sign(body)), 401, 'WEBHOOK_SIGNATURE_INVALID');
    // a valid signature only nudges: the provider's own record says the checkout is still open
    expect(await hook(body, sign(body))).toEqual({ received: true, status: 'pending' });
    expect(await h.balance(ann)).toBe(0);
    expect(await h.call(billingRoutes.payment, { params: { id: started.transaction_id } }, ann.caller)).toMatchObject({
      status: 'pending',
    });
  });

  it('refuses to complete when the provider collected another amount than ours', async () => {
    const ann = await h.user();
    const started = await topUp(ann, 10);
    const reference = referenceOf(started.checkout_url);
    await h.ds.query('UPDATE demo_checkouts SET amount_minor = 1 WHERE reference = $1', [reference]);
    await expectAppError(
      h.call(billingRoutes.demoCheckoutAct, { params: { reference }, body: { action: 'confirm' } }, ann.caller),
      422,
      'PAYMENT_AMOUNT_MISMATCH',
    );
    expect(await h.balance(ann)).toBe(0);
    expect(await h.call(billingRoutes.payment, { params: { id: started.transaction_id } }, ann.caller)).toMatchObject({
      status: 'pending',
    });
  });

  it('a cancelled checkout cancels the payment; an unpaid one expires; another person cannot see it', async () => {
    const [ann, ben] = [await h.user(), await h.user()];
    const course = await h.course(instructor, 12);
    const pending = await h.call(
      billingRoutes.initiatePayment,
      { body: { payment_method: 'mpesa', item_type: 'course', item_id: course } },
      ann.caller,
    );
    expect(pending).toMatchObject({ status: 'pending', amount_minor: 1200 });
    await expectAppError(h.call(billingRoutes.payment, { params: { id: pending.transaction_id } }, ben.caller), 404, 'PAYMENT_NOT_FOUND');
    await h.call(
      billingRoutes.demoCheckoutAct,
      { params: { reference: referenceOf(pending.checkout_url) }, body: { action: 'cancel' } },
      ann.caller,
    );
    expect(await h.call(billingRoutes.payment, { params: { id: pending.transaction_id } }, ann.caller)).toMatchObject({
      status: 'cancelled',
    });
    const later = await topUp(ann, 5);
    await h.ds.query(`UPDATE transactions SET expires_at = now() - interval '1 minute' WHERE id = $1`, [later.transaction_id]);
    expect((await h.internal(billingInternal.expirePending, {})).processed).toBeGreaterThanOrEqual(1);
    expect(await h.call(billingRoutes.payment, { params: { id: later.transaction_id } }, ann.caller)).toMatchObject({ status: 'expired' });
    const failed = (await h.outbox('billing.payment.failed')).map((e) => e.payload);
    expect(failed).toContainEqual(expect.objectContaining({ payment_id: pending.transaction_id, status: 'cancelled' }));
  });

  it('a provider-paid course: the instructor gets the share when the webhook completes it', async () => {
    const ann = await h.user();
    const course = await h.course(instructor, 20);
    const before = await h.balance(instructor);
    const pending: InitiatePaymentReply = await h.call(
      billingRoutes.initiatePayment,
      { body: { payment_method: 'chapa', item_type: 'course', item_id: course } },
      ann.caller,
    );
    expect(
      await h.call(billingRoutes.demoCheckout, { params: { reference: referenceOf(pending.checkout_url) } }, ann.caller),
    ).toMatchObject({ return_url: `/courses/${course}?payment=${pending.transaction_id}` });
    await h.call(
      billingRoutes.demoCheckoutAct,
      { params: { reference: referenceOf(pending.checkout_url) }, body: { action: 'confirm' } },
      ann.caller,
    );
    expect((await h.balance(instructor)) - before).toBe(1600);
    expect(await h.balance(ann)).toBe(0);
    await h.waitFor(
      async () =>
        (await h.catalog.ds.query('SELECT 1 FROM enrollments WHERE user_id = $1 AND course_id = $2', [ann.id, course])).length === 1,
    );
  });
});

describe('withdrawals', () => {
  const withdraw = (who: TestUser, amount: number, phone = '+251911223344') =>
    h.call(
      billingRoutes.withdraw,
      { body: { amount, method: 'mobile_money', account_details: { provider: 'telebirr', phone_number: phone } } },
      who.caller,
    );

  it('holds the amount at once; the payout completes it, or gives it back when the rail refuses', async () => {
    const ann = await h.user();
    await h.fund(ann, 5000);
    const ok = await withdraw(ann, 20);
    expect(ok).toMatchObject({ status: 'pending', message: 'Withdrawal requested. Processing takes 1-3 business days.' });
    expect(await h.balance(ann)).toBe(3000);
    const wallet = await h.call(billingRoutes.walletBalance, {}, ann.caller);
    expect(wallet).toMatchObject({ currency: 'USD', balance: 30, balance_minor: 3000, pending_withdrawals_minor: 2000 });
    expect(await h.internal(billingInternal.processWithdrawal, { transaction_id: ok.transaction_id })).toEqual({ status: 'completed' });
    expect(await h.internal(billingInternal.processWithdrawal, { transaction_id: ok.transaction_id })).toEqual({ status: 'already_done' });
    const refused = await withdraw(ann, 10, '+251900000000');
    expect(await h.internal(billingInternal.processWithdrawal, { transaction_id: refused.transaction_id })).toEqual({ status: 'failed' });
    expect(await h.balance(ann)).toBe(3000);
    expect(await h.call(billingRoutes.walletBalance, {}, ann.caller)).toMatchObject({ pending_withdrawals_minor: 0 });
    // each payout's outcome told once, in its own transaction (the second run of the paid one wrote nothing)
    const settled = (await h.outbox('billing.withdrawal.settled')).filter((e) => e.payload['user_id'] === ann.id).map((e) => e.payload);
    expect(settled).toEqual([
      expect.objectContaining({ transaction_id: ok.transaction_id, status: 'paid', amount_minor: 2000, currency: 'USD' }),
      expect.objectContaining({ transaction_id: refused.transaction_id, status: 'refused', amount_minor: 1000 }),
    ]);
    expect(String(settled[0]!['description'])).toMatch(/^Withdrawal to /);
    await expectAppError(withdraw(ann, 30.01), 422, 'INSUFFICIENT_BALANCE');
  });

  it('never overdraws under 200 concurrent withdrawals against a balance that covers 100', async () => {
    const ann = await h.user();
    await h.fund(ann, 100 * 100);
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => withdraw(ann, 1)));
    const reasons = new Set(results.flatMap((r) => (r.status === 'rejected' ? [`${r.reason.status} ${r.reason.code}`] : [])));
    expect(reasons).toEqual(new Set(['422 INSUFFICIENT_BALANCE']));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    expect(await h.balance(ann)).toBe(0);
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  }, 60_000);

  it('checks the mobile money and bank details (400, fields named)', async () => {
    const ann = await h.user();
    const e = await expectAppError(
      h.call(billingRoutes.withdraw, { body: { amount: 5, method: 'mobile_money', account_details: {} } }, ann.caller),
      400,
      'VALIDATION_FAILED',
    );
    expect(e.errors.map((x) => x.path).sort()).toEqual(['account_details.phone_number', 'account_details.provider']);
    const bank = await expectAppError(
      h.call(billingRoutes.withdraw, { body: { amount: 0.5, method: 'bank', account_details: {} } }, ann.caller),
      400,
      'VALIDATION_FAILED',
    );
    expect(bank.errors.map((x) => x.path).sort()).toEqual(['account_details.account_number', 'account_details.bank_name', 'amount']);
  });
});

describe('refunds and earnings', () => {
  it('a refund gives the payer the money back and reverses the share; earnings show the rest', async () => {
    const [ann, teacher] = [await h.user(), await h.user('instructor')];
    await h.fund(ann, 10_000);
    const [c1, c2] = [await h.course(teacher, 30), await h.course(teacher, 10)];
    const p1 = await h.call(
      billingRoutes.initiatePayment,
      { body: { payment_method: 'wallet', item_type: 'course', item_id: c1 } },
      ann.caller,
    );
    await h.call(billingRoutes.initiatePayment, { body: { payment_method: 'wallet', item_type: 'course', item_id: c2 } }, ann.caller);
    expect(await h.balance(teacher)).toBe(2400 + 800);
    const refund = await h.internal(billingInternal.refund, { payment_id: p1.transaction_id, reason: 'Course withdrawn' });
    expect(refund).toMatchObject({ status: 'refunded', amount_minor: 3000 });
    expect(await h.internal(billingInternal.refund, { payment_id: p1.transaction_id, reason: 'again' })).toMatchObject({
      status: 'already_refunded',
    });
    expect(await h.balance(ann)).toBe(10_000 - 1000);
    expect(await h.balance(teacher)).toBe(800);
    const earnings = await h.call(billingRoutes.earnings, {}, teacher.caller);
    expect(earnings).toMatchObject({ currency: 'USD', total_earned: 8, course_earnings: 8, mentor_earnings: 0, available_balance: 8 });
    expect(earnings.revenue_shares.map((s) => [s.gross_amount, s.recipient_amount, s.platform_fee_percentage, s.reversed])).toEqual([
      [10, 8, 20, false],
      [30, 24, 20, true],
    ]);
    expect(earnings.monthly).toHaveLength(12);
    expect(earnings.monthly.at(-1)).toMatchObject({ course: 8, mentoring: 0 });
    expect((await h.outbox('billing.payment.refunded')).map((e) => e.payload['payment_id'])).toContain(p1.transaction_id);
    await expectAppError(h.call(billingRoutes.earnings, {}, ann.caller), 403, 'FORBIDDEN');
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it('the database refuses an entry that would unbalance a journal, an edit of an entry, and a foreign currency', async () => {
    const ann = await h.user();
    await h.fund(ann, 500);
    const [acct] = (await h.ds.query(`SELECT id FROM accounts WHERE key = $1`, [`wallet:${ann.id}:USD`])) as Array<{ id: string }>;
    const unbalanced = h.ds.transaction(async (tx) => {
      const [j] = (await tx.query(`INSERT INTO ledger_journals (kind, description) VALUES ('deposit', 'x') RETURNING id`)) as Array<{
        id: string;
      }>;
      await tx.query(`INSERT INTO ledger_entries (journal_id, account_id, currency, amount) VALUES ($1, $2, 'USD', 100)`, [
        j!.id,
        acct!.id,
      ]);
    });
    await expect(unbalanced).rejects.toThrow(/does not sum to zero/);
    await expect(h.ds.query('UPDATE ledger_entries SET amount = amount + 1 WHERE account_id = $1', [acct!.id])).rejects.toThrow(
      /immutable/,
    );
    await expect(h.ds.query('DELETE FROM ledger_journals')).rejects.toThrow(/immutable/);
    const foreign = h.ds.transaction(async (tx) => {
      const [j] = (await tx.query(`INSERT INTO ledger_journals (kind, description) VALUES ('deposit', 'x') RETURNING id`)) as Array<{
        id: string;
      }>;
      await tx.query(`INSERT INTO ledger_entries (journal_id, account_id, currency, amount) VALUES ($1, $2, 'ETB', 100)`, [
        j!.id,
        acct!.id,
      ]);
    });
    await expect(foreign).rejects.toThrow(/ledger entry in ETB on an account in USD/);
    expect(await h.balance(ann)).toBe(500);
  });
});
