import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { billingInternal, billingRoutes } from '@lp/contracts';
import { UnitOfWork, parseEnv } from '@lp/service-kit';
import { BillingEnvSchema, type BillingEnv } from '../src/config/billing-env.js';
import { DemoProvider } from '../src/modules/providers/demo-provider.js';
import { ProviderRegistry } from '../src/modules/providers/provider-registry.js';
import { expectAppError } from '@lp/testing';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

jest.setTimeout(30_000);

/**
 * Issue 24's attack: a learner tops up a million through the demo checkout, confirms it
 * without a session and withdraws it. Here the checkout answers its payer only, the money it
 * credits is demo money, and a real payout rail (bank: manual) refuses it, the database
 * holding the rule. The mobile-money rails stay the demo rail (development's default).
 */
let h: BillingHarness;
let instructor: TestUser;
beforeAll(async () => {
  h = await BillingHarness.start({ PAYOUT_RAIL_BANK: 'manual' });
  instructor = await h.user('instructor');
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const invariants = async () => h.billing.app.get(LedgerRepository).invariantViolations();
const referenceOf = (url: string | null) => decodeURIComponent(url!.split('/demo-checkout/')[1]!);
const wallet = async (who: TestUser) => h.call(billingRoutes.walletBalance, {}, who.caller);
const toBank = (who: TestUser, amount: number) =>
  h.call(
    billingRoutes.withdraw,
    { body: { amount, method: 'bank', account_details: { bank_name: 'CBE', account_number: '1000123456', account_name: 'A' } } },
    who.caller,
  );
const toTelebirr = (who: TestUser, amount: number) =>
  h.call(
    billingRoutes.withdraw,
    { body: { amount, method: 'mobile_money', account_details: { provider: 'telebirr', phone_number: '+251911223344' } } },
    who.caller,
  );

async function demoTopUp(who: TestUser, amount: number): Promise<void> {
  const t = await h.call(billingRoutes.topUp, { body: { amount, payment_method: 'telebirr' } }, who.caller);
  await h.call(
    billingRoutes.demoCheckoutAct,
    { params: { reference: referenceOf(t.checkout_url) }, body: { action: 'confirm' } },
    who.caller,
  );
}

/** Real money, as a real provider's deposit puts it there (Chapa's clearing to the wallet). */
async function realDeposit(who: TestUser, minor: number): Promise<void> {
  const ledger = h.billing.app.get(LedgerRepository);
  await h.billing.app.get(UnitOfWork).run((tx) =>
    ledger.post(tx, { kind: 'deposit', transactionId: null, description: 'real deposit' }, [
      { account: { kind: 'provider_clearing', provider: 'chapa', currency: 'USD' }, amount: -minor },
      { account: { kind: 'wallet', ownerId: who.id, currency: 'USD' }, amount: minor },
    ]),
  );
}

describe('the demo checkout answers its payer only', () => {
  it('another user cannot see or confirm it (404, as a checkout that does not exist); the payer can', async () => {
    const [ann, eve] = [await h.user(), await h.user()];
    const t = await h.call(billingRoutes.topUp, { body: { amount: 1_000_000, payment_method: 'telebirr' } }, ann.caller);
    const reference = referenceOf(t.checkout_url);
    await expectAppError(h.call(billingRoutes.demoCheckout, { params: { reference } }, eve.caller), 404, 'PAYMENT_NOT_FOUND');
    await expectAppError(
      h.call(billingRoutes.demoCheckoutAct, { params: { reference }, body: { action: 'confirm' } }, eve.caller),
      404,
      'PAYMENT_NOT_FOUND',
    );
    expect(await h.balance(ann)).toBe(0);
    expect(await h.call(billingRoutes.demoCheckoutAct, { params: { reference }, body: { action: 'confirm' } }, ann.caller)).toMatchObject({
      status: 'paid',
    });
    expect(await wallet(ann)).toMatchObject({ balance_minor: 100_000_000, demo_balance_minor: 100_000_000 });
  });
});

describe('demo funds', () => {
  it('cannot leave to a real payout rail (422 DEMO_FUNDS_NOT_WITHDRAWABLE); the demo rail may pay them out', async () => {
    const ann = await h.user();
    await demoTopUp(ann, 1_000_000);
    const refused = await expectAppError(toBank(ann, 1_000_000), 422, 'DEMO_FUNDS_NOT_WITHDRAWABLE');
    expect(refused.detail).toMatch(/demo checkout is not real .* Withdrawable here: 0\.00 USD/);
    await expectAppError(toBank(ann, 1), 422, 'DEMO_FUNDS_NOT_WITHDRAWABLE');
    expect(await wallet(ann)).toMatchObject({ balance_minor: 100_000_000, pending_withdrawals_minor: 0 });
    // development's demo rail pays nothing real: it may take them
    const out = await toTelebirr(ann, 25);
    expect(await h.internal(billingInternal.processWithdrawal, { transaction_id: out.transaction_id })).toEqual({ status: 'completed' });
    expect(await wallet(ann)).toMatchObject({ balance_minor: 99_997_500, demo_balance_minor: 99_997_500 });
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it('real money beside them stays withdrawable, spending takes the demo money first, and the payout records only real money', async () => {
    const ann = await h.user();
    await demoTopUp(ann, 50);
    await realDeposit(ann, 1000);
    expect(await wallet(ann)).toMatchObject({ balance_minor: 6000, demo_balance_minor: 5000 });
    const course = await h.course(instructor, 20);
    await h.call(billingRoutes.initiatePayment, { body: { payment_method: 'wallet', item_type: 'course', item_id: course } }, ann.caller);
    expect(await wallet(ann)).toMatchObject({ balance_minor: 4000, demo_balance_minor: 3000 });
    await expectAppError(toBank(ann, 10.01), 422, 'DEMO_FUNDS_NOT_WITHDRAWABLE');
    const out = await toBank(ann, 10);
    expect(await wallet(ann)).toMatchObject({ balance_minor: 3000, demo_balance_minor: 3000, pending_withdrawals_minor: 1000 });
    expect(await h.internal(billingInternal.processWithdrawal, { transaction_id: out.transaction_id })).toEqual({ status: 'completed' });
    const [clearing] = (await h.ds.query(
      `SELECT sum(e.amount)::int AS amount, sum(e.demo_amount)::int AS demo FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
         JOIN accounts a ON a.id = e.account_id WHERE j.transaction_id = $1 AND a.key = 'provider_clearing:payout_bank:USD'`,
      [out.transaction_id],
    )) as Array<{ amount: number; demo: number }>;
    expect(clearing).toEqual({ amount: 1000, demo: 0 });
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it("follow the money: a sale paid with them is the seller's demo money, and a refund gives the buyer demo money back", async () => {
    const seller = await h.user('instructor');
    const ann = await h.user();
    await demoTopUp(ann, 100);
    const course = await h.course(seller, 40);
    const paid = await h.call(
      billingRoutes.initiatePayment,
      { body: { payment_method: 'wallet', item_type: 'course', item_id: course } },
      ann.caller,
    );
    expect(await wallet(seller)).toMatchObject({ balance_minor: 3200, demo_balance_minor: 3200 });
    await expectAppError(toBank(seller, 1), 422, 'DEMO_FUNDS_NOT_WITHDRAWABLE');
    await h.internal(billingInternal.refund, { payment_id: paid.transaction_id, reason: 'test' });
    expect(await wallet(ann)).toMatchObject({ balance_minor: 10_000, demo_balance_minor: 10_000 });
    expect(await wallet(seller)).toMatchObject({ balance_minor: 0, demo_balance_minor: 0 });
    expect(await invariants()).toEqual({ accounts: [], unbalancedJournals: 0 });
  });

  it('the database refuses demo money on a real clearing account, whatever the code asks', async () => {
    const ann = await h.user();
    await demoTopUp(ann, 5);
    const ledger = h.billing.app.get(LedgerRepository);
    const attempt = h.billing.app.get(UnitOfWork).run((tx) =>
      ledger.post(tx, { kind: 'withdrawal_payout', transactionId: null, description: 'forged' }, [
        { account: { kind: 'wallet', ownerId: ann.id, currency: 'USD' }, amount: -500 },
        { account: { kind: 'provider_clearing', provider: 'payout_bank', currency: 'USD' }, amount: 500 },
      ]),
    );
    await expect(attempt).rejects.toMatchObject({ constraint: 'ledger_entries_demo_only_on_demo_accounts' });
    expect(await wallet(ann)).toMatchObject({ balance_minor: 500, demo_balance_minor: 500 });
  });
});

describe('a method with no provider', () => {
  it('is unavailable (422 PAYMENT_METHOD_UNAVAILABLE): what production does with an unset method', async () => {
    const env = parseEnv(BillingEnvSchema, { NODE_ENV: 'production', CHAPA_SECRET_KEY: 'k' });
    const registry = new ProviderRegistry(env as BillingEnv, h.billing.app.get(DemoProvider), {} as never, {} as never, {} as never);
    for (const method of ['telebirr', 'mpesa'] as const)
      expect(() => registry.forMethod(method)).toThrow(expect.objectContaining({ status: 422, code: 'PAYMENT_METHOD_UNAVAILABLE' }));
    expect(registry.forMethod('chapa')).toBeDefined();
    // nor is the demo's webhook or page there: no method is on it
    expect(registry.byName('demo')).toBeNull();
    expect(registry.demoInUse).toBe(false);
  });
});
