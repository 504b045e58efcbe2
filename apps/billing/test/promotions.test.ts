import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { billingInternal, billingRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { BillingHarness } from './support/billing-harness.js';

jest.setTimeout(60_000);

/** billing.promotion.credit: gamification's referral rewards, paid from the platform's promotions account once per key. */
let h: BillingHarness;
beforeAll(async () => {
  h = await BillingHarness.start();
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const credit = (userId: string, key = randomUUID(), amount_minor = 500) => ({
  idempotency_key: key,
  user_id: userId,
  amount_minor,
  currency: 'USD' as const,
  reason: 'referral_reward' as const,
  memo: 'Referral reward: a friend completed their first lesson',
});

const promotionsSum = async (): Promise<number> =>
  h.billing.app.get(LedgerRepository).entriesSum({ kind: 'platform_promotions', currency: 'USD' });

const journalsOf = async (key: string): Promise<number> => {
  const [row] = (await h.ds.query(
    `SELECT count(*)::int AS n FROM ledger_journals j JOIN promotion_credits p ON p.transaction_id = j.transaction_id WHERE p.idempotency_key = $1`,
    [key],
  )) as Array<{ n: number }>;
  return row!.n;
};

describe('billing.promotion.credit', () => {
  it('credits the wallet once, as real money from the platform promotions account, shown in the history', async () => {
    const ann = await h.user('learner');
    const before = await promotionsSum();
    const req = credit(ann.id);
    const r = await h.internal(billingInternal.creditPromotion, req);
    expect(r.credited).toBe(true);
    const wallet = await h.call(billingRoutes.walletBalance, {}, ann.caller);
    // the platform pays it: real money, not demo funds
    expect(wallet).toMatchObject({ balance_minor: 500, demo_balance_minor: 0 });
    expect(await promotionsSum()).toBe(before - 500);
    const history = await h.call(billingRoutes.transactions, {}, ann.caller);
    expect(history.transactions).toEqual([
      expect.objectContaining({
        id: r.transaction_id,
        type: 'deposit',
        direction: 'credit',
        status: 'completed',
        amount_minor: 500,
        description: req.memo,
      }),
    ]);
  });

  it('the same key twice is one credit; the second answers the first transaction with credited false', async () => {
    const ben = await h.user('learner');
    const req = credit(ben.id);
    const first = await h.internal(billingInternal.creditPromotion, req);
    const again = await h.internal(billingInternal.creditPromotion, req);
    expect(again).toEqual({ transaction_id: first.transaction_id, credited: false });
    expect(await h.balance(ben)).toBe(500);
    expect(await journalsOf(req.idempotency_key)).toBe(1);
  });

  it('10 concurrent calls with the same key pay once, and the ledger balances', async () => {
    const cai = await h.user('learner');
    const before = await promotionsSum();
    const req = credit(cai.id, randomUUID(), 700);
    const replies = await Promise.all(Array.from({ length: 10 }, () => h.internal(billingInternal.creditPromotion, req)));
    expect(replies.filter((r) => r.credited)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.transaction_id)).size).toBe(1);
    expect(await h.balance(cai)).toBe(700);
    expect(await promotionsSum()).toBe(before - 700);
    expect(await journalsOf(req.idempotency_key)).toBe(1);
    expect(await h.billing.app.get(LedgerRepository).invariantViolations()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it('different keys are different credits', async () => {
    const dan = await h.user('learner');
    await h.internal(billingInternal.creditPromotion, credit(dan.id));
    await h.internal(billingInternal.creditPromotion, credit(dan.id));
    expect(await h.balance(dan)).toBe(1000);
  });

  it('refuses a key reused for another user or amount, and pays nothing for it', async () => {
    const eve = await h.user('learner');
    const fay = await h.user('learner');
    const req = credit(eve.id);
    await h.internal(billingInternal.creditPromotion, req);
    await expectAppError(h.internal(billingInternal.creditPromotion, { ...req, user_id: fay.id }), 422, 'IDEMPOTENCY_KEY_REUSED');
    await expectAppError(h.internal(billingInternal.creditPromotion, { ...req, amount_minor: 900 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await h.balance(fay)).toBe(0);
    expect(await h.balance(eve)).toBe(500);
  });

  it('refuses a non-positive amount before anything is written', async () => {
    const gil = await h.user('learner');
    await expectAppError(h.internal(billingInternal.creditPromotion, credit(gil.id, randomUUID(), 0)), 400, 'VALIDATION_FAILED');
    expect(await h.balance(gil)).toBe(0);
  });
});
