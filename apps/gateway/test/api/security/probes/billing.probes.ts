import { describe, expect, it } from '@jest/globals';
import type { ProbeAuth, ProbeTarget } from '../target.js';

/**
 * Issue 24, attack 2 ("money from nothing"): as any learner, POST /wallet/topup of a million
 * by telebirr answered a /demo-checkout/<ref>; an unauthenticated POST /demo-checkout/<ref>
 * {"action":"confirm"} credited it, and POST /wallet/withdraw paid the million out 5 s later.
 * Now the demo checkout is the payer's alone (401 without a session, 404 for anyone else's),
 * the money it credits is demo funds, and a real payout method refuses them
 * (422 DEMO_FUNDS_NOT_WITHDRAWABLE). In production the demo provider does not exist at all
 * (billing refuses to boot with it: apps/billing/test/boot.test.ts).
 */
export function billingProbes(target: () => ProbeTarget): void {
  type Checkout = { transaction_id: string; checkout_url: string | null };
  type Wallet = { balance_minor: number; demo_balance_minor: number; pending_withdrawals_minor: number };
  const MILLION = 1_000_000;

  const api = <T = Record<string, unknown>>(method: string, path: string, who: ProbeAuth | null, body?: unknown) =>
    target().api<T>(method, path, { ...(who ? { token: who.token } : {}), ...(body !== undefined ? { body } : {}) });
  const codeOf = (res: { body: unknown }) => (res.body as { code?: string }).code;
  const wallet = async (who: ProbeAuth) => (await api<Wallet>('GET', '/wallet/balance', who)).body;
  const confirmAt = (reference: string, who: ProbeAuth | null) =>
    api<{ status: string }>('POST', `/demo-checkout/${encodeURIComponent(reference)}`, who, { action: 'confirm' });

  /** A learner's telebirr top-up of a million, waiting at the demo checkout. */
  const millionTopUp = async (who: ProbeAuth): Promise<string> => {
    const started = await api<Checkout>('POST', '/wallet/topup', who, { amount: MILLION, currency: 'USD', payment_method: 'telebirr' });
    expect(started.status).toBe(201);
    expect(started.body.checkout_url).toMatch(/\/demo-checkout\/[^/]+$/);
    return decodeURIComponent(started.body.checkout_url!.split('/demo-checkout/')[1]!);
  };

  describe('attack 2: money from nothing (the demo checkout)', () => {
    it("an unauthenticated confirm credits nothing (401), nor does another learner's session (404)", async () => {
      const payer = await target().register('learner', 'topup-payer');
      const reference = await millionTopUp(payer);
      const anonymous = await confirmAt(reference, null);
      expect([anonymous.status, codeOf(anonymous)]).toEqual([401, 'UNAUTHENTICATED']);
      const stranger = await target().register('learner', 'topup-stranger');
      const other = await confirmAt(reference, stranger);
      expect([other.status, codeOf(other)]).toEqual([404, 'PAYMENT_NOT_FOUND']);
      const peek = await api('GET', `/demo-checkout/${encodeURIComponent(reference)}`, stranger);
      expect(peek.status).toBe(404);
      expect(await wallet(payer)).toMatchObject({ balance_minor: 0 });
      expect(await wallet(stranger)).toMatchObject({ balance_minor: 0 });
    });

    it("the payer's own confirmed demo top-up is demo funds, refused by a real payout method (422 DEMO_FUNDS_NOT_WITHDRAWABLE)", async () => {
      const payer = await target().register('learner', 'demo-withdraw');
      const reference = await millionTopUp(payer);
      const paid = await confirmAt(reference, payer);
      expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
      expect(await wallet(payer)).toMatchObject({ balance_minor: MILLION * 100, demo_balance_minor: MILLION * 100 });

      // the probe's test stack runs the bank rail as a real one (PAYOUT_RAIL_BANK=manual, security-probe.test.ts);
      // a stack started by `npm start` has only the demo rail, which pays nothing real out
      const realRail = target().stack !== null;
      const out = await api('POST', '/wallet/withdraw', payer, {
        amount: MILLION,
        currency: 'USD',
        method: 'bank',
        account_details: { bank_name: 'Commercial Bank of Ethiopia', account_number: '1000123456789', account_name: 'Probe' },
      });
      if (realRail) expect([out.status, codeOf(out)]).toEqual([422, 'DEMO_FUNDS_NOT_WITHDRAWABLE']);
      // against a running development stack: refused likewise when its bank rail is real, else the demo rail took play money
      else expect([422, 201]).toContain(out.status);
      if (out.status === 422) {
        expect(codeOf(out)).toBe('DEMO_FUNDS_NOT_WITHDRAWABLE');
        expect(await wallet(payer)).toMatchObject({ balance_minor: MILLION * 100, pending_withdrawals_minor: 0 });
      }
    });
  });
}
