import { describe, expect, it } from '@jest/globals';
import type { BillingEnv } from '../../config/billing-env.js';
import { ChapaProvider, chapaPayment } from './chapa-provider.js';
import { DEMO_SIGNATURE_HEADER, DemoProvider } from './demo-provider.js';
import { hmacHex } from './payment-provider.js';

const env = (over: Partial<BillingEnv>) => over as BillingEnv;
const demo = new DemoProvider(null as never, env({ DEMO_PROVIDER_SECRET: 'demo-secret' }), null as never);

describe("the demo provider's webhook", () => {
  const body = JSON.stringify({ event: 'charge.success', reference: 'demo_abc', status: 'success' });

  it('names the checkout when signed with the demo secret', () => {
    expect(demo.readWebhook(body, { [DEMO_SIGNATURE_HEADER]: hmacHex('demo-secret', body) })).toEqual({ reference: 'demo_abc' });
  });

  it('is ignored unsigned, signed with another secret, or signed but naming no checkout', () => {
    expect(demo.readWebhook(body, {})).toBeNull();
    expect(demo.readWebhook(body, { [DEMO_SIGNATURE_HEADER]: hmacHex('guess', body) })).toBeNull();
    const noRef = JSON.stringify({ event: 'charge.success', reference: 42 });
    expect(demo.readWebhook(noRef, { [DEMO_SIGNATURE_HEADER]: hmacHex('demo-secret', noRef) })).toBeNull();
  });

  it('makes fresh, unguessable checkout references', () => {
    const [a, b] = [DemoProvider.newReference(), DemoProvider.newReference()];
    expect(a).toMatch(/^demo_[\w-]{24}$/);
    expect(a).not.toBe(b);
  });
});

describe("Chapa's webhook", () => {
  const body = JSON.stringify({ tx_ref: 'ref-7', status: 'success' });

  it('is read under either signature header, with the webhook secret or else the secret key', () => {
    const chapa = new ChapaProvider(env({ CHAPA_WEBHOOK_SECRET: 'hook', CHAPA_SECRET_KEY: 'key' }));
    expect(chapa.readWebhook(body, { 'x-chapa-signature': hmacHex('hook', body) })).toEqual({ reference: 'ref-7' });
    expect(chapa.readWebhook(body, { 'chapa-signature': hmacHex('hook', body) })).toEqual({ reference: 'ref-7' });
    expect(chapa.readWebhook(body, { 'x-chapa-signature': hmacHex('key', body) })).toBeNull();
    const keyOnly = new ChapaProvider(env({ CHAPA_WEBHOOK_SECRET: '', CHAPA_SECRET_KEY: 'key' }));
    expect(keyOnly.readWebhook(body, { 'x-chapa-signature': hmacHex('key', body) })).toEqual({ reference: 'ref-7' });
  });

  it('takes trx_ref when tx_ref is missing, and is ignored without any secret configured', () => {
    const trx = JSON.stringify({ trx_ref: 'ref-8' });
    expect(
      new ChapaProvider(env({ CHAPA_WEBHOOK_SECRET: 'hook' })).readWebhook(trx, { 'x-chapa-signature': hmacHex('hook', trx) }),
    ).toEqual({
      reference: 'ref-8',
    });
    expect(new ChapaProvider(env({})).readWebhook(body, { 'x-chapa-signature': hmacHex('', body) })).toBeNull();
  });
});

describe("Chapa's verify answer", () => {
  it('is paid on success, in minor units of its currency (ETB by default)', () => {
    expect(chapaPayment({ status: 'success', amount: '150.50', currency: 'ETB' })).toEqual({
      status: 'paid',
      amountMinor: 15050,
      currency: 'ETB',
    });
    expect(chapaPayment({ status: 'success', amount: 12 })).toEqual({ status: 'paid', amountMinor: 1200, currency: 'ETB' });
  });

  it('is pending while pending, and failed for anything else or no data', () => {
    expect(chapaPayment({ status: 'pending', amount: '5', currency: 'USD' }).status).toBe('pending');
    expect(chapaPayment({ status: 'failed/cancelled', amount: '5' }).status).toBe('failed');
    expect(chapaPayment(null)).toEqual({ status: 'failed', amountMinor: 0, currency: 'ETB' });
  });
});
