import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BillingErrorCode, billingInternal, billingRoutes, institutionRoutes } from '@lp/contracts';
import { callInternal, expectAppError, startTestService, type TestService } from '@lp/testing';
import { BillingModule } from '../src/app.module.js';
// billing prices a tier upgrade by asking institution over the bus: the real institution runs beside it
import { startHarness, type Harness, type Made, type U } from '../../institution/test/support/institution-harness.js';

/**
 * Item type institution_tier: billing takes the amount from institution (institution.tier.pricing),
 * never from the browser; the money is all the platform's; the wallet pays at once and a
 * provider's checkout later, institution changing the tier from billing.payment.completed.
 */
let h: Harness;
let billing: TestService;
let starterId: string;
let professionalId: string;

const referenceOf = (url: string | null) => decodeURIComponent(url!.split('/demo-checkout/')[1]!);
const tierOf = async (inst: Made) =>
  ((await h.system((tx) => tx.query(`SELECT tier_name FROM institutions WHERE id = $1`, [inst.id]))) as Array<{ tier_name: string }>)[0]!
    .tier_name;
const upgradeStatus = async (inst: Made) =>
  (
    (await h.system((tx) =>
      tx.query(`SELECT status FROM tier_upgrades WHERE institution_id = $1 ORDER BY created_at DESC LIMIT 1`, [inst.id]),
    )) as Array<{ status: string }>
  )[0]?.status;
async function until(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}
async function admin(birr: number): Promise<{ who: U; inst: Made }> {
  const who = await h.user('institution');
  const inst = await h.institution(who);
  if (birr > 0)
    await callInternal(h.client, billingInternal.seedWallet, {
      user_id: who.id,
      currency: 'ETB',
      deposit_minor: birr * 100,
      description: 'Test funds',
    });
  return { who, inst };
}
const upgrade = (who: U, inst: Made, tierId: string, method: 'wallet' | 'telebirr' = 'wallet', cycle: 'monthly' | 'yearly' = 'monthly') =>
  h.call(
    institutionRoutes.upgrade,
    { params: { id: inst.id }, body: { tier_id: tierId, billing_cycle: cycle, payment_method: method } },
    who,
  );

beforeAll(async () => {
  h = await startHarness();
  billing = await startTestService(BillingModule.create(h.env), h.env);
  const { tiers } = await h.call(institutionRoutes.tiers, {}, await h.user());
  starterId = tiers.find((t) => t.tier_name === 'starter')!.id;
  professionalId = tiers.find((t) => t.tier_name === 'professional')!.id;
}, 180_000);
afterAll(async () => {
  await billing?.stop();
  await h?.stop();
});

