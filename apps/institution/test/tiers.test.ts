import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  AppError,
  BillingErrorCode,
  billingEvents,
  billingInternal,
  billingRoutes,
  InstitutionErrorCode,
  institutionInternal,
  institutionRoutes,
} from '@lp/contracts';
import { connectBus, encode, eventSubject } from '@lp/bus';
import { callInternal, expectAppError, startTestService, type TestService } from '@lp/testing';
import { BillingModule } from '../../billing/src/app.module.js';
import { applyScope } from '../src/common/tenancy.js';
import { TierLimits } from '../src/modules/tiers/tier-limits.js';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Tiers, usage and the paid upgrade against real PostgreSQL and NATS, with the real billing
 * service on the same bus: billing prices the upgrade with institution, the wallet pays, the
 * tier changes once however often billing's event arrives.
 */
let h: Harness;
let billing: TestService;
/** the reusable check other modules call before adding, as the service holds it */
const assertWithinTier = (...args: Parameters<TierLimits['assertWithinTier']>) => h.svc.app.get(TierLimits).assertWithinTier(...args);
let nc: NatsConnection;
let js: JetStreamClient;
type TierList = Awaited<ReturnType<typeof listTiers>>;
let tiers: TierList;

const listTiers = async (who: U) => (await h.call(institutionRoutes.tiers, {}, who)).tiers;
const tierNamed = (name: string) => tiers.find((t) => t.tier_name === name)!;
const tierOf = async (inst: Made) =>
  ((await h.system((tx) => tx.query(`SELECT tier_name FROM institutions WHERE id = $1`, [inst.id]))) as Array<{ tier_name: string }>)[0]!
    .tier_name;
const tierChangedEvents = async (inst: Made) =>
  (await h.system((tx) =>
    tx.query(`SELECT payload FROM outbox WHERE name = 'institution.tier.changed' AND payload->>'institution_id' = $1 ORDER BY seq`, [
      inst.id,
    ]),
  )) as Array<{
    payload: Record<string, unknown>;
  }>;
const upgradeRow = async (id: string) =>
  (
    (await h.system((tx) => tx.query(`SELECT status, payment_id, to_tier FROM tier_upgrades WHERE id = $1`, [id]))) as Array<{
      status: string;
      payment_id: string | null;
      to_tier: string;
    }>
  )[0];
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

beforeAll(async () => {
  h = await startHarness();
  billing = await startTestService(BillingModule.create(h.env), h.env);
  nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'billing-stand-in' });
  js = jetstream(nc);
  tiers = await listTiers(await h.user('learner'));
}, 180_000);
afterAll(async () => {
  await nc?.close();
  await billing?.stop();
  await h?.stop();
});

describe('tiers', () => {
  it('lists the four seeded tiers in display order, prices in ETB with the yearly saving', async () => {
    expect(tiers.map((t) => t.tier_name)).toEqual(['free', 'starter', 'professional', 'enterprise']);
    expect(tiers.map((t) => t.display_order)).toEqual([1, 2, 3, 4]);
    const starter = tierNamed('starter');
    expect(starter).toMatchObject({
      currency: 'ETB',
      price_monthly: 2500,
      price_monthly_minor: 250_000,
      price_yearly: 25_000,
      price_yearly_minor: 2_500_000,
      api_access: true,
    });
    // 1 - 25,000 / (12 x 2,500) = 16.7%
    expect(starter.yearly_saving_percent).toBe(17);
    expect(tierNamed('professional').yearly_saving_percent).toBe(20);
    expect(tierNamed('enterprise').yearly_saving_percent).toBe(25);
    expect(tierNamed('free')).toMatchObject({ price_monthly_minor: 0, yearly_saving_percent: 0, api_access: false });
    expect(tierNamed('enterprise')).toMatchObject({ max_students: null, max_subsidiaries: null, priority_support: true });
  });

  it('shows an inactive tier to the platform admin only', async () => {
    const id = randomUUID();
    await h.system((tx) =>
      tx.query(
        `INSERT INTO tiers (id, tier_name, display_name, price_monthly_minor, price_yearly_minor, is_active, display_order) VALUES ($1, $2, 'Retired', 100, 1000, false, 9)`,
        [id, `retired-${id.slice(0, 6)}`],
      ),
    );
    const admin = await h.user('admin');
    const all = (await h.call(institutionRoutes.adminTiers, {}, admin)).tiers;
    expect(all.map((t) => t.id)).toContain(id);
    expect(all.find((t) => t.id === id)!.yearly_saving_percent).toBe(17);
    expect((await listTiers(admin)).map((t) => t.id)).not.toContain(id);
    await h.system((tx) => tx.query(`DELETE FROM tiers WHERE id = $1`, [id]));
  });
});

