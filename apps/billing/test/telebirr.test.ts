import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { constants, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { billingRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { ProviderDouble, readJson } from './support/provider-double.js';
import { BillingHarness } from './support/billing-harness.js';

jest.setTimeout(30_000);

const FABRIC_APP_ID = 'c4182ef8-0000-4000-8000-fabricappid1';
const APP_SECRET = 'fabric-app-secret-for-the-double';
const MERCHANT_APP_ID = '853694808089634';
const MERCHANT_CODE = '245445';
const WEB_URL = 'https://telebirr.example/payment/web/paygate?';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
/** ours: we sign requests with the private half, telebirr holds the public half */
const merchant = pair();
/** telebirr's: it signs its notify callbacks, we hold the public half */
const telebirrKeys = pair();
const PSS = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST };

/** telebirr's signing string, written here from its documentation, independently of the adapter's */
function signString(o: Record<string, unknown>): string {
  const flat: Record<string, string> = {};
  for (const src of [o, (o['biz_content'] ?? {}) as Record<string, unknown>])
    for (const [k, v] of Object.entries(src)) if (k !== 'sign' && k !== 'sign_type' && typeof v !== 'object') flat[k] = String(v);
  return Object.keys(flat)
    .sort()
    .map((k) => `${k}=${flat[k]}`)
    .join('&');
}
const rsaSign = (text: string, key: string) => sign('sha256', Buffer.from(text), { key, ...PSS }).toString('base64');
const rsaVerify = (text: string, sig: string, key: string) =>
  verify('sha256', Buffer.from(text), { key, ...PSS }, Buffer.from(sig, 'base64'));

/**
 * A local HTTP double of telebirr's Fabric payment gateway (H5 web checkout): token, preOrder
 * and queryOrder, each refusing what the real one refuses (a wrong app key or secret, no
 * token, a request whose SHA256WithRSA signature does not hold under the merchant's key).
 */
class TelebirrDouble extends ProviderDouble {
  constructor() {
    super('/apiaccess/payment/gateway');
  }

  readonly orders = new Map<string, { amount: string; currency: string; status: string; notifyUrl: string; redirectUrl: string }>();
  readonly calls: string[] = [];

  protected async handle(req: IncomingMessage): Promise<[number, unknown]> {
    const body = await readJson(req);
    const path = (req.url ?? '').replace('/apiaccess/payment/gateway', '');
    this.calls.push(`${req.method} ${path}`);
    if (req.headers['x-app-key'] !== FABRIC_APP_ID) return [401, { errorCode: '401', errorMsg: 'invalid X-APP-Key' }];
    if (path === '/payment/v1/token') {
      if (body['appSecret'] !== APP_SECRET) return [401, { errorCode: '401', errorMsg: 'invalid appSecret' }];
      return [200, { token: 'Bearer fabric-token-1', effectiveDate: '20260101000000', expirationDate: '20991231000000' }];
    }
    if (req.headers.authorization !== 'Bearer fabric-token-1') return [401, { errorCode: '401', errorMsg: 'invalid token' }];
    if (body['sign_type'] !== 'SHA256WithRSA' || !rsaVerify(signString(body), String(body['sign']), merchant.publicKey))
      return [200, { result: 'FAIL', code: '40001', msg: 'sign verify failed' }];
    const biz = body['biz_content'] as Record<string, string>;
    if (biz['appid'] !== MERCHANT_APP_ID || biz['merch_code'] !== MERCHANT_CODE)
      return [200, { result: 'FAIL', code: '40002', msg: 'unknown merchant' }];
    if (path === '/payment/v1/merchant/preOrder' && body['method'] === 'payment.preorder') {
      if (!/^[A-Za-z0-9_]{1,64}$/.test(biz['merch_order_id'] ?? ''))
        return [200, { result: 'FAIL', code: '40003', msg: 'merch_order_id invalid' }];
      for (const f of ['notify_url', 'redirect_url', 'title', 'total_amount', 'trans_currency', 'trade_type'])
        if (!biz[f]) return [200, { result: 'FAIL', code: '40004', msg: `${f} missing` }];
      this.orders.set(biz['merch_order_id']!, {
        amount: biz['total_amount']!,
        currency: biz['trans_currency']!,
        status: 'WAIT_PAY',
        notifyUrl: biz['notify_url']!,
        redirectUrl: biz['redirect_url']!,
      });
      return [
        200,
        {
          result: 'SUCCESS',
          code: '0',
          msg: 'success',
          biz_content: { merch_order_id: biz['merch_order_id'], prepay_id: `prepay-${biz['merch_order_id']}` },
        },
      ];
    }
    if (path === '/payment/v1/merchant/queryOrder' && body['method'] === 'payment.queryorder') {
      const o = this.orders.get(biz['merch_order_id'] ?? '');
      if (!o) return [200, { result: 'FAIL', code: '40005', msg: 'order not found' }];
      return [
        200,
        {
          result: 'SUCCESS',
          code: '0',
          biz_content: {
            merch_order_id: biz['merch_order_id'],
            order_status: o.status,
            total_amount: o.amount,
            trans_currency: o.currency,
          },
        },
      ];
    }
    return [404, { errorMsg: 'not found' }];
  }

  /** telebirr's notify callback for an order, signed with telebirr's key (or another, to forge one) */
  notify(merchOrderId: string, status = 'Completed', key = telebirrKeys.privateKey): string {
    const o = this.orders.get(merchOrderId)!;
    const n: Record<string, string> = {
      notify_url: o.notifyUrl,
      appid: MERCHANT_APP_ID,
      notify_time: String(Date.now()),
      merch_code: MERCHANT_CODE,
      merch_order_id: merchOrderId,
      payment_order_id: `0080${Date.now()}`,
      total_amount: o.amount,
      trans_id: '49485948475845',
      trans_currency: o.currency,
      trade_status: status,
      trans_end_time: String(Date.now()),
    };
    return JSON.stringify({ ...n, sign: rsaSign(signString(n), key), sign_type: 'SHA256WithRSA' });
  }
}

let double: TelebirrDouble;
let h: BillingHarness;
beforeAll(async () => {
  double = new TelebirrDouble();
  await double.start();
  h = await BillingHarness.start({
    PAYMENT_PROVIDER_TELEBIRR: 'telebirr',
    TELEBIRR_API_URL: double.url,
    TELEBIRR_WEB_URL: WEB_URL,
    TELEBIRR_FABRIC_APP_ID: FABRIC_APP_ID,
    TELEBIRR_APP_SECRET: APP_SECRET,
    TELEBIRR_MERCHANT_APP_ID: MERCHANT_APP_ID,
    TELEBIRR_MERCHANT_CODE: MERCHANT_CODE,
    // one line with \n escapes, as an env file carries it
    TELEBIRR_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
    TELEBIRR_PUBLIC_KEY: telebirrKeys.publicKey,
    PUBLIC_URL: 'https://learn.example',
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await double?.stop();
}, 60_000);

const webhook = (raw: string) => h.call(billingRoutes.webhook, { params: { provider: 'telebirr' }, body: raw });
const etbBalance = async (caller: Parameters<BillingHarness['call']>[2]) =>
  (await h.call(billingRoutes.walletBalance, {}, caller)).balances.find((b) => b.currency === 'ETB') ?? {
    balance_minor: 0,
    demo_balance_minor: 0,
  };

describe('telebirr (web checkout through the Fabric gateway, against a local double)', () => {
  it('opens a signed pre-order and sends the payer to the signed web checkout', async () => {
    const ann = await h.user();
    const t = await h.call(billingRoutes.topUp, { body: { amount: 150, currency: 'ETB', payment_method: 'telebirr' } }, ann.caller);
    expect(t).toMatchObject({
      status: 'pending',
      checkout_url: expect.stringMatching(/^https:\/\/telebirr\.example\/payment\/web\/paygate\?appid=/),
    });
    const url = new URL(t.checkout_url!);
    expect(url.searchParams.get('prepay_id')).toMatch(/^prepay-lh[0-9a-f]{32}$/);
    expect(url.searchParams.get('trade_type')).toBe('Checkout');
    const raw = Object.fromEntries(
      ['appid', 'merch_code', 'nonce_str', 'prepay_id', 'timestamp'].map((k) => [k, url.searchParams.get(k)!]),
    );
    expect(rsaVerify(signString(raw), url.searchParams.get('sign')!, merchant.publicKey)).toBe(true);
    const order = [...double.orders.values()].at(-1)!;
    expect(order).toMatchObject({
      amount: '150.00',
      currency: 'ETB',
      notifyUrl: 'https://learn.example/api/payments/webhook/telebirr',
      redirectUrl: `https://learn.example/wallet?payment=${t.transaction_id}`,
    });
  });

  it('credits the wallet once on a notify signed by telebirr and confirmed by queryOrder: real money, not demo', async () => {
    const ann = await h.user();
    const t = await h.call(billingRoutes.topUp, { body: { amount: 150, currency: 'ETB', payment_method: 'telebirr' } }, ann.caller);
    const ref = `lh${t.transaction_id.replace(/-/g, '')}`;
    // a callback before the payer paid: telebirr's query says waiting, nothing moves
    expect(await webhook(double.notify(ref))).toEqual({ received: true, status: 'pending' });
    expect((await etbBalance(ann.caller)).balance_minor).toBe(0);
    double.orders.get(ref)!.status = 'PAY_SUCCESS';
    expect(await webhook(double.notify(ref))).toEqual({ received: true, status: 'completed' });
    expect(await webhook(double.notify(ref))).toEqual({ received: true, status: 'ignored' });
    expect(await etbBalance(ann.caller)).toMatchObject({ balance_minor: 15_000, demo_balance_minor: 0 });
  });

  it('refuses a forged notify (another key, an altered field, no signature) and moves nothing', async () => {
    const ann = await h.user();
    const t = await h.call(billingRoutes.topUp, { body: { amount: 20, currency: 'ETB', payment_method: 'telebirr' } }, ann.caller);
    const ref = `lh${t.transaction_id.replace(/-/g, '')}`;
    double.orders.get(ref)!.status = 'PAY_SUCCESS';
    await expectAppError(webhook(double.notify(ref, 'Completed', pair().privateKey)), 401, 'WEBHOOK_SIGNATURE_INVALID');
    const altered = JSON.parse(double.notify(ref)) as Record<string, string>;
    await expectAppError(webhook(JSON.stringify({ ...altered, total_amount: '2000000.00' })), 401, 'WEBHOOK_SIGNATURE_INVALID');
    await expectAppError(webhook(JSON.stringify({ ...altered, sign: undefined })), 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await etbBalance(ann.caller)).balance_minor).toBe(0);
  });

  it('takes birr only', async () => {
    const ann = await h.user();
    await expectAppError(
      h.call(billingRoutes.topUp, { body: { amount: 5, currency: 'USD', payment_method: 'telebirr' } }, ann.caller),
      422,
      'PAYMENT_METHOD_UNAVAILABLE',
    );
    expect(double.calls.filter((c) => c.includes('/token'))).toHaveLength(1); // one token, reused
  });
});
