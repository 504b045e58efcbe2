import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@lp/service-kit';
import { toMinor, type Currency } from '@lp/contracts';
import type { BillingEnv } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import { hmacHex, signatureMatches, type CheckoutRequest, type PaymentProvider, type ProviderPayment } from './payment-provider.js';

const TIMEOUT_MS = 10_000;

interface ChapaReply<T> {
  message?: unknown;
  status?: string;
  data?: T | null;
}

/** What Chapa's verify answer says was paid (amounts in major units, ETB unless it says otherwise); no data: failed. */
export function chapaPayment(d: { status?: string; amount?: string | number; currency?: string } | null | undefined): ProviderPayment {
  if (!d) return { status: 'failed', amountMinor: 0, currency: 'ETB' };
  const currency = (d.currency ?? 'ETB') as Currency;
  const amountMinor = toMinor(Number(d.amount ?? 0), currency);
  const status = d.status === 'success' ? 'paid' : d.status === 'pending' ? 'pending' : 'failed';
  return { status, amountMinor, currency };
}

/**
 * Chapa (https://developer.chapa.co), written to its public API: POST /v1/transaction/initialize
 * answers a hosted checkout_url for our tx_ref; GET /v1/transaction/verify/{tx_ref} says what
 * was paid; webhooks carry `x-chapa-signature` (and `chapa-signature`), an HMAC-SHA256 of the
 * body with the webhook secret. Carries chapa when PAYMENT_PROVIDER_CHAPA=chapa (or unset with
 * CHAPA_SECRET_KEY set); a webhook is only a nudge:
 * the payment completes on what verify answers, never on the webhook's own claims.
 */
@Injectable()
export class ChapaProvider implements PaymentProvider {
  readonly name = 'chapa' as const;

  constructor(@Inject(ENV) private readonly env: BillingEnv) {}

  async initiate(req: CheckoutRequest): Promise<{ checkoutUrl: string }> {
    const reply = await this.call<{ checkout_url?: string }>('POST', '/v1/transaction/initialize', {
      amount: (req.amountMinor / 100).toFixed(2),
      currency: req.currency,
      tx_ref: req.reference,
      callback_url: `${this.env.PUBLIC_URL}/api/payments/webhook/chapa`,
      return_url: req.returnUrl,
      customization: { title: 'LearnHub', description: req.description.replace(/[^A-Za-z0-9 ._-]/g, ' ').slice(0, 50) },
    });
    const url = reply.data?.checkout_url;
    if (reply.status !== 'success' || typeof url !== 'string')
      throw billingErrors.providerUnavailable(`Chapa refused the payment: ${String(reply.message ?? 'no checkout')}`);
    return { checkoutUrl: url };
  }

  async verify(reference: string): Promise<ProviderPayment> {
    const reply = await this.call<{ status?: string; amount?: string | number; currency?: string }>(
      'GET',
      `/v1/transaction/verify/${encodeURIComponent(reference)}`,
    );
    return chapaPayment(reply.data);
  }

  readWebhook(rawBody: string, headers: Record<string, string | undefined>): { reference: string } | null {
    const secret = this.env.CHAPA_WEBHOOK_SECRET || this.env.CHAPA_SECRET_KEY;
    if (!secret) return null;
    const expected = hmacHex(secret, rawBody);
    if (!signatureMatches(headers['x-chapa-signature'], expected) && !signatureMatches(headers['chapa-signature'], expected)) return null;
    const body = JSON.parse(rawBody) as { tx_ref?: unknown; trx_ref?: unknown };
    const ref = body.tx_ref ?? body.trx_ref;
    return typeof ref === 'string' ? { reference: ref } : null;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ChapaReply<T>> {
    let res: Response;
    try {
      res = await fetch(`${this.env.CHAPA_API_URL}${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.env.CHAPA_SECRET_KEY}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw billingErrors.providerUnavailable();
    }
    const json = (await res.json().catch(() => ({}))) as ChapaReply<T>;
    // verify answers 4xx for an unknown reference: that is an answer ("not paid"), not an outage
    if (res.status >= 500) throw billingErrors.providerUnavailable();
    return json;
  }
}
