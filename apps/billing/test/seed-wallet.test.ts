import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { billingInternal, billingRoutes } from '@lp/contracts';
import { SeedHandlers } from '../src/modules/seed/seed.handlers.js';
import { BillingModule } from '../src/app.module.js';
import { BillingHarness } from './support/billing-harness.js';

jest.setTimeout(30_000);

/** The demo data's deposits (`billing.seed.wallet`): a development-only module, not part of the wallet. */
let h: BillingHarness;
beforeAll(async () => {
  h = await BillingHarness.start();
}, 60_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

describe('billing.seed.wallet', () => {
  it('deposits once per (user, description), also when seeds run at once, as demo funds', async () => {
    const ann = await h.user('learner');
    const deposit = { user_id: ann.id, currency: 'USD' as const, deposit_minor: 25_000, description: 'Wallet top-up via telebirr' };
    const replies = await Promise.all([1, 2, 3].map(() => h.internal(billingInternal.seedWallet, deposit)));
    const again = await h.internal(billingInternal.seedWallet, deposit);
    expect(again).toEqual({ balance_minor: 25_000 });
    expect(replies.map((r) => r.balance_minor)).toContain(25_000);
    const wallet = await h.call(billingRoutes.walletBalance, {}, ann.caller);
    expect(wallet).toMatchObject({ balance_minor: 25_000, demo_balance_minor: 25_000 });
    const other = await h.internal(billingInternal.seedWallet, { ...deposit, description: 'Wallet top-up via M-Pesa' });
    expect(other).toEqual({ balance_minor: 50_000 });
  });

  it('is not even constructed in production', () => {
    const providers = BillingModule.create({ NODE_ENV: 'production' }).providers ?? [];
    expect(providers).not.toContain(SeedHandlers);
    expect(BillingModule.create({ NODE_ENV: 'development' }).providers).toContain(SeedHandlers);
  });
});
