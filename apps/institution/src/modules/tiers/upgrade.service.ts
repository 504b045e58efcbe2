import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  AppError,
  IdSchema,
  billingEvents,
  billingInternal,
  institutionEvents,
  institutionInternal,
  institutionRoutes,
  type EventPayload,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { RpcClient, writeEvent, type EventContext } from '@lp/bus';
import { Clock, Handles, HandlesInternal, OnEvent, currentCaller, entityManager } from '@lp/service-kit';
import { Tenancy, enterSystemScope, inSystemScope } from '../../common/tenancy.js';
import { InstitutionsRepository } from '../institutions/institutions.repository.js';
import { tierErrors } from './tier-errors.js';
import { upgradeAmount } from './tier-view.js';
import { TiersRepository } from './tiers.repository.js';

type R = typeof institutionRoutes;
type PricingReq = z.infer<typeof institutionInternal.tierPricing.request>;
type PricingRes = z.infer<typeof institutionInternal.tierPricing.response>;
type PayReply = z.infer<typeof billingInternal.payForItem.response>;

/** what a payment did to its upgrade */
type Applied = 'completed' | 'already' | 'paid_twice' | 'unknown';

/**
 * Moving a top institution to another tier, paid through billing as mentoring pays for a
 * session: the upgrade is recorded (pending) with its price, billing asks institution for that
 * price (institution.tier.pricing, never the browser's), the wallet pays at once and a
 * provider later. The tier changes once per upgrade, when its payment completes: from the
 * wallet's answer or from billing.payment.completed, whichever comes first (both lock the
 * upgrade). A second payment for an upgrade already paid is refunded.
 */
