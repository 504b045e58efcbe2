import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PLAN_USER_TYPES, type Caller, type PlanUserType } from '@lp/contracts';
import { Clock } from '@lp/service-kit';
import { billingErrors } from '../../common/billing-errors.js';
import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import type { TransactionEntity } from '../../entities/transaction.entity.js';
import { PaymentItems } from '../payments/payment-items.js';
import type { ItemQuote, PaymentItemKind } from '../payments/payment-item.js';
import { PlansRepository } from '../plans/plans.repository.js';
import { priceForCycle, type BillingCycle } from './billing-cycle.js';
import { SubscriptionLifecycle } from './subscription-lifecycle.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

const isPlanUserType = (role: string): role is PlanUserType => (PLAN_USER_TYPES as readonly string[]).includes(role);

/** A plan as one caller may buy it, for one cycle, at its price. */
export interface PlanOffer {
  plan: PricingPlanEntity;
  cycle: BillingCycle;
  amountMinor: number;
}

/**
 * Subscriptions as things to buy (POST /subscriptions/subscribe, POST /payments/initiate with
 * item_type subscription, and the renewal job): billing prices its own plans; all of the
 * money is the platform's. The subscription starts or renews in the payment's own
 * transaction; a provider payment that fails or expires leaves nothing behind, since nothing
 * is held while it is pending.
 */
@Injectable()
export class SubscriptionItem implements PaymentItemKind, OnModuleInit {
  readonly itemType = 'subscription' as const;

  constructor(
    @Inject(PaymentItems) private readonly items: PaymentItems,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(SubscriptionsRepository) private readonly subs: SubscriptionsRepository,
    @Inject(SubscriptionLifecycle) private readonly lifecycle: SubscriptionLifecycle,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.items.register(this);
  }

  /**
   * The rules of buying a plan: it exists and is offered (an inactive plan only to those on it,
   * who keep renewing it), it is for the caller's user type, and the caller is not already on
   * it for a period still running (paying ahead is allowed once they cancelled).
   */
  async offer(planId: string, caller: Caller, requestedCycle: BillingCycle | undefined): Promise<PlanOffer> {
    const plan = await this.plans.find(planId);
    if (!plan) throw billingErrors.planNotFound();
    const current = await this.subs.current(caller.userId);
    const onIt = current !== null && current.planId === plan.id && (current.status === 'active' || current.status === 'past_due');
    if (!plan.isActive && !onIt) throw billingErrors.planNotFound();
    if (!isPlanUserType(caller.role) || plan.userType !== caller.role) throw billingErrors.planNotForRole();
    const cycle = requestedCycle ?? (onIt ? current.billingCycle : plan.billingCycle);
    if (
      onIt &&
      current.status === 'active' &&
      current.billingCycle === cycle &&
      !current.cancelAtPeriodEnd &&
      current.currentPeriodEnd.getTime() > this.clock.now().getTime()
    )
      throw billingErrors.alreadySubscribed();
    return { plan, cycle, amountMinor: priceForCycle(plan, cycle) };
  }

  async quote(planId: string, caller: Caller, request: { billing_cycle?: BillingCycle | undefined }): Promise<ItemQuote> {
    const { plan, cycle, amountMinor } = await this.offer(planId, caller, request.billing_cycle);
    return {
      amountMinor,
      currency: plan.currency as ItemQuote['currency'],
      description: `Subscription: ${plan.name} (${cycle})`,
      recipient: null,
      feePercent: 0,
      details: { billing_cycle: cycle },
    };
  }

  /** The payment completed (at once from the wallet, or at the provider's webhook): the period it paid for begins. */
  async onCompleted(tx: EntityManager, payment: TransactionEntity): Promise<void> {
    const plan = await this.plans.find(payment.itemId!, tx);
    // a plan is not deleted while anyone is on it or a payment for it is pending (PlansService.delete)
    if (!plan) throw billingErrors.planNotFound();
    const cycle =
      payment.details['billing_cycle'] === 'yearly' || payment.details['billing_cycle'] === 'monthly'
        ? payment.details['billing_cycle']
        : plan.billingCycle;
    await this.lifecycle.activate(
      tx,
      { userId: payment.userId, plan, cycle, priceMinor: payment.amountMinor, currency: payment.currency, paymentId: payment.id },
      this.clock.now(),
    );
  }
}
