import { constants, randomBytes, sign, verify } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ENV } from '@lp/service-kit';
import { toMinor, type Currency } from '@lp/contracts';
import { pem, type BillingEnv } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import type { CheckoutRequest, ExpectedPayment, PaymentProvider, ProviderPayment } from './payment-provider.js';

const TIMEOUT_MS = 10_000;
export const TELEBIRR_SIGN_TYPE = 'SHA256WithRSA';

/**
 * The string telebirr signs: every field but `sign` and `sign_type`, `biz_content`'s fields
 * lifted beside the top-level ones (the object itself left out), sorted by name, `k=v` joined
 * with `&`, values as sent (no URL encoding).
 */
export function telebirrSignString(fields: Record<string, unknown>): string {
  const flat: Record<string, string> = {};
  const take = (o: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(o))
      if (k !== 'sign' && k !== 'sign_type' && v !== null && v !== undefined && typeof v !== 'object') flat[k] = String(v);
  };
  take(fields);
  if (fields['biz_content'] && typeof fields['biz_content'] === 'object') take(fields['biz_content'] as Record<string, unknown>);
  return Object.keys(flat)
    .sort()
    .map((k) => `${k}=${flat[k]}`)
    .join('&');
}

/** "SHA256WithRSA" as telebirr's own samples compute it: RSA-PSS over SHA-256 (MGF1, salt the digest's length), base64. */
export const telebirrSign = (text: string, privateKeyPem: string): string =>
  sign('sha256', Buffer.from(text, 'utf8'), {
    key: privateKeyPem,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
  }).toString('base64');

