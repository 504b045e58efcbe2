import { billingEvents, type EventPayload, type Subscription } from '@lp/contracts';
import { iso, isoOrNull } from '@lp/service-kit';
import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import type { SubscriptionEntity } from '../../entities/subscription.entity.js';
import { NO_LIMITS, planLimits, toPlan } from '../plans/plan.mapper.js';

export function toSubscription(s: SubscriptionEntity, plan: PricingPlanEntity): Subscription {
  return {
    id: s.id,
    plan: toPlan(plan),
    status: s.status,
    billing_cycle: s.billingCycle,
    current_period_start: iso(s.currentPeriodStart),
    current_period_end: iso(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    grace_until: isoOrNull(s.graceUntil),
    created_at: iso(s.createdAt),
  };
}

/** Whether a subscription in this status grants its plan's limits (past due: during its grace). */
export const grantsLimits = (s: Pick<SubscriptionEntity, 'status'>): boolean => s.status === 'active' || s.status === 'past_due';

/** billing.subscription.changed: the limits in force now, all null once the subscription grants nothing. */
export function subscriptionChanged(
  s: SubscriptionEntity,
  plan: PricingPlanEntity,
  now: Date,
): EventPayload<typeof billingEvents.subscriptionChanged> {
  return {
    v: 1,
    subscription_id: s.id,
    user_id: s.userId,
    user_type: s.userType,
    plan_id: plan.id,
    plan_name: plan.name,
    status: s.status,
    limits: grantsLimits(s) ? planLimits(plan) : NO_LIMITS,
    current_period_end: iso(s.currentPeriodEnd),
    changed_at: iso(now),
  };
}
