import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { AppError, billingInternal, billingRoutes, toMinor } from '@lp/contracts';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { splitSale } from '../src/modules/payments/payments.service.js';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

/**
 * Property-based: random sequences of top-ups (paid or cancelled at the checkout), course
 * payments (fresh and retried under their Idempotency-Key), withdrawals (paid out or refused by
 * the rail), refunds and replayed webhooks, run against the real service and database. After
 * every step the balances equal a simple model; after every sequence no wallet is negative,
 * every balance is the sum of its entries and every journal sums to zero.
 */
const SECRET = 'demo-provider-secret-for-development-only';
const PRICES = [0.99, 1, 2.5, 5, 9.99, 12, 20, 33.33];

type Op =
  | { kind: 'topup'; amount: number; pay: boolean }
  | { kind: 'replay' }
  | { kind: 'buy'; course: number; retry: boolean }
  | { kind: 'withdraw'; amount: number; refused: boolean }
  | { kind: 'refund'; which: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 60 }), pay: fc.boolean() }),
  fc.record({ kind: fc.constant('replay' as const) }),
  fc.record({ kind: fc.constant('buy' as const), course: fc.nat({ max: PRICES.length - 1 }), retry: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 40 }), refused: fc.boolean() }),
  fc.record({ kind: fc.constant('refund' as const), which: fc.nat({ max: 5 }) }),
);

let h: BillingHarness;
let instructor: TestUser;
beforeAll(async () => {
  h = await BillingHarness.start();
  instructor = await h.user('instructor');
}, 120_000);
afterAll(async () => {
  await h.stop();
}, 60_000);

const status = (e: unknown) => (AppError.isAppError(e) ? `${e.status} ${e.code}` : String(e));

describe('the ledger under random sequences', () => {
  it('never lets a balance go negative or disagree with its entries; replays and retries change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const payer = await h.user();
        const courses = await Promise.all(PRICES.map((p) => h.course(instructor, p)));
        const instructorStart = await h.balance(instructor);
        const model = { payer: 0, instructor: 0 };
        const webhooks: string[] = [];
        const paid: Array<{ id: string; price: number; share: number; refunded: boolean }> = [];
        const bought = new Set<number>();
        for (const o of ops) {
          if (o.kind === 'topup') {
            const t = await h.call(billingRoutes.topUp, { body: { amount: o.amount, payment_method: 'telebirr' } }, payer.caller);
            const reference = decodeURIComponent(t.checkout_url!.split('/demo-checkout/')[1]!);
            await h.call(
              billingRoutes.demoCheckoutAct,
              { params: { reference }, body: { action: o.pay ? 'confirm' : 'cancel' } },
              payer.caller,
            );
            if (o.pay) model.payer += o.amount * 100;
            webhooks.push(JSON.stringify({ event: 'charge.success', reference, status: 'success' }));
          } else if (o.kind === 'replay') {
            const body = webhooks.at(-1);
            if (!body) continue;
            const signature = createHmac('sha256', SECRET).update(body).digest('hex');
            expect(
              await h.call(billingRoutes.webhook, { params: { provider: 'demo' }, body, headers: { 'x-demo-signature': signature } }),
            ).toMatchObject({ status: 'ignored' });
          } else if (o.kind === 'buy') {
            const price = toMinor(PRICES[o.course]!);
            const key = `prop-${randomUUID()}`;
            const req = () =>
              h.call(
                billingRoutes.initiatePayment,
                {
                  body: { payment_method: 'wallet', item_type: 'course', item_id: courses[o.course]! },
                  headers: { 'idempotency-key': key },
                },
                payer.caller,
              );
            const outcome = await req().then(
              (r) => r,
              (e: unknown) => status(e),
            );
            if (bought.has(o.course)) expect(outcome).toMatch(/^409 /);
            else if (model.payer < price) expect(outcome).toBe('422 INSUFFICIENT_BALANCE');
            else {
              expect(outcome).toMatchObject({ status: 'completed', amount_minor: price });
              const share = splitSale(price, 20).recipientMinor;
              model.payer -= price;
              model.instructor += share;
              bought.add(o.course);
              paid.push({ id: (outcome as { transaction_id: string }).transaction_id, price, share, refunded: false });
              if (o.retry) expect(await req()).toEqual(outcome);
            }
          } else if (o.kind === 'withdraw') {
            const amount = o.amount * 100;
            const phone = o.refused ? '+251900000000' : '+251911000001';
            const outcome = await h
              .call(
                billingRoutes.withdraw,
                { body: { amount: o.amount, method: 'mobile_money', account_details: { provider: 'mpesa', phone_number: phone } } },
                payer.caller,
              )
              .then(
                (r) => r,
                (e: unknown) => status(e),
              );
            if (model.payer < amount) {
              expect(outcome).toBe('422 INSUFFICIENT_BALANCE');
              continue;
            }
            model.payer -= amount;
            const id = (outcome as { transaction_id: string }).transaction_id;
            await h.internal(billingInternal.processWithdrawal, { transaction_id: id });
            if (o.refused) model.payer += amount;
          } else {
            const p = paid[o.which % Math.max(paid.length, 1)];
            if (!p) continue;
            // the recipient gives back what their wallet holds, at most the share (the platform carries the rest)
            const available = instructorStart + model.instructor;
            const r = await h.internal(billingInternal.refund, { payment_id: p.id, reason: 'property test' });
            if (p.refunded) expect(r.status).toBe('already_refunded');
            else {
              model.payer += p.price;
              model.instructor -= Math.min(available, p.share);
              p.refunded = true;
            }
          }
          expect(await h.balance(payer)).toBe(model.payer);
          expect((await h.balance(instructor)) - instructorStart).toBe(model.instructor);
        }
        expect(await h.billing.app.get(LedgerRepository).invariantViolations()).toEqual({ accounts: [], unbalancedJournals: 0 });
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