describe('usage', () => {
  it("counts the whole top institution's subtree against its tier, percentages capped at 100 and null when unlimited", async () => {
    const admin = await h.user('institution');
    const top = await h.institution(admin);
    const branch = await h.institution(null, { parent: top });
    const tierName = `tiny-${randomUUID().slice(0, 6)}`;
    await h.system(async (tx) => {
      await tx.query(
        `INSERT INTO tiers (id, tier_name, display_name, price_monthly_minor, price_yearly_minor, display_order, max_students, max_faculty, max_courses, max_storage_gb, max_api_calls_monthly, max_subsidiaries)
         VALUES ($1, $2, 'Tiny', 100, 1000, 8, 2, NULL, 4, 1, 100, 4)`,
        [randomUUID(), tierName],
      );
      await tx.query(`UPDATE institutions SET tier_name = $2 WHERE id = $1`, [top.id, tierName]);
    });
    const [s1, s2, s3, f1] = [await h.user(), await h.user(), await h.user(), await h.user('instructor')];
    await h.member(top, s1, 'student');
    await h.member(branch, s2, 'student');
    await h.member(branch, s3, 'student');
    // one person in two institutions of the subtree counts once
    await h.member(top, s3, 'student');
    await h.member(branch, f1, 'faculty');
    await h.system(async (tx) => {
      await tx.query(
        `INSERT INTO courses (id, institution_id, title, category, created_at, updated_at) VALUES ($1, $2, 'C1', 'programming', now(), now()), ($3, $4, 'C2', 'programming', now(), now())`,
        [randomUUID(), top.id, randomUUID(), branch.id],
      );
      const key = `INSERT INTO api_keys (id, institution_id, key_name, key_prefix, key_hash, created_by, total_calls, last_used_at) VALUES ($1, $2, 'k', 'lp_x', $3, $4, $5, $6)`;
      await tx.query(key, [randomUUID(), branch.id, randomUUID(), admin.id, 30, new Date()]);
      // a key last used before this month is not counted in this month's calls
      await tx.query(key, [randomUUID(), top.id, randomUUID(), admin.id, 500, new Date(Date.now() - 62 * 86_400_000)]);
    });

    const usage = await h.call(institutionRoutes.usage, { params: { id: top.id } }, admin);
    expect(usage).toEqual({
      tier_name: tierName,
      current_usage: { students: 3, faculty: 1, courses: 2, storage_gb: 0, api_calls_this_month: 30, subsidiaries: 1 },
      limits: { students: 2, faculty: null, courses: 4, storage_gb: 1, api_calls_monthly: 100, subsidiaries: 4 },
      usage_percentage: { students: 100, faculty: null, courses: 50, storage_gb: 0, api_calls_this_month: 30, subsidiaries: 25 },
    });
    // a subsidiary's page shows its top institution's tier and use
    expect(await h.call(institutionRoutes.usage, { params: { id: branch.id } }, admin)).toEqual(usage);

    // the reusable check other modules call before adding
    await h.system(async (tx) => {
      await expectAppError(assertWithinTier(tx, top.id, 'students', 1), 422, InstitutionErrorCode.TIER_LIMIT);
      await assertWithinTier(tx, top.id, 'faculty', 1000);
      await assertWithinTier(tx, top.id, 'courses', 2);
      await expectAppError(assertWithinTier(tx, top.id, 'courses', 3), 422, InstitutionErrorCode.TIER_LIMIT);
    });
  });

  it('checks a limit from inside a tenant transaction of a subsidiary admin, without widening what it sees', async () => {
    const admin = await h.user('institution');
    const top = await h.institution(admin);
    const branchAdmin = await h.user('institution');
    const branch = await h.institution(branchAdmin, { parent: top });
    const tierName = `one-${randomUUID().slice(0, 6)}`;
    await h.system(async (tx) => {
      await tx.query(
        `INSERT INTO tiers (id, tier_name, display_name, price_monthly_minor, price_yearly_minor, max_students) VALUES ($1, $2, 'One', 1, 1, 1)`,
        [randomUUID(), tierName],
      );
      await tx.query(`UPDATE institutions SET tier_name = $2 WHERE id = $1`, [top.id, tierName]);
    });
    await h.member(top, await h.user(), 'student');
    // the branch admin sees none of the top's students, yet the top's tier is full
    const usage = await h.call(institutionRoutes.usage, { params: { id: branch.id } }, branchAdmin);
    expect(usage.current_usage.students).toBe(1);
    expect(usage.usage_percentage['students']).toBe(100);
    // the check inside the branch admin's own transaction: refused, and the scope is as it was
    await h.svc.ds.transaction(async (tx) => {
      await applyScope(tx, { userId: branchAdmin.id, roots: [branch.id], visible: [branch.id] });
      const seen = async () => ((await tx.query(`SELECT id FROM institutions ORDER BY id`)) as Array<{ id: string }>).map((r) => r.id);
      expect(await seen()).toEqual([branch.id]);
      await expectAppError(assertWithinTier(tx, top.id, 'students', 1), 422, InstitutionErrorCode.TIER_LIMIT);
      expect(await seen()).toEqual([branch.id]);
      await assertWithinTier(tx, top.id, 'faculty', 5);
      expect(await seen()).toEqual([branch.id]);
    });
    // another tenant's admin learns nothing
    const stranger = await h.user('institution');
    await h.institution(stranger);
    await expectAppError(
      h.call(institutionRoutes.usage, { params: { id: top.id } }, stranger),
      404,
      InstitutionErrorCode.INSTITUTION_NOT_FOUND,
    );
  });
});