describe('paying for an institution tier', () => {
  it("charges the ETB wallet the tier's yearly price as institution says it, all of it the platform's revenue", async () => {
    const { who, inst } = await admin(30_000);
    const up = await upgrade(who, inst, starterId, 'wallet', 'yearly');
    expect(up).toMatchObject({ status: 'completed', amount_minor: 2_500_000, currency: 'ETB' });
    const [t] = (await billing.ds.query(
      `SELECT type, status, amount_minor::int AS amount_minor, currency, item_type, recipient_id, description FROM transactions WHERE id = $1`,
      [up.payment_id],
    )) as Array<Record<string, unknown>>;
    expect(t).toMatchObject({
      type: 'payment',
      status: 'completed',
      amount_minor: 2_500_000,
      currency: 'ETB',
      item_type: 'institution_tier',
      recipient_id: null,
    });
    expect(String(t!['description'])).toMatch(/^Institution tier: Starter tier \(yearly\) for /);
    expect(await billing.ds.query(`SELECT 1 FROM revenue_shares WHERE payment_id = $1`, [up.payment_id])).toEqual([]);
    const [event] = (await billing.ds.query(
      `SELECT payload FROM outbox WHERE name = 'billing.payment.completed' AND payload->>'payment_id' = $1`,
      [up.payment_id],
    )) as Array<{
      payload: Record<string, unknown>;
    }>;
    expect(event!.payload).toMatchObject({ item_type: 'institution_tier', amount_minor: 2_500_000, currency: 'ETB', user_id: who.id });
    expect(await tierOf(inst)).toBe('starter');
    // the upgrade is paid: billing will not take money for it again, whatever the browser says
    await expectAppError(
      h.call(
        billingRoutes.initiatePayment,
        { body: { item_type: 'institution_tier', item_id: String(event!.payload['item_id']), payment_method: 'wallet', amount: 1 } },
        who,
      ),
      422,
      BillingErrorCode.ITEM_NOT_FOR_SALE,
    );
  });

  it('opens a provider checkout (pending); confirming it there completes the payment and institution changes the tier', async () => {
    const { who, inst } = await admin(0);
    const up = await upgrade(who, inst, professionalId, 'telebirr');
    expect(up).toMatchObject({ status: 'pending', amount_minor: 750_000, checkout_url: expect.stringMatching(/^\/demo-checkout\//) });
    expect(await tierOf(inst)).toBe('free');
    const reference = referenceOf(up.checkout_url);
    const page = await h.call(billingRoutes.demoCheckout, { params: { reference } }, who);
    expect(page).toMatchObject({ amount_minor: 750_000, currency: 'ETB', return_url: `/institution/dashboard?payment=${up.payment_id}` });
    await h.call(billingRoutes.demoCheckoutAct, { params: { reference }, body: { action: 'confirm' } }, who);
    expect(await until(async () => (await tierOf(inst)) === 'professional')).toBe(true);
    expect(await upgradeStatus(inst)).toBe('completed');
  });

  it('a checkout cancelled at the provider fails the upgrade; the tier stays', async () => {
    const { who, inst } = await admin(0);
    const up = await upgrade(who, inst, starterId, 'telebirr');
    await h.call(billingRoutes.demoCheckoutAct, { params: { reference: referenceOf(up.checkout_url) }, body: { action: 'cancel' } }, who);
    expect(await until(async () => (await upgradeStatus(inst)) === 'failed')).toBe(true);
    expect(await tierOf(inst)).toBe('free');
  });

  it('a second payment for an upgrade already paid goes back to the wallet; the tier changes once', async () => {
    const { who, inst } = await admin(3000);
    const atCheckout = await upgrade(who, inst, starterId, 'telebirr');
    const [row] = (await h.system((tx) => tx.query(`SELECT id FROM tier_upgrades WHERE institution_id = $1`, [inst.id]))) as Array<{
      id: string;
    }>;
    // meanwhile the same upgrade is paid from the wallet in another tab
    const fromWallet = await h.call(
      billingRoutes.initiatePayment,
      { body: { item_type: 'institution_tier', item_id: row!.id, payment_method: 'wallet' } },
      who,
    );
    expect(fromWallet).toMatchObject({ status: 'completed', amount_minor: 250_000 });
    expect(await until(async () => (await tierOf(inst)) === 'starter')).toBe(true);
    // then the checkout is confirmed too: that payment is refunded
    await h.call(
      billingRoutes.demoCheckoutAct,
      {
        params: { reference: referenceOf(atCheckout.checkout_url) },
        body: { action: 'confirm' },
      },
      who,
    );
    const refunded = async () =>
      ((await billing.ds.query(`SELECT status FROM transactions WHERE id = $1`, [atCheckout.payment_id])) as Array<{ status: string }>)[0]
        ?.status;
    expect(await until(async () => (await refunded()) === 'refunded')).toBe(true);
    const [paid] = (await h.system((tx) => tx.query(`SELECT status, payment_id FROM tier_upgrades WHERE id = $1`, [row!.id]))) as Array<{
      status: string;
      payment_id: string;
    }>;
    expect(paid).toEqual({ status: 'completed', payment_id: fromWallet.transaction_id });
    const changed = (await h.system((tx) =>
      tx.query(`SELECT 1 FROM outbox WHERE name = 'institution.tier.changed' AND payload->>'institution_id' = $1`, [inst.id]),
    )) as unknown[];
    expect(changed).toHaveLength(1);
    // the wallet: 3,000 - 2,500 paid once, the checkout's 2,500 credited back
    expect((await h.call(billingRoutes.walletBalance, {}, who)).balances.find((b) => b.currency === 'ETB')?.balance_minor).toBe(300_000);
  });
});
