import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Currency, ProviderMethod } from '@lp/contracts';

export interface CheckoutRequest {
  /** our reference at the provider (tx_ref), unique */
  reference: string;
  method: ProviderMethod;
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

/**
 * A payment provider with a hosted checkout: it opens a checkout for a reference, answers
 * what it knows of a reference, and reads its own signed webhooks. telebirr, M-Pesa and Chapa
 * payments all go through one of these.
 */
export interface PaymentProvider {
  readonly name: 'demo' | 'chapa';
  /**
   * `tx`: the payment's transaction. An in-process provider (the demo) writes its records in
   * it, so a refused payment leaves no open checkout behind and no second connection is taken
   * while one is held; a remote provider ignores it.
   */
  initiate(req: CheckoutRequest, tx: EntityManager): Promise<{ checkoutUrl: string }>;
  verify(reference: string): Promise<ProviderPayment>;
  /** the reference a webhook is about, once its signature holds over the exact body; null when the signature fails */
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
