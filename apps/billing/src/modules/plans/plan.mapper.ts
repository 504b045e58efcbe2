import { toMajor, toMinor, type Currency, type PlanLimits, type PricingPlan, type PricingPlanCreateRequest } from '@lp/contracts';
import { iso } from '@lp/service-kit';
import type { z } from 'zod';
import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import type { PlanFields } from './plans.repository.js';

/** Plans are priced in dollars (spec: "price (USD)"). */
export const PLAN_CURRENCY: Currency = 'USD';

export const planLimits = (p: PricingPlanEntity): PlanLimits => ({
  max_students: p.maxStudents,
  max_faculty: p.maxFaculty,
  max_courses: p.maxCourses,
  max_sessions_per_month: p.maxSessionsPerMonth,
});

/** What a subscription that grants nothing (expired, replaced) or no subscription at all allows: no limit is enforced. */
export const NO_LIMITS: PlanLimits = { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null };

export function toPlan(p: PricingPlanEntity): PricingPlan {
  const currency = p.currency as Currency;
  return {
    id: p.id,
    name: p.name,
    user_type: p.userType,
    price: toMajor(p.priceMinor, currency),
    price_minor: p.priceMinor,
    currency,
    billing_cycle: p.billingCycle,
    description: p.description,
    features: p.features,
    limits: planLimits(p),
    is_featured: p.isFeatured,
    is_active: p.isActive,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** The admin's form (major units) as the row's columns (exact minor units). */
export function planFields(input: z.infer<typeof PricingPlanCreateRequest> & { is_active?: boolean }): PlanFields {
  return {
    name: input.name,
    userType: input.user_type,
    priceMinor: toMinor(input.price, PLAN_CURRENCY),
    currency: PLAN_CURRENCY,
    billingCycle: input.billing_cycle,
    description: input.description,
    features: input.features,
    maxStudents: input.limits.max_students,
    maxFaculty: input.limits.max_faculty,
    maxCourses: input.limits.max_courses,
    maxSessionsPerMonth: input.limits.max_sessions_per_month,
    isFeatured: input.is_featured,
    isActive: input.is_active ?? true,
  };
}
