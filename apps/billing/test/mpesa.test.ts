import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { billingRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { ProviderDouble, readJson } from './support/provider-double.js';
import { BillingHarness, type TestUser } from './support/billing-harness.js';

jest.setTimeout(30_000);

const CONSUMER_KEY = 'daraja-consumer-key';
const CONSUMER_SECRET = 'daraja-consumer-secret';
const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/**
 * A local HTTP double of Safaricom's Daraja API (M-Pesa Express): OAuth, STK push and STK
 * query, refusing what Daraja refuses (wrong consumer credentials, no token, a Password that
 * is not base64(Shortcode + Passkey + Timestamp), a fractional Amount, an AccountReference
 * over 12 characters). The payer's phone is the test: it accepts or cancels the prompt.
 */
class DarajaDouble extends ProviderDouble {
  readonly pushes = new Map<string, { amount: number; phone: string; callback: string; result: string | null }>();
  private n = 0;

  protected async handle(req: IncomingMessage): Promise<[number, unknown]> {
    if (req.method === 'GET' && req.url === '/oauth/v1/generate?grant_type=client_credentials') {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}`)
        return [400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' }];
      return [200, { access_token: 'daraja-token-1', expires_in: '3599' }];
    }
    if (req.headers.authorization !== 'Bearer daraja-token-1')
      return [401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }];
    const b = await readJson(req);
    const ts = String(b['Timestamp']);
    if (
      !/^\d{14}$/.test(ts) ||
      b['Password'] !== Buffer.from(`${SHORTCODE}${PASSKEY}${ts}`).toString('base64') ||
      b['BusinessShortCode'] !== SHORTCODE
    )
      return [400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Password' }];
    if (req.url === '/mpesa/stkpush/v1/processrequest') {
      if (!Number.isInteger(b['Amount'])) return [400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Amount' }];
      if (String(b['AccountReference']).length > 12 || String(b['TransactionDesc']).length > 13)
        return [400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid AccountReference' }];
      if (b['PartyB'] !== SHORTCODE || b['PartyA'] !== b['PhoneNumber'])
        return [400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PartyB' }];
      const id = `ws_CO_${Date.now()}${this.n++}`;
      this.pushes.set(id, {
        amount: b['Amount'] as number,
        phone: String(b['PhoneNumber']),
        callback: String(b['CallBackURL']),
        result: null,
      });
      return [
        200,
        {
          MerchantRequestID: `29115-${this.n}`,
          CheckoutRequestID: id,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        },
      ];
    }
    if (req.url === '/mpesa/stkpushquery/v1/query') {
      const p = this.pushes.get(String(b['CheckoutRequestID']));
      if (!p) return [400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' }];
      if (p.result === null)
        return [500, { requestId: 'q1', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' }];
      return [
        200,
        {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          CheckoutRequestID: b['CheckoutRequestID'],
          ResultCode: p.result,
          ResultDesc: p.result === '0' ? 'The service request is processed successfully.' : 'Request cancelled by user',
        },
      ];
    }
    return [404, { errorMessage: 'not found' }];
  }

  /** Daraja's callback to CallBackURL (unsigned, as Daraja sends it) */
  callback(id: string, resultCode: number): string {
    const p = this.pushes.get(id);
    const meta =
      resultCode === 0
        ? {
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: p?.amount ?? 1 },
                { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
                { Name: 'PhoneNumber', Value: Number(p?.phone ?? 0) },
              ],
            },
          }
        : {};
    return JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-1',
          CheckoutRequestID: id,
          ResultCode: resultCode,
          ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
          ...meta,
        },
      },
    });
  }
}

let daraja: DarajaDouble;
let h: BillingHarness;
beforeAll(async () => {
  daraja = new DarajaDouble();
  await daraja.start();
  h = await BillingHarness.start({
    PAYMENT_PROVIDER_MPESA: 'mpesa',
    MPESA_API_URL: daraja.url,
    MPESA_CONSUMER_KEY: CONSUMER_KEY,
    MPESA_CONSUMER_SECRET: CONSUMER_SECRET,
    MPESA_SHORTCODE: SHORTCODE,
    MPESA_PASSKEY: PASSKEY,
    PUBLIC_URL: 'https://learn.example',
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await daraja?.stop();
}, 60_000);

const webhook = (raw: string) => h.call(billingRoutes.webhook, { params: { provider: 'mpesa' }, body: raw });
const topUp = (who: TestUser, amount: number, extra: Record<string, string> = { phone_number: '+251 700 123456' }) =>
  h.call(billingRoutes.topUp, { body: { amount, currency: 'ETB', payment_method: 'mpesa', ...extra } }, who.caller);
const etb = async (who: TestUser) =>
  (await h.call(billingRoutes.walletBalance, {}, who.caller)).balances.find((b) => b.currency === 'ETB') ?? {
    balance_minor: 0,
    demo_balance_minor: 0,
  };

describe('M-Pesa (Daraja STK push, against a local double)', () => {
  it("prompts the payer's phone (no page to go to); the unsigned callback only nudges, the STK query decides", async () => {
    const ann = await h.user();
    const t = await topUp(ann, 100);
    expect(t).toMatchObject({ status: 'pending', checkout_url: null, message: 'Confirm the payment on your phone' });
    const [id, push] = [...daraja.pushes.entries()].at(-1)!;
    expect(push).toMatchObject({ amount: 100, phone: '251700123456', callback: 'https://learn.example/api/payments/webhook/mpesa' });
    // a callback claiming success before the payer answered: the query says still processing
    expect(await webhook(daraja.callback(id, 0))).toEqual({ received: true, status: 'pending' });
    expect((await etb(ann)).balance_minor).toBe(0);
    push.result = '0';
    expect(await webhook(daraja.callback(id, 0))).toEqual({ received: true, status: 'completed' });
    expect(await webhook(daraja.callback(id, 0))).toEqual({ received: true, status: 'ignored' });
    expect(await etb(ann)).toMatchObject({ balance_minor: 10_000, demo_balance_minor: 0 });
    expect(await h.call(billingRoutes.payment, { params: { id: t.transaction_id } }, ann.caller)).toMatchObject({ status: 'completed' });
  });

  it('a prompt the payer cancels cancels the payment, whatever a forged callback says', async () => {
    const ann = await h.user();
    await topUp(ann, 30);
    const [id, push] = [...daraja.pushes.entries()].at(-1)!;
    push.result = '1032';
    expect(await webhook(daraja.callback(id, 0))).toEqual({ received: true, status: 'cancelled' });
    expect((await etb(ann)).balance_minor).toBe(0);
    // a callback for no payment of ours, or not shaped as Daraja's, changes nothing
    expect(await webhook(daraja.callback('ws_CO_unknown', 0))).toEqual({ received: true, status: 'unknown_reference' });
    await expectAppError(webhook(JSON.stringify({ Body: {} })), 401, 'WEBHOOK_SIGNATURE_INVALID');
  });

  it('needs the phone, whole birr', async () => {
    const ann = await h.user();
    await expectAppError(topUp(ann, 10, {}), 422, 'PAYMENT_METHOD_UNAVAILABLE');
    await expectAppError(topUp(ann, 10.5), 422, 'PAYMENT_METHOD_UNAVAILABLE');
    await expectAppError(
      h.call(
        billingRoutes.topUp,
        { body: { amount: 10, currency: 'USD', payment_method: 'mpesa', phone_number: '251700123456' } },
        ann.caller,
      ),
      422,
      'PAYMENT_METHOD_UNAVAILABLE',
    );
  });
});
