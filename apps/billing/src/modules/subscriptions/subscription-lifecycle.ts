import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { billingErrors } from '../../common/billing-errors.js';
import { billingEvents } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import type { SubscriptionEntity } from '../../entities/subscription.entity.js';
import type { BillingCycle } from './billing-cycle.js';
import { activation } from './subscription-periods.js';
import { subscriptionChanged } from './subscription.mapper.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** A period paid for: by a completed payment (its id), or nothing for a free plan. */
export interface PaidPeriod {
  userId: string;
  plan: PricingPlanEntity;
  cycle: BillingCycle;
  priceMinor: number;
  currency: string;
  paymentId: string | null;
}

/**
 * How a subscription moves when a period is paid for, always inside the paying transaction
 * and with billing.subscription.changed written beside the change.
 */
@Injectable()
export class SubscriptionLifecycle {
  constructor(@Inject(SubscriptionsRepository) private readonly subs: SubscriptionsRepository) {}

  /**
   * A period was paid for (the subscribe route, the renewal job or a provider's webhook):
   * - the plan and cycle the user is on (active or past due): the next period follows the
   *   current one without a gap (a renewal; paying again before the end, after cancelling,
   *   lengthens the current period), and a cancellation or a past due state is over;
   * - anything else: a new subscription starts now; the live one, if any, is replaced (it
   *   becomes `cancelled`; the rest of its period is not refunded).
   */
  async activate(tx: EntityManager, paid: PaidPeriod, now: Date): Promise<SubscriptionEntity> {
    await this.subs.lockUser(tx, paid.userId);
    const current = await this.subs.lockCurrent(tx, paid.userId);
    const next = activation(current, { planId: paid.plan.id, cycle: paid.cycle }, now);
    // the rule of SubscriptionItem.offer again, under the user's lock: of concurrent payments for
    // the plan one is on, the first starts the period and the others are refused (rolled back)
    if (next.kind === 'refuse') throw billingErrors.alreadySubscribed();
    let sub: SubscriptionEntity;
    if (current && next.kind === 'renew') {
      sub = await this.subs.update(
        tx,
        current.id,
        {
          status: 'active',
          currentPeriodStart: next.start,
          currentPeriodEnd: next.end,
          cancelAtPeriodEnd: false,
          graceUntil: null,
          priceMinor: paid.priceMinor,
          currency: paid.currency,
          lastPaymentId: paid.paymentId,
          renewalAttemptedAt: null,
        },
        now,
      );
    } else {
      if (current) await this.subs.update(tx, current.id, { status: 'cancelled', graceUntil: null }, now);
      sub = await this.subs.insert(
        tx,
        {
          userId: paid.userId,
          userType: paid.plan.userType,
          planId: paid.plan.id,
          status: 'active',
          billingCycle: paid.cycle,
          priceMinor: paid.priceMinor,
          currency: paid.currency,
          currentPeriodStart: next.start,
          currentPeriodEnd: next.end,
          lastPaymentId: paid.paymentId,
        },
        now,
      );
    }
    await this.announce(tx, sub, paid.plan, now);
    return sub;
  }

  /** billing.subscription.changed for the subscription as it is now. */
  async announce(tx: EntityManager, sub: SubscriptionEntity, plan: PricingPlanEntity, now: Date): Promise<void> {
    await writeEvent(tx, billingEvents.subscriptionChanged, subscriptionChanged(sub, plan, now));
  }
}