@Injectable()
export class UpgradeService {
  private readonly log = new Logger('tier-upgrade');

  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TiersRepository) private readonly tiers: TiersRepository,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
  ) {}

  @Handles(institutionRoutes.upgrade)
  async upgrade({ params, body }: RouteInput<R['upgrade']>): Promise<RouteOutput<R['upgrade']>> {
    const caller = currentCaller();
    const started = await this.tenancy.forInstitution(params.id, 'admin', async (tx, access) => {
      const topId = access.pathIds[0]!;
      if (access.viaInstitutionId !== topId && !(await this.tiers.isFullAdmin(tx, topId, caller.userId)))
        throw tierErrors.topAdminRequired();
      // the caller administers the top institution, which this transaction may not see when
      // their nearest membership is a subsidiary's: the top's row is read and changed unscoped
      return inSystemScope(tx, async () => {
        const tier = await this.tiers.findActive(tx, body.tier_id);
        if (!tier) throw tierErrors.notFound();
        const top = await this.institutions.find(tx, topId);
        if (top!.tierName === tier.tierName) throw tierErrors.sameTier();
        const amountMinor = upgradeAmount(tier, body.billing_cycle);
        const id = randomUUID();
        await this.tiers.insertUpgrade(tx, {
          id,
          institutionId: topId,
          requestedBy: caller.userId,
          fromTier: top!.tierName,
          toTier: tier.tierName,
          billingCycle: body.billing_cycle,
          amountMinor,
          currency: 'ETB',
        });
        // a free tier has nothing to pay: the move is made now
        if (amountMinor === 0) await this.apply(tx, id, null);
        return { id, tier, amountMinor };
      });
    });
    const { id, tier, amountMinor } = started;
    const reply = (status: 'completed' | 'pending', paymentId: string, checkoutUrl: string | null, message: string) => ({
      status,
      payment_id: paymentId,
      checkout_url: checkoutUrl,
      tier_name: tier.tierName,
      amount_minor: amountMinor,
      currency: 'ETB',
      message,
    });
    // no payment exists for a free tier: the upgrade's own id stands in for it
    if (amountMinor === 0) return reply('completed', id, null, `Your institution is now on the ${tier.displayName} tier`);

    let payment: PayReply;
    try {
      payment = await this.rpc.request<PayReply>(billingInternal.payForItem.subject, {
        user_id: caller.userId,
        item_type: 'institution_tier',
        item_id: id,
        payment_method: body.payment_method,
        idempotency_key: `institution-tier:${id}`,
      });
    } catch (e) {
      // billing refused (e.g. 'Insufficient balance'): the upgrade fails and the refusal is answered as it is
      if (AppError.isAppError(e) && e.status < 500) {
        await this.tenancy.asSystem((tx) => this.tiers.failPending(tx, id));
        throw e;
      }
      this.log.warn({ upgradeId: id, err: e }, 'billing did not answer the upgrade payment; a payment event may still complete it');
      throw e;
    }
    await this.tenancy.asSystem(async (tx) => {
      await this.tiers.recordPayment(tx, id, payment.transaction_id);
      if (payment.status === 'completed') await this.settle(tx, id, payment.transaction_id);
    });
    return payment.status === 'completed'
      ? reply('completed', payment.transaction_id, null, `Payment successful: your institution is now on the ${tier.displayName} tier`)
      : reply('pending', payment.transaction_id, payment.checkout_url ?? null, 'Complete the payment at the checkout');
  }

  /** Billing prices an upgrade: for the admin who started it, the amount fixed then. */
  @HandlesInternal(institutionInternal.tierPricing)
  async pricing(req: PricingReq): Promise<PricingRes> {
    return this.tenancy.asSystem(async (tx) => {
      const u = await this.tiers.pricingRow(tx, req.item_id);
      if (!u || u.requested_by !== req.user_id) throw tierErrors.upgradeNotFound();
      return {
        upgrade_id: u.id,
        institution_id: u.institution_id,
        title: `${u.display_name} tier (${u.billing_cycle}) for ${u.institution_name}`,
        tier_name: u.to_tier,
        billing_cycle: u.billing_cycle,
        amount_minor: u.amount_minor,
        currency: 'ETB',
        status: u.status,
      };
    });
  }

  /** An upgrade's payment completed: the tier changes, once however often the event arrives. */
  @OnEvent(billingEvents.paymentCompleted)
  async paymentCompleted(p: EventPayload<typeof billingEvents.paymentCompleted>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'institution_tier' || !IdSchema.safeParse(p.item_id).success) return;
    const tx = entityManager(ctx.tx);
    await enterSystemScope(tx);
    const applied = await this.settle(tx, p.item_id, p.payment_id);
    if (applied === 'unknown')
      ctx.log.warn({ paymentId: p.payment_id, upgradeId: p.item_id }, 'payment for an unknown tier upgrade; left to a person');
  }

  /** An upgrade's provider payment failed, was cancelled or expired: the upgrade fails, the tier stays. */
  @OnEvent(billingEvents.paymentFailed)
  async paymentFailed(p: EventPayload<typeof billingEvents.paymentFailed>, ctx: EventContext): Promise<void> {
    if (p.item_type !== 'institution_tier' || !IdSchema.safeParse(p.item_id).success) return;
    const tx = entityManager(ctx.tx);
    await enterSystemScope(tx);
    await this.tiers.failPending(tx, p.item_id, p.payment_id);
  }

  /** Applies a completed payment to its upgrade; a second payment for one upgrade goes back to the payer. */
  private async settle(tx: EntityManager, upgradeId: string, paymentId: string): Promise<Applied> {
    const applied = await this.apply(tx, upgradeId, paymentId);
    if (applied === 'paid_twice') {
      // billing's refund is idempotent per payment: a redelivered event refunds once
      try {
        await this.rpc.request(billingInternal.refund.subject, { payment_id: paymentId, reason: 'tier upgrade already paid', full: true });
        this.log.log({ upgradeId, paymentId }, 'second payment for a tier upgrade refunded');
      } catch (e) {
        // billing refusing for good (not a completed payment) would refuse every redelivery too
        if (!AppError.isAppError(e) || e.status >= 500) throw e;
        this.log.warn({ upgradeId, paymentId, err: e }, 'second payment for a tier upgrade could not be refunded; left to a person');
      }
    }
    return applied;
  }

  /**
   * Completes an upgrade (pending, or failed on our side while the money still arrived) in the
   * caller's transaction, which sees every row: the top institution takes the tier and
   * institution.tier.changed is written with it.
   */
  private async apply(tx: EntityManager, upgradeId: string, paymentId: string | null): Promise<Applied> {
    const u = await this.tiers.lockUpgrade(tx, upgradeId);
    if (!u) return 'unknown';
    if (u.status === 'completed') return paymentId === null || u.paymentId === null || u.paymentId === paymentId ? 'already' : 'paid_twice';
    const now = this.clock.now();
    await this.tiers.complete(tx, upgradeId, paymentId, now);
    const inst = await this.institutions.lock(tx, u.institutionId);
    if (!inst || inst.tierName === u.toTier) return 'completed';
    await this.tiers.setInstitutionTier(tx, u.institutionId, u.toTier);
    await writeEvent(tx, institutionEvents.tierChanged, {
      v: 1,
      institution_id: u.institutionId,
      from_tier: inst.tierName,
      to_tier: u.toTier,
      billing_cycle: u.billingCycle,
      payment_id: paymentId ?? u.paymentId,
      amount_minor: u.amountMinor,
      currency: u.currency,
      changed_at: now.toISOString(),
    });
    return 'completed';
  }
}
