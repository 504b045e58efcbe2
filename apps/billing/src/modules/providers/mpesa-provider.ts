import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@lp/service-kit';
import type { BillingEnv } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import type { CheckoutRequest, ExpectedPayment, PaymentProvider, ProviderPayment } from './payment-provider.js';

const TIMEOUT_MS = 10_000;
/** Daraja's answer to a query while the payer has not finished yet */
const STILL_PROCESSING = '500.001.1001';

/** Daraja's timestamp: yyyyMMddHHmmss in East Africa Time (UTC+3, Nairobi and Addis Ababa alike). */
export function darajaTimestamp(at = new Date()): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The STK password: base64 of shortcode + passkey + timestamp. */
export const stkPassword = (shortcode: string, passkey: string, timestamp: string): string =>
  Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

/**
 * M-Pesa through Safaricom's Daraja API: M-Pesa Express (STK push). An OAuth token
 * (GET /oauth/v1/generate?grant_type=client_credentials, Basic consumer key:secret); the push
 * (POST /mpesa/stkpush/v1/processrequest, Password = base64(Shortcode+Passkey+Timestamp))
 * prompts the payer's phone and answers a CheckoutRequestID, which becomes the payment's
 * provider reference; Daraja then POSTs the result to CallBackURL. That callback carries no
 * signature, so it is only a nudge: the payment completes on what the STK query
 * (POST /mpesa/stkpushquery/v1/query) answers for that CheckoutRequestID. The query says
 * paid or not but no amount: the amount is the one we pushed (server to server, on our
 * token), which the payer cannot change. Amounts are whole units; there is no page to go to.
 */
@Injectable()
export class MpesaProvider implements PaymentProvider {
  readonly name = 'mpesa' as const;
  private token: { value: string; until: number } | null = null;

  constructor(@Inject(ENV) private readonly env: BillingEnv) {}

  async initiate(req: CheckoutRequest): Promise<{ checkoutUrl: null; reference: string }> {
    if (req.currency !== this.env.MPESA_CURRENCY) throw billingErrors.currencyNotAccepted('M-Pesa', this.env.MPESA_CURRENCY);
    if (req.amountMinor % 100 !== 0) throw billingErrors.wholeAmountOnly('M-Pesa');
    const phone = (req.phoneNumber ?? '').replace(/[\s+-]/g, '');
    if (!/^[0-9]{11,15}$/.test(phone)) throw billingErrors.phoneRequired('M-Pesa');
    const timestamp = darajaTimestamp();
    const reply = await this.post<{
      ResponseCode?: string;
      CheckoutRequestID?: string;
      errorMessage?: string;
      ResponseDescription?: string;
    }>('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: this.env.MPESA_SHORTCODE,
      Password: stkPassword(this.env.MPESA_SHORTCODE, this.env.MPESA_PASSKEY, timestamp),
      Timestamp: timestamp,
      TransactionType: this.env.MPESA_TRANSACTION_TYPE,
      Amount: req.amountMinor / 100,
      PartyA: phone,
      PartyB: this.env.MPESA_SHORTCODE,
      PhoneNumber: phone,
      CallBackURL: `${this.env.PUBLIC_URL}/api/payments/webhook/mpesa`,
      // at most 12 and 13 characters
      AccountReference: 'LearnHub',
      TransactionDesc: req.description.replace(/[^A-Za-z0-9 ]/g, '').slice(0, 13) || 'Payment',
    });
    if (reply.ResponseCode !== '0' || !reply.CheckoutRequestID)
      throw billingErrors.providerUnavailable(
        `M-Pesa refused the payment: ${reply.errorMessage ?? reply.ResponseDescription ?? 'no checkout request'}`,
      );
    return { checkoutUrl: null, reference: reply.CheckoutRequestID };
  }

  async verify(reference: string, expected: ExpectedPayment): Promise<ProviderPayment> {
    const timestamp = darajaTimestamp();
    const reply = await this.post<{ ResultCode?: string | number; errorCode?: string }>(
      '/mpesa/stkpushquery/v1/query',
      {
        BusinessShortCode: this.env.MPESA_SHORTCODE,
        Password: stkPassword(this.env.MPESA_SHORTCODE, this.env.MPESA_PASSKEY, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: reference,
      },
      true,
    );
    const pushed = { amountMinor: expected.amountMinor, currency: expected.currency };
    if (reply.errorCode === STILL_PROCESSING || reply.ResultCode === undefined) return { status: 'pending', ...pushed };
    const code = String(reply.ResultCode);
    if (code === '0') return { status: 'paid', ...pushed };
    // 1032: the payer cancelled the prompt; anything else (1037 unreachable, 1 insufficient funds, 2001 wrong PIN ...) failed
    return { status: code === '1032' ? 'cancelled' : 'failed', ...pushed };
  }

  /** Daraja's STK callback: unsigned, so only its shape is read; verify decides. */
  readWebhook(rawBody: string): { reference: string } | null {
    const body = JSON.parse(rawBody) as { Body?: { stkCallback?: { CheckoutRequestID?: unknown } } };
    const ref = body.Body?.stkCallback?.CheckoutRequestID;
    return typeof ref === 'string' && ref.length > 0 && ref.length <= 80 ? { reference: ref } : null;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    let res: Response;
    try {
      res = await fetch(`${this.env.MPESA_API_URL}/oauth/v1/generate?grant_type=client_credentials`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.env.MPESA_CONSUMER_KEY}:${this.env.MPESA_CONSUMER_SECRET}`).toString('base64')}`,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw billingErrors.providerUnavailable();
    }
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: string | number };
    if (!res.ok || !json.access_token) throw billingErrors.providerUnavailable('M-Pesa gave no access token');
    this.token = { value: json.access_token, until: Date.now() + (Number(json.expires_in ?? 3599) - 60) * 1000 };
    return json.access_token;
  }

  /** `answers500`: the query's "still processing" comes as a 500 with an errorCode, which is an answer. */
  private async post<T>(path: string, body: unknown, answers500 = false): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.env.MPESA_API_URL}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await this.accessToken()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      if (e instanceof Error && 'status' in e) throw e;
      throw billingErrors.providerUnavailable();
    }
    if (res.status === 401) this.token = null;
    const json = (await res.json().catch(() => ({}))) as T & { errorCode?: string };
    if (res.status >= 500 && !(answers500 && json.errorCode === STILL_PROCESSING)) throw billingErrors.providerUnavailable();
    if (res.status === 401) throw billingErrors.providerUnavailable();
    return json;
  }
}
