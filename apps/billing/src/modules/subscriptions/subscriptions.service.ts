import { Inject, Injectable } from '@nestjs/common';
import {
  billingRoutes,
  catalogInternal,
  money,
  type Currency,
  type InitiatePaymentReply,
  type OwnerUsageResponse,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { Clock, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import type { z } from 'zod';
import { billingErrors } from '../../common/billing-errors.js';
import { IdempotencyRepository } from '../payments/idempotency.repository.js';
import { PaymentsService } from '../payments/payments.service.js';
import { NO_LIMITS, planLimits } from '../plans/plan.mapper.js';
import { PlansRepository } from '../plans/plans.repository.js';
import { SubscriptionItem } from './subscription-item.js';
import { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { toSubscription } from './subscription.mapper.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

type R = typeof billingRoutes;

/** The roles whose courses catalog counts (the authors of courses). */
const AUTHORS = new Set(['instructor', 'institution']);

/**
 * The caller's subscription: what it is, what it uses of the plan's limits, subscribing
 * (paid like anything else, through PaymentsService) and cancelling at the period end.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(SubscriptionsRepository) private readonly subs: SubscriptionsRepository,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(SubscriptionItem) private readonly item: SubscriptionItem,
    @Inject(SubscriptionLifecycle) private readonly lifecycle: SubscriptionLifecycle,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(IdempotencyRepository) private readonly idempotency: IdempotencyRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The live subscription (active, past due); null when there is none (never subscribed, or it ended). */
  @Handles(billingRoutes.currentSubscription)
  async current(): Promise<RouteOutput<R['currentSubscription']>> {
    const s = await this.subs.current(currentCaller().userId);
    return { subscription: s ? toSubscription(s, s.plan!) : null };
  }

  /**
   * Usage against the plan's limits: courses (drafts included) and distinct students from
   * catalog for the authors of courses; faculty and sessions this month are 0 until the
   * institution and mentoring services count them. Without a subscription every limit is null.
   */
  @Handles(billingRoutes.subscriptionUsage)
  async usage(): Promise<RouteOutput<R['subscriptionUsage']>> {
    const caller = currentCaller();
    const s = await this.subs.current(caller.userId);
    let owned: z.infer<typeof OwnerUsageResponse> = { courses: 0, students: 0 };
    if (AUTHORS.has(caller.role)) owned = await this.rpc.request(catalogInternal.ownerUsage.subject, { user_id: caller.userId });
    return {
      plan_id: s?.planId ?? null,
      current_usage: { courses: owned.courses, students: owned.students, faculty: 0, sessions_this_month: 0 },
      limits: s ? planLimits(s.plan!) : NO_LIMITS,
    };
  }

  /**
   * Subscribes (or changes plan): paid from the wallet at once, or through a provider's
   * checkout, after which the webhook starts it. A free plan starts at once without a payment
   * (its transaction_id is then the subscription's id).
   */
  @Handles(billingRoutes.subscribe)
  async subscribe({ body, headers }: RouteInput<R['subscribe']>): Promise<RouteOutput<R['subscribe']>> {
    const caller = currentCaller();
    // a retry under its Idempotency-Key answers the first answer, before any rule is asked again
    const claim = { userId: caller.userId, scope: billingRoutes.subscribe.subject, key: headers['idempotency-key'], body };
    const answered = await this.idempotency.answered<InitiatePaymentReply>(claim);
    if (answered) return this.reply(caller.userId, answered);
    const offer = await this.item.offer(body.plan_id, caller, body.billing_cycle);
    if (offer.amountMinor === 0) {
      const started = await this.uow.run((tx) =>
        this.idempotency.run(tx, claim, async (): Promise<InitiatePaymentReply> => {
          const sub = await this.lifecycle.activate(
            tx,
            { userId: caller.userId, plan: offer.plan, cycle: offer.cycle, priceMinor: 0, currency: offer.plan.currency, paymentId: null },
            this.clock.now(),
          );
          return {
            transaction_id: sub.id,
            status: 'completed',
            checkout_url: null,
            message: 'Subscribed',
            ...money(0, offer.plan.currency as Currency),
          };
        }),
      );
      return this.reply(caller.userId, started);
    }
    const paid = await this.payments.pay(
      caller,
      { item_type: 'subscription', item_id: body.plan_id, payment_method: body.payment_method, billing_cycle: offer.cycle },
      claim.key,
      claim.scope,
      body,
    );
    return this.reply(caller.userId, paid);
  }

  private async reply(userId: string, paid: InitiatePaymentReply): Promise<RouteOutput<R['subscribe']>> {
    const sub = paid.status === 'completed' ? await this.subs.current(userId) : null;
    return {
      transaction_id: paid.transaction_id,
      status: paid.status,
      checkout_url: paid.checkout_url,
      message: sub ? `You are now subscribed to ${sub.plan!.name}` : paid.message,
      subscription: sub ? toSubscription(sub, sub.plan!) : null,
    };
  }

  /**
   * Cancels at the period end: the subscription stays active (and keeps its limits) until
   * then and is not renewed. A past due one has no period left: it ends now. Cancelling
   * twice changes nothing the second time.
   */
  @Handles(billingRoutes.cancelSubscription)
  async cancel(): Promise<RouteOutput<R['cancelSubscription']>> {
    const caller = currentCaller();
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const current = await this.subs.lockCurrent(tx, caller.userId);
      if (!current) throw billingErrors.subscriptionNotFound();
      const plan = (await this.plans.find(current.planId, tx))!;
      let sub = current;
      if (current.status === 'past_due') sub = await this.subs.update(tx, current.id, { status: 'expired', graceUntil: null }, now);
      else if (!current.cancelAtPeriodEnd) sub = await this.subs.update(tx, current.id, { cancelAtPeriodEnd: true }, now);
      if (sub !== current) await this.lifecycle.announce(tx, sub, plan, now);
      return { subscription: toSubscription(sub, plan) };
    });
  }
}
