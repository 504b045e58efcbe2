import { Inject, Injectable } from '@nestjs/common';
import { billingRoutes, PLAN_USER_TYPES, type PlanUserType, type PricingPlan, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import { billingErrors } from '../../common/billing-errors.js';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.js';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { planFields, toPlan } from './plan.mapper.js';
import { PlansRepository } from './plans.repository.js';

type R = typeof billingRoutes;

const isPlanUserType = (role: string): role is PlanUserType => (PLAN_USER_TYPES as readonly string[]).includes(role);

/** Raised by PostgreSQL when a row still referenced by a foreign key is deleted. */
const isPlanReferenced = (e: unknown): boolean => {
  const driver = (e as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
  return driver?.code === '23503' && driver.constraint === 'subscriptions_plan_fkey';
};

/** The admin's pricing plans, and the plans a subscriber may choose from. */
@Injectable()
export class PlansService {
  constructor(
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(SubscriptionsRepository) private readonly subs: SubscriptionsRepository,
    @Inject(SubscriptionLifecycle) private readonly lifecycle: SubscriptionLifecycle,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(billingRoutes.pricingPlans)
  async list({ query }: RouteInput<R['pricingPlans']>): Promise<PricingPlan[]> {
    return (await this.plans.list({ userType: query.user_type })).map(toPlan);
  }

  @Handles(billingRoutes.adminPricingPlans)
  async grouped(): Promise<RouteOutput<R['adminPricingPlans']>> {
    const groups: RouteOutput<R['adminPricingPlans']> = { institution: [], mentor: [], instructor: [] };
    for (const p of await this.plans.list({})) groups[p.userType].push(toPlan(p));
    return groups;
  }

  /** Active plans of the caller's user type; an admin previews any (instructor by default); a learner has none. */
  @Handles(billingRoutes.subscriptionPlans)
  async forSubscriber({ query }: RouteInput<R['subscriptionPlans']>): Promise<PricingPlan[]> {
    const { role } = currentCaller();
    const userType = role === 'admin' ? (query.user_type ?? 'instructor') : isPlanUserType(role) ? role : null;
    if (!userType) return [];
    return (await this.plans.list({ userType, activeOnly: true })).map(toPlan);
  }

  @Handles(billingRoutes.createPricingPlan)
  async create({ body }: RouteInput<R['createPricingPlan']>): Promise<PricingPlan> {
    const plan = await this.uow.run((tx) => this.plans.insert(tx, planFields(body), this.clock.now()));
    return toPlan(plan);
  }

  /**
   * Replaces a plan's fields. Subscribers keep the price they paid until their renewal; new
   * limits (or a new name) apply at once, so billing.subscription.changed goes out for every
   * subscription the plan grants. A plan with subscribers keeps its user type.
   */
  @Handles(billingRoutes.updatePricingPlan)
  async update({ params, body }: RouteInput<R['updatePricingPlan']>): Promise<PricingPlan> {
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const before = await this.plans.lock(tx, params.id);
      if (!before) throw billingErrors.planNotFound();
      const fields = planFields(body);
      const granted = await this.subs.grantedByPlan(tx, before.id);
      if (fields.userType !== before.userType && (await this.subs.referencesPlan(before.id, tx))) throw billingErrors.planUserTypeInUse();
      await this.plans.update(tx, before.id, fields, now);
      const after = (await this.plans.find(before.id, tx))!;
      const shownChanged =
        after.name !== before.name ||
        after.maxStudents !== before.maxStudents ||
        after.maxFaculty !== before.maxFaculty ||
        after.maxCourses !== before.maxCourses ||
        after.maxSessionsPerMonth !== before.maxSessionsPerMonth;
      if (shownChanged) for (const s of granted) await this.lifecycle.announce(tx, s, after, now);
      return toPlan(after);
    });
  }

  /** Deletes a plan nobody ever subscribed to (409 PLAN_IN_USE otherwise: deactivate it instead). */
  @Handles(billingRoutes.deletePricingPlan)
  async delete({ params }: RouteInput<R['deletePricingPlan']>): Promise<RouteOutput<R['deletePricingPlan']>> {
    try {
      await this.uow.run(async (tx) => {
        const plan = await this.plans.lock(tx, params.id);
        if (!plan) throw billingErrors.planNotFound();
        if (await this.subs.referencesPlan(plan.id, tx)) throw billingErrors.planInUse();
        if (await this.plans.hasPendingPayments(tx, plan.id)) throw billingErrors.planPaymentPending();
        await this.plans.delete(tx, plan.id);
      });
    } catch (e) {
      // a subscription that arrived meanwhile: the foreign key refused the delete
      if (isPlanReferenced(e)) throw billingErrors.planInUse();
      throw e;
    }
    return { message: 'Plan deleted' };
  }
}
