import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { billingInternal, billingRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { ProviderDouble, readJson } from './support/provider-double.js';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

jest.setTimeout(30_000);

const SECRET_KEY = 'CHASECK_TEST-local-double';
const WEBHOOK_SECRET = 'chapa-webhook-secret';

/**
 * A local HTTP double of Chapa's public API (https://developer.chapa.co): initialize answers a
 * hosted checkout_url for a tx_ref, verify answers what was paid. It checks what a real Chapa
 * would refuse (no bearer key, a missing field) so the adapter is held to the API.
 */
class ChapaDouble extends ProviderDouble {
  readonly payments = new Map<
    string,
    { amount: string; currency: string; status: 'pending' | 'success' | 'failed'; body: Record<string, unknown> }
  >();
  readonly calls: string[] = [];

  protected async handle(req: IncomingMessage): Promise<[number, unknown]> {
    this.calls.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) return [401, { message: 'Invalid API Key', status: 'failed', data: null }];
    if (req.method === 'POST' && req.url === '/v1/transaction/initialize') {
      const body = await readJson(req);
      for (const field of ['amount', 'currency', 'tx_ref'])
        if (typeof body[field] !== 'string')
          return [400, { message: { [field]: [`The ${field} field is required.`] }, status: 'failed', data: null }];
      this.payments.set(body['tx_ref'] as string, {
        amount: body['amount'] as string,
        currency: body['currency'] as string,
        status: 'pending',
        body,
      });
      return [
        200,
        {
          message: 'Hosted Link',
          status: 'success',
          data: { checkout_url: `https://checkout.chapa.co/checkout/payment/${body['tx_ref'] as string}` },
        },
      ];
    }
    const verify = /^\/v1\/transaction\/verify\/(.+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && verify) {
      const p = this.payments.get(decodeURIComponent(verify[1]!));
      if (!p) return [404, { message: 'Invalid transaction or Transaction not found', status: 'failed', data: null }];
      return [
        200,
        {
          message: 'Payment details',
          status: 'success',
          data: { amount: p.amount, currency: p.currency, status: p.status, tx_ref: verify[1] },
        },
      ];
    }
    return [404, { message: 'Not found', status: 'failed', data: null }];
  }
}

const chapaSign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

let chapa: ChapaDouble;
let h: BillingHarness;
let ann: TestUser;
beforeAll(async () => {
  chapa = new ChapaDouble();
  await chapa.start();
  h = await BillingHarness.start({
    CHAPA_SECRET_KEY: SECRET_KEY,
    CHAPA_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CHAPA_API_URL: chapa.url,
    PUBLIC_URL: 'https://learn.example',
  });
  ann = await h.user();
}, 120_000);
afterAll(async () => {
  await h.stop();
  await chapa.stop();
}, 60_000);

describe('the Chapa adapter, against a local double of its API', () => {
  const webhook = (body: string, headers: Record<string, string>) =>
    h.call(billingRoutes.webhook, { params: { provider: 'chapa' }, body, headers });

  it("initializes a hosted checkout with Chapa's fields and completes on a signed webhook once verify says paid", async () => {
    const started = await h.call(billingRoutes.topUp, { body: { amount: 150, currency: 'ETB', payment_method: 'chapa' } }, ann.caller);
    expect(started.checkout_url).toMatch(/^https:\/\/checkout\.chapa\.co\/checkout\/payment\/lh-/);
    const txRef = `lh-${started.transaction_id}`;
    expect(chapa.payments.get(txRef)?.body).toMatchObject({
      amount: '150.00',
      currency: 'ETB',
      tx_ref: txRef,
      callback_url: 'https://learn.example/api/payments/webhook/chapa',
      return_url: `https://learn.example/wallet?payment=${started.transaction_id}`,
    });
    const body = JSON.stringify({ event: 'charge.success', tx_ref: txRef, status: 'success', amount: '150.00', currency: 'ETB' });
    // signed, but Chapa's own verify still says pending: nothing moves
    expect(await webhook(body, { 'x-chapa-signature': chapaSign(body) })).toEqual({ received: true, status: 'pending' });
    expect(await h.balance(ann, 'ETB')).toBe(0);
    chapa.payments.get(txRef)!.status = 'success';
    await expectAppError(webhook(body, { 'x-chapa-signature': chapaSign(body, SECRET_KEY) }), 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect(await webhook(body, { 'chapa-signature': chapaSign(body) })).toEqual({ received: true, status: 'completed' });
    expect(await webhook(body, { 'x-chapa-signature': chapaSign(body) })).toEqual({ received: true, status: 'ignored' });
    expect(await h.balance(ann, 'ETB')).toBe(15_000);
    expect(await h.balance(ann, 'USD')).toBe(0);
    expect(chapa.calls.filter((c) => c.startsWith('GET /v1/transaction/verify/'))).toHaveLength(3);
  });

  it('refuses to complete when Chapa collected another amount; the re-verify job completes a payment whose webhook was lost', async () => {
    const short = await h.call(billingRoutes.topUp, { body: { amount: 20, payment_method: 'chapa' } }, ann.caller);
    Object.assign(chapa.payments.get(`lh-${short.transaction_id}`)!, { status: 'success', amount: '2.00' });
    const body = JSON.stringify({ tx_ref: `lh-${short.transaction_id}`, status: 'success' });
    await expectAppError(webhook(body, { 'x-chapa-signature': chapaSign(body) }), 422, 'PAYMENT_AMOUNT_MISMATCH');
    expect(await h.call(billingRoutes.payment, { params: { id: short.transaction_id } }, ann.caller)).toMatchObject({ status: 'pending' });

    const lost = await h.call(billingRoutes.topUp, { body: { amount: 7, payment_method: 'chapa' } }, ann.caller);
    chapa.payments.get(`lh-${lost.transaction_id}`)!.status = 'success';
    await h.ds.query(`UPDATE transactions SET created_at = now() - interval '1 hour' WHERE id = $1`, [lost.transaction_id]);
    expect((await h.internal(billingInternal.reverifyPending, {})).processed).toBeGreaterThanOrEqual(1);
    expect(await h.call(billingRoutes.payment, { params: { id: lost.transaction_id } }, ann.caller)).toMatchObject({ status: 'completed' });
    expect(await h.balance(ann, 'USD')).toBe(700);
  });

  it('telebirr and M-Pesa still go through the demo checkout when Chapa is on', async () => {
    const started = await h.call(billingRoutes.topUp, { body: { amount: 5, payment_method: 'mpesa' } }, ann.caller);
    expect(started.checkout_url).toMatch(/^https:\/\/learn\.example\/demo-checkout\/demo_/);
  });
});
