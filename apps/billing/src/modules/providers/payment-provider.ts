import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Currency, ProviderMethod } from '@lp/contracts';

export interface CheckoutRequest {
  /** our reference at the provider (tx_ref), unique */
  reference: string;
  method: ProviderMethod;
  /** who pays: the demo checkout lets only this user confirm */
  payerId: string;
  /** the payer's phone (M-Pesa's STK push prompts it); null when not given */
  phoneNumber: string | null;
  amountMinor: number;
  currency: Currency;
  description: string;
  /** where the provider sends the payer back (absolute when PUBLIC_URL is set) */
  returnUrl: string;
  expiresAt: Date;
}

/** What the provider itself says about a payment (never what a webhook body claims). */
export interface ProviderPayment {
  status: 'paid' | 'failed' | 'cancelled' | 'pending';
  amountMinor: number;
  currency: string;
}

/** What we asked the provider to collect: a provider whose status answer has no amount (M-Pesa's STK query) vouches for this one. */
export interface ExpectedPayment {
  amountMinor: number;
  currency: string;
}

/**
 * A payment provider: it opens a checkout for a reference (a hosted page, or a prompt on the
 * payer's phone), answers what it knows of a reference, and reads its own webhooks. telebirr,
 * M-Pesa and Chapa payments each go through the provider configured for the method.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'chapa' | 'telebirr' | 'mpesa';
  /**
   * `tx`: the payment's transaction. An in-process provider (the demo) writes its records in
   * it, so a refused payment leaves no open checkout behind and no second connection is taken
   * while one is held; a remote provider ignores it.
   */
  /**
   * `checkoutUrl` null: there is no page to go to (M-Pesa prompts the phone). `reference`: the
   * provider's own id for the payment when it names it (M-Pesa's CheckoutRequestID), kept as
   * the payment's provider reference instead of ours.
   */
  initiate(req: CheckoutRequest, tx: EntityManager): Promise<{ checkoutUrl: string | null; reference?: string }>;
  verify(reference: string, expected: ExpectedPayment): Promise<ProviderPayment>;
  /**
   * the reference a webhook is about, once the webhook is the provider's (its signature holds
   * over the exact body; M-Pesa signs nothing: its callback is a well-formed nudge and only
   * verify decides); null otherwise
   */
  readWebhook(rawBody: string, headers: Record<string, string | undefined>): { reference: string } | null;
}

export const hmacHex = (secret: string, body: string): string => createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(received: string | undefined, expected: string): boolean {
  if (!received) return false;
  const a = Buffer.from(received.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
