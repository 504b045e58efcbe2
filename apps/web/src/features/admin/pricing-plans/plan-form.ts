import { PLAN_LIMIT_KEYS, PricingPlanUpdateRequest, type PlanUserType, type PricingPlan } from '@lp/contracts';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The admin's plan form is the contract's update request (name and price >= 0 with two decimals
 * required, at least one feature of the plan's user type, limits positive whole numbers or
 * blank for unlimited, is_active); creating sends the same without is_active.
 */
export const planFormSchema = PricingPlanUpdateRequest;
export type PlanFormInput = z.input<typeof planFormSchema>;
export type PlanFormOutput = z.output<typeof planFormSchema>;

const UNLIMITED = { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null };

export function planFormDefaults(plan: PricingPlan | null, userType: PlanUserType): DefaultValues<PlanFormInput> {
  if (!plan)
    return {
      name: '',
      user_type: userType,
      billing_cycle: 'monthly',
      description: '',
      features: [],
      limits: UNLIMITED,
      is_featured: false,
      is_active: true,
    };
  return {
    name: plan.name,
    user_type: plan.user_type,
    price: plan.price,
    billing_cycle: plan.billing_cycle,
    description: plan.description,
    features: [...plan.features],
    limits: Object.fromEntries(PLAN_LIMIT_KEYS.map((key) => [key, plan.limits[key]])),
    is_featured: plan.is_featured,
    is_active: plan.is_active,
  };
}

/** A limit input's text: blank is unlimited (null), anything else a number for the schema to judge. */
export function limitValue(raw: unknown): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  return text === '' ? null : Number(text);
}

/** POST /admin/pricing-plans takes no is_active (a new plan is active). */
export function createBody(values: PlanFormOutput): Omit<PlanFormOutput, 'is_active'> {
  const { is_active: _active, ...body } = values;
  return body;
}
