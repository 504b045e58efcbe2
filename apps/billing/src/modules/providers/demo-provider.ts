import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { Clock, ENV } from '@lp/service-kit';
import type { BillingEnv } from '../../config/billing-env.js';
import { DemoCheckoutEntity } from '../../entities/demo-checkout.entity.js';
import { billingErrors } from '../../common/billing-errors.js';
import { hmacHex, signatureMatches, type CheckoutRequest, type PaymentProvider, type ProviderPayment } from './payment-provider.js';

export const DEMO_SIGNATURE_HEADER = 'x-demo-signature';

/** Where a signed webhook goes: billing's own webhook handling (set by the webhook service). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<unknown>;

/**
 * The local demo provider (spec: "payments run in demo mode"). It behaves as a hosted
 * checkout does: initiate answers a checkout page (/demo-checkout/{reference}, served by the
 * platform in the provider's place) where the payer confirms or cancels; the provider then
 * sends a webhook signed with HMAC-SHA256 over its exact body, and answers verify from its own
 * records. The webhook is delivered in-process to the same handler the HTTP webhook route
 * uses, signature check included: no network hop, nothing skipped.
 */
@Injectable()
export class DemoProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  private delivery: WebhookDelivery | null = null;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: BillingEnv,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** the table's repository on the service's connection */
  private get checkouts(): Repository<DemoCheckoutEntity> {
    return this.ds.getRepository(DemoCheckoutEntity);
  }

  deliverWebhooksTo(delivery: WebhookDelivery): void {
    this.delivery = delivery;
  }

  static newReference(): string {
    return `demo_${randomBytes(18).toString('base64url')}`;
  }

  async initiate(req: CheckoutRequest, tx: EntityManager): Promise<{ checkoutUrl: string }> {
    await tx.getRepository(DemoCheckoutEntity).insert({
      reference: req.reference,
      method: req.method,
      amountMinor: req.amountMinor,
      currency: req.currency,
      description: req.description,
      returnUrl: req.returnUrl,
      status: 'open',
      expiresAt: req.expiresAt,
      settledAt: null,
    });
    return { checkoutUrl: `${this.env.PUBLIC_URL}/demo-checkout/${encodeURIComponent(req.reference)}` };
  }

  async verify(reference: string): Promise<ProviderPayment> {
    const c = await this.checkouts.findOne({ where: { reference } });
    if (!c) return { status: 'failed', amountMinor: 0, currency: 'USD' };
    return { status: c.status === 'paid' ? 'paid' : c.status === 'cancelled' ? 'cancelled' : 'pending', amountMinor: c.amountMinor, currency: c.currency };
  }

  readWebhook(rawBody: string, headers: Record<string, string | undefined>): { reference: string } | null {
    if (!signatureMatches(headers[DEMO_SIGNATURE_HEADER], hmacHex(this.env.DEMO_PROVIDER_SECRET, rawBody))) return null;
    const body = JSON.parse(rawBody) as { reference?: unknown };
    return typeof body.reference === 'string' ? { reference: body.reference } : null;
  }

  /** The checkout page's view; `expired` once its time is up. */
  async checkout(reference: string): Promise<DemoCheckoutEntity & { shownStatus: 'open' | 'paid' | 'cancelled' | 'expired' }> {
    const c = await this.checkouts.findOne({ where: { reference } });
    if (!c) throw billingErrors.paymentNotFound();
    const shownStatus: 'open' | 'paid' | 'cancelled' | 'expired' = c.status === 'open' && c.expiresAt <= this.clock.now() ? 'expired' : c.status;
    return Object.assign(c, { shownStatus });
  }

  /** The payer pays or cancels; then the provider notifies us, signed, as a real one would. */
  async act(reference: string, action: 'confirm' | 'cancel'): Promise<DemoCheckoutEntity> {
    const now = this.clock.now();
    const status = action === 'confirm' ? 'paid' : 'cancelled';
    const result = await this.checkouts
      .createQueryBuilder()
      .update()
      .set({ status, settledAt: now })
      .where('reference = :reference AND status = :open AND expires_at > :now', { reference, open: 'open', now })
      .execute();
    if (!result.affected) {
      await this.checkout(reference); // 404 when there is no such checkout
      throw billingErrors.checkoutClosed();
    }
    const c = await this.checkouts.findOneOrFail({ where: { reference } });
    const body = JSON.stringify({
      event: status === 'paid' ? 'charge.success' : 'charge.cancelled',
      reference,
      status: status === 'paid' ? 'success' : 'cancelled',
      amount_minor: c.amountMinor,
      currency: c.currency,
      at: now.toISOString(),
    });
    if (!this.delivery) throw new Error('the demo provider has nowhere to send its webhooks');
    await this.delivery(body, { [DEMO_SIGNATURE_HEADER]: hmacHex(this.env.DEMO_PROVIDER_SECRET, body) });
    return c;
  }
}