describe('upgrade', () => {
  const upgrade = (who: U, inst: Made, tierId: string, extra: Record<string, unknown> = {}) =>
    h.call(
      institutionRoutes.upgrade,
      { params: { id: inst.id }, body: { tier_id: tierId, billing_cycle: 'monthly', payment_method: 'wallet', ...extra } as never },
      who,
    );
  const fund = (who: U, birr: number) =>
    callInternal(h.client, billingInternal.seedWallet, {
      user_id: who.id,
      currency: 'ETB',
      deposit_minor: birr * 100,
      description: 'Test funds',
    });
  const etb = async (who: U) =>
    (await h.call(billingRoutes.walletBalance, {}, who)).balances.find((b) => b.currency === 'ETB')?.balance_minor ?? 0;

  it('refuses the current tier, an unknown or inactive tier, and anyone but an admin of the top institution', async () => {
    const admin = await h.user('institution');
    const inst = await h.institution(admin);
    await expectAppError(upgrade(admin, inst, tierNamed('free').id), 422, InstitutionErrorCode.SAME_TIER);
    await expectAppError(upgrade(admin, inst, randomUUID()), 404, InstitutionErrorCode.TIER_NOT_FOUND);
    const retired = randomUUID();
    await h.system((tx) =>
      tx.query(
        `INSERT INTO tiers (id, tier_name, display_name, price_monthly_minor, price_yearly_minor, is_active) VALUES ($1, $2, 'Gone', 100, 100, false)`,
        [retired, `gone-${retired.slice(0, 6)}`],
      ),
    );
    await expectAppError(upgrade(admin, inst, retired), 404, InstitutionErrorCode.TIER_NOT_FOUND);

    const reader = await h.user('institution');
    await h.member(inst, reader, 'admin', 'readonly');
    await expectAppError(upgrade(reader, inst, tierNamed('starter').id), 403, InstitutionErrorCode.READONLY_ACCESS);
    const standard = await h.user('institution');
    await h.member(inst, standard, 'admin', 'standard');
    await expectAppError(upgrade(standard, inst, tierNamed('starter').id), 403, InstitutionErrorCode.ADMIN_ACCESS_REQUIRED);
    const branchAdmin = await h.user('institution');
    const branch = await h.institution(branchAdmin, { parent: inst });
    await expectAppError(upgrade(branchAdmin, branch, tierNamed('starter').id), 403, InstitutionErrorCode.ADMIN_ACCESS_REQUIRED);
    const stranger = await h.user('institution');
    await h.institution(stranger);
    await expectAppError(upgrade(stranger, inst, tierNamed('starter').id), 404, InstitutionErrorCode.INSTITUTION_NOT_FOUND);
    expect(await tierOf(inst)).toBe('free');
    expect(await h.system((tx) => tx.query(`SELECT 1 FROM tier_upgrades WHERE institution_id = $1`, [inst.id]))).toEqual([]);
  });

  it('pays from the wallet through billing: completed at once, the tier changed and one tier.changed event', async () => {
    const admin = await h.user('institution');
    const inst = await h.institution(admin);
    const branch = await h.institution(null, { parent: inst });
    const starter = tierNamed('starter');
    await fund(admin, 3000);
    // the route may be called on a subsidiary: the top institution takes the tier
    const up = await upgrade(admin, branch, starter.id);
    expect(up).toMatchObject({ status: 'completed', checkout_url: null, tier_name: 'starter', amount_minor: 250_000, currency: 'ETB' });
    expect(await tierOf(inst)).toBe('starter');
    expect(await tierOf(branch)).toBe('free');
    expect(await etb(admin)).toBe(300_000 - 250_000);

    // billing's side: a completed ETB payment of the tier's price, all of it the platform's
    const payment = await h.call(billingRoutes.payment, { params: { id: up.payment_id } }, admin);
    expect(payment).toMatchObject({ status: 'completed', amount_minor: 250_000, currency: 'ETB', item_type: 'institution_tier' });

    // billing's payment event arrives later and changes nothing more
    const [sent] = (await billing.ds.query(
      `SELECT id FROM outbox WHERE name = 'billing.payment.completed' AND payload->>'payment_id' = $1`,
      [up.payment_id],
    )) as Array<{ id: string }>;
    const handled = await until(
      async () => (await h.system((tx) => tx.query(`SELECT 1 FROM inbox WHERE event_id = $1`, [sent!.id]))) as unknown[],
      (rows) => rows.length > 0,
    );
    expect(handled).toHaveLength(1);
    const events = await tierChangedEvents(inst);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      institution_id: inst.id,
      from_tier: 'free',
      to_tier: 'starter',
      billing_cycle: 'monthly',
      payment_id: up.payment_id,
      amount_minor: 250_000,
      currency: 'ETB',
    });

    // and the same tier again is refused
    await expectAppError(upgrade(admin, inst, starter.id), 422, InstitutionErrorCode.SAME_TIER);
  });

  it("lets an admin of both the top and a subsidiary upgrade from the subsidiary's page", async () => {
    const founder = await h.user('institution');
    const inst = await h.institution(founder);
    const both = await h.user('institution');
    await h.member(inst, both, 'admin', 'admin');
    const branch = await h.institution(both, { parent: inst });
    await fund(both, 20_000);
    const up = await upgrade(both, branch, tierNamed('enterprise').id);
    expect(up).toMatchObject({ status: 'completed', tier_name: 'enterprise', amount_minor: 2_000_000 });
    expect(await tierOf(inst)).toBe('enterprise');
  });

  it('refuses an upgrade the wallet cannot pay: the upgrade fails and the tier stays', async () => {
    const admin = await h.user('institution');
    const inst = await h.institution(admin);
    await fund(admin, 10);
    await expectAppError(
      upgrade(admin, inst, tierNamed('professional').id, { billing_cycle: 'yearly' }),
      422,
      BillingErrorCode.INSUFFICIENT_BALANCE,
    );
    expect(await tierOf(inst)).toBe('free');
    const rows = (await h.system((tx) =>
      tx.query(`SELECT status, amount_minor FROM tier_upgrades WHERE institution_id = $1`, [inst.id]),
    )) as Array<{ status: string; amount_minor: number }>;
    expect(rows).toEqual([{ status: 'failed', amount_minor: 7_200_000 }]);
    expect(await etb(admin)).toBe(1000);
  });

  it("prices an upgrade for billing only for the admin who started it, never another's", async () => {
    const admin = await h.user('institution');
    const inst = await h.institution(admin);
    const id = randomUUID();
    await h.system((tx) =>
      tx.query(
        `INSERT INTO tier_upgrades (id, institution_id, requested_by, from_tier, to_tier, billing_cycle, amount_minor) VALUES ($1, $2, $3, 'free', 'enterprise', 'yearly', 18000000)`,
        [id, inst.id, admin.id],
      ),
    );
    expect(await callInternal(h.client, institutionInternal.tierPricing, { item_id: id, user_id: admin.id })).toMatchObject({
      upgrade_id: id,
      amount_minor: 18_000_000,
      currency: 'ETB',
      status: 'pending',
      tier_name: 'enterprise',
    });
    const err = await callInternal(h.client, institutionInternal.tierPricing, { item_id: id, user_id: randomUUID() }).catch(
      (e: unknown) => e,
    );
    expect(AppError.isAppError(err) && err.status).toBe(404);
    // the browser cannot pay someone else's upgrade through billing's public route
    const stranger = await h.user('institution');
    await expectAppError(
      h.call(
        billingRoutes.initiatePayment,
        { body: { item_type: 'institution_tier', item_id: id, payment_method: 'wallet', amount: 1 } },
        stranger,
      ),
      404,
      BillingErrorCode.ITEM_NOT_FOUND,
    );
  });

  describe("billing's payment events, delivered straight onto the stream", () => {
    const envelope = (name: string, payload: Record<string, unknown>, id: string = randomUUID()) => ({
      id,
      name,
      occurred_at: new Date().toISOString(),
      payload,
    });
    const publish = async (e: ReturnType<typeof envelope>) => js.publish(eventSubject(h.env.BUS_PREFIX!, e.name), encode(e));
    async function pending(admin: U, inst: Made): Promise<string> {
      const id = randomUUID();
      await h.system((tx) =>
        tx.query(
          `INSERT INTO tier_upgrades (id, institution_id, requested_by, from_tier, to_tier, billing_cycle, amount_minor) VALUES ($1, $2, $3, 'free', 'professional', 'monthly', 750000)`,
          [id, inst.id, admin.id],
        ),
      );
      return id;
    }
    const payment = (upgradeId: string, paymentId: string, who: U) => ({
      v: 1,
      payment_id: paymentId,
      user_id: who.id,
      item_type: 'institution_tier',
      item_id: upgradeId,
      amount: 7500,
      amount_minor: 750_000,
      currency: 'ETB',
      payment_method: 'telebirr',
    });

    it('a completed payment delivered twice (and once more under a new envelope) changes the tier once', async () => {
      const admin = await h.user('institution');
      const inst = await h.institution(admin);
      const id = await pending(admin, inst);
      const paymentId = randomUUID();
      const completed = envelope(billingEvents.paymentCompleted.name, {
        ...payment(id, paymentId, admin),
        completed_at: new Date().toISOString(),
      });
      await publish(completed);
      await publish(completed);
      await publish(
        envelope(billingEvents.paymentCompleted.name, { ...payment(id, paymentId, admin), completed_at: new Date().toISOString() }),
      );
      expect(
        (
          await until(
            () => upgradeRow(id),
            (r) => r?.status === 'completed',
          )
        )?.status,
      ).toBe('completed');
      // a marker after them: once it is handled, the ones before it are too
      const marker = await pending(admin, await h.institution(admin));
      await publish(
        envelope(billingEvents.paymentCompleted.name, { ...payment(marker, randomUUID(), admin), completed_at: new Date().toISOString() }),
      );
      await until(
        () => upgradeRow(marker),
        (r) => r?.status === 'completed',
      );
      expect(await upgradeRow(id)).toEqual({ status: 'completed', payment_id: paymentId, to_tier: 'professional' });
      expect(await tierOf(inst)).toBe('professional');
      const events = await tierChangedEvents(inst);
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toMatchObject({ from_tier: 'free', to_tier: 'professional', payment_id: paymentId });
    });

    it('a failed payment fails its upgrade and leaves the tier; other item types are not ours', async () => {
      const admin = await h.user('institution');
      const inst = await h.institution(admin);
      const id = await pending(admin, inst);
      await publish(
        envelope(billingEvents.paymentCompleted.name, {
          ...payment(id, randomUUID(), admin),
          item_type: 'course',
          completed_at: new Date().toISOString(),
        }),
      );
      await publish(
        envelope(billingEvents.paymentFailed.name, {
          ...payment(id, randomUUID(), admin),
          status: 'cancelled',
          failed_at: new Date().toISOString(),
        }),
      );
      expect(
        (
          await until(
            () => upgradeRow(id),
            (r) => r?.status === 'failed',
          )
        )?.status,
      ).toBe('failed');
      expect(await tierOf(inst)).toBe('free');
      expect(await tierChangedEvents(inst)).toHaveLength(0);
    });
  });
});
