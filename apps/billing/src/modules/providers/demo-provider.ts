import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { Clock, ENV } from '@lp/service-kit';
import type { BillingEnv } from '../../config/billing-env.js';
import { DemoCheckoutEntity } from '../../entities/demo-checkout.entity.js';
import { billingErrors } from '../../common/billing-errors.js';
import {
  hmacHex,
  signatureMatches,
  type CheckoutRequest,
  type ExpectedPayment,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider.js';

export const DEMO_SIGNATURE_HEADER = 'x-demo-signature';

/** Where a signed webhook goes: billing's own webhook handling (set by the webhook service). */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<unknown>;

/**
 * The local demo provider (spec: "payments run in demo mode"; development and tests only: the
 * settings refuse it in production). It behaves as a hosted
 * checkout does: initiate answers a checkout page (/demo-checkout/{reference}, served by the
 * platform in the provider's place) where the payer confirms or cancels; the provider then
 * sends a webhook signed with HMAC-SHA256 over its exact body, and answers verify from its own
 * records. Only the payer's own session sees and confirms the page. The money it credits is
 * demo money: every ledger entry on its clearing account is marked demo (ledger.repository.ts).
 * The webhook is delivered in-process to the same handler the HTTP webhook route
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
      payerId: req.payerId,
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

  async verify(reference: string, _expected?: ExpectedPayment): Promise<ProviderPayment> {
    const c = await this.checkouts.findOne({ where: { reference } });
    if (!c) return { status: 'failed', amountMinor: 0, currency: 'USD' };
    return {
      status: c.status === 'paid' ? 'paid' : c.status === 'cancelled' ? 'cancelled' : 'pending',
      amountMinor: c.amountMinor,
      currency: c.currency,
    };
  }

  readWebhook(rawBody: string, headers: Record<string, string | undefined>): { reference: string } | null {
    if (!signatureMatches(headers[DEMO_SIGNATURE_HEADER], hmacHex(this.env.DEMO_PROVIDER_SECRET, rawBody))) return null;
    const body = JSON.parse(rawBody) as { reference?: unknown };
    return typeof body.reference === 'string' ? { reference: body.reference } : null;
  }

  /**
   * The checkout page's view for its payer; `expired` once its time is up. Anyone else's
   * checkout is as unknown as a missing one (404): the reference alone opens nothing.
   */
  async checkout(
    reference: string,
    payerId: string,
  ): Promise<DemoCheckoutEntity & { shownStatus: 'open' | 'paid' | 'cancelled' | 'expired' }> {
    const c = await this.checkouts.findOne({ where: { reference } });
    if (!c || c.payerId !== payerId) throw billingErrors.paymentNotFound();
    const shownStatus: 'open' | 'paid' | 'cancelled' | 'expired' =
      c.status === 'open' && c.expiresAt <= this.clock.now() ? 'expired' : c.status;
    return Object.assign(c, { shownStatus });
  }

  /** The payer (and only the payer) pays or cancels; then the provider notifies us, signed, as a real one would. */
  async act(reference: string, action: 'confirm' | 'cancel', payerId: string): Promise<DemoCheckoutEntity> {
    const now = this.clock.now();
    const status = action === 'confirm' ? 'paid' : 'cancelled';
    const result = await this.checkouts
      .createQueryBuilder()
      .update()
      .set({ status, settledAt: now })
      .where('reference = :reference AND payer_id = :payerId AND status = :open AND expires_at > :now', {
        reference,
        payerId,
        open: 'open',
        now,
      })
      .execute();
    if (!result.affected) {
      await this.checkout(reference, payerId); // 404 when there is no such checkout of this payer
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