export function telebirrVerify(text: string, signature: string, publicKeyPem: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(text, 'utf8'),
      { key: publicKeyPem, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

interface FabricReply {
  result?: string;
  code?: string | number;
  msg?: string;
  errorMsg?: string;
  biz_content?: Record<string, unknown>;
}

/**
 * telebirr's web checkout (H5 C2B through Ethio telecom's Fabric payment gateway), written to
 * its published flow: a Fabric token (POST /payment/v1/token, X-APP-Key + appSecret); a
 * signed pre-order (POST /payment/v1/merchant/preOrder, method payment.preorder) answers a
 * prepay_id; the payer goes to the web checkout with the raw request (appid, merch_code,
 * nonce_str, prepay_id, timestamp) signed again; telebirr POSTs a notify callback signed with
 * its own key to notify_url; POST /payment/v1/merchant/queryOrder (payment.queryorder) says
 * what was paid. Requests are signed SHA256WithRSA (RSA-PSS) with our private key, callbacks
 * verified with telebirr's public key. A callback only nudges: the payment completes on what
 * queryOrder answers. Sources: docs/architecture.md, "Billing: money, the ledger and payments".
 */
@Injectable()
export class TelebirrProvider implements PaymentProvider {
  readonly name = 'telebirr' as const;
  private readonly log = new Logger('telebirr');
  private token: { value: string; until: number } | null = null;

  constructor(@Inject(ENV) private readonly env: BillingEnv) {}

  /** our signing key and telebirr's verifying key, read once (PEM text or _FILE) */
  private get keys(): { privateKey: string; publicKey: string } {
    return (this.keyCache ??= {
      privateKey: pem(this.env.TELEBIRR_PRIVATE_KEY, this.env.TELEBIRR_PRIVATE_KEY_FILE),
      publicKey: pem(this.env.TELEBIRR_PUBLIC_KEY, this.env.TELEBIRR_PUBLIC_KEY_FILE),
    });
  }
  private keyCache: { privateKey: string; publicKey: string } | null = null;

  async initiate(req: CheckoutRequest): Promise<{ checkoutUrl: string }> {
    if (req.currency !== 'ETB') throw billingErrors.currencyNotAccepted('telebirr', 'ETB');
    const reply = await this.call('/payment/v1/merchant/preOrder', 'payment.preorder', {
      notify_url: `${this.env.PUBLIC_URL}/api/payments/webhook/telebirr`,
      redirect_url: req.returnUrl,
      appid: this.env.TELEBIRR_MERCHANT_APP_ID,
      merch_code: this.env.TELEBIRR_MERCHANT_CODE,
      merch_order_id: req.reference,
      trade_type: 'Checkout',
      title:
        req.description
          .replace(/[^A-Za-z0-9 ]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 100) || 'LearnHub',
      total_amount: (req.amountMinor / 100).toFixed(2),
      trans_currency: 'ETB',
      timeout_express: `${Math.max(1, Math.round((req.expiresAt.getTime() - Date.now()) / 60_000))}m`,
      business_type: 'BuyGoods',
      payee_identifier: this.env.TELEBIRR_MERCHANT_CODE,
      payee_identifier_type: '04',
      payee_type: '5000',
    });
    const prepayId = reply.biz_content?.['prepay_id'];
    if (typeof prepayId !== 'string' || !prepayId)
      throw billingErrors.providerUnavailable(`telebirr refused the payment: ${reply.msg ?? reply.errorMsg ?? 'no prepay_id'}`);
    return { checkoutUrl: this.checkoutUrl(prepayId) };
  }

  /** The web checkout's address: the raw request, signed again, after the checkout base (which ends in `?`). */
  checkoutUrl(prepayId: string): string {
    const raw: Record<string, string> = {
      appid: this.env.TELEBIRR_MERCHANT_APP_ID,
      merch_code: this.env.TELEBIRR_MERCHANT_CODE,
      nonce_str: nonce(),
      prepay_id: prepayId,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const signature = telebirrSign(telebirrSignString(raw), this.keys.privateKey);
    const query = Object.entries({ ...raw, sign: signature, sign_type: TELEBIRR_SIGN_TYPE })
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    const base = this.env.TELEBIRR_WEB_URL.endsWith('?') ? this.env.TELEBIRR_WEB_URL : `${this.env.TELEBIRR_WEB_URL}?`;
    return `${base}${query}&version=1.0&trade_type=Checkout`;
  }

  /** telebirr answers the amount itself: what we expected is not needed */
  async verify(reference: string, _expected?: ExpectedPayment): Promise<ProviderPayment> {
    const reply = await this.call('/payment/v1/merchant/queryOrder', 'payment.queryorder', {
      appid: this.env.TELEBIRR_MERCHANT_APP_ID,
      merch_code: this.env.TELEBIRR_MERCHANT_CODE,
      merch_order_id: reference,
    });
    const order = reply.biz_content ?? {};
    const state = String(order['order_status'] ?? order['trade_status'] ?? '').toUpperCase();
    const currency = String(order['trans_currency'] ?? 'ETB') as Currency;
    const amountMinor = order['total_amount'] !== undefined ? toMinor(Number(order['total_amount']), currency) : 0;
    if (state === 'PAY_SUCCESS' || state === 'COMPLETED' || state === 'SUCCESS') return { status: 'paid', amountMinor, currency };
    if (state === 'PAY_FAILED' || state === 'FAILURE' || state === 'FAILED') return { status: 'failed', amountMinor, currency };
    if (state === 'ORDER_CLOSED' || state === 'EXPIRED' || state === 'CLOSED' || state === 'CANCELLED')
      return { status: 'cancelled', amountMinor, currency };
    return { status: 'pending', amountMinor, currency };
  }

  /** telebirr's notify callback: its signature (telebirr's key) must hold over its fields, and it must be about our merchant. */
  readWebhook(rawBody: string): { reference: string } | null {
    const body = JSON.parse(rawBody) as Record<string, unknown>;
    if (typeof body['sign'] !== 'string') return null;
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v !== 'object'));
    if (!telebirrVerify(telebirrSignString(fields), body['sign'], this.keys.publicKey)) return null;
    if (String(body['appid']) !== this.env.TELEBIRR_MERCHANT_APP_ID || String(body['merch_code']) !== this.env.TELEBIRR_MERCHANT_CODE)
      return null;
    const ref = body['merch_order_id'];
    return typeof ref === 'string' ? { reference: ref } : null;
  }

  /** A signed request to the Fabric gateway; a refusal in its answer (result/code) is the provider's word. */
  private async call(path: string, method: string, biz: Record<string, string>): Promise<FabricReply> {
    const request: Record<string, unknown> = {
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce_str: nonce(),
      method,
      version: '1.0',
      biz_content: biz,
    };
    request['sign'] = telebirrSign(telebirrSignString(request), this.keys.privateKey);
    request['sign_type'] = TELEBIRR_SIGN_TYPE;
    const reply = await this.post<FabricReply>(path, request, { Authorization: await this.fabricToken() });
    if (reply.result !== 'SUCCESS' || String(reply.code) !== '0') {
      this.log.warn({ path, code: reply.code, msg: reply.msg ?? reply.errorMsg }, 'telebirr refused a request');
      throw billingErrors.providerUnavailable(`telebirr refused the request: ${reply.msg ?? reply.errorMsg ?? 'unknown error'}`);
    }
    return reply;
  }

  private async fabricToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const reply = await this.post<{ token?: string; expirationDate?: string }>('/payment/v1/token', {
      appSecret: this.env.TELEBIRR_APP_SECRET,
    });
    if (!reply.token) throw billingErrors.providerUnavailable('telebirr gave no access token');
    // expirationDate is yyyyMMddHHmmss; renew five minutes early (an hour when it says nothing)
    const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(reply.expirationDate ?? '');
    const until = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Date.now() + 60 * 60_000;
    this.token = { value: reply.token, until: until - 5 * 60_000 };
    return reply.token;
  }

  private async post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.env.TELEBIRR_API_URL}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-APP-Key': this.env.TELEBIRR_FABRIC_APP_ID,
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw billingErrors.providerUnavailable();
    }
    if (res.status === 401) this.token = null;
    const json = (await res.json().catch(() => ({}))) as T;
    if (res.status >= 500 || res.status === 401) throw billingErrors.providerUnavailable();
    return json;
  }
}

const nonce = (): string => randomBytes(16).toString('hex').toUpperCase();
