import type { z } from 'zod';
import { toMajor, toMinor, type SubleasingPlanSchema, type institutionRoutes, type RouteInput } from '@lp/contracts';
import type { SubleasingPlanEntity } from '../../entities/subleasing-plan.entity.js';
import type { PlanFields } from './plans.repository.js';

type Plan = z.infer<typeof SubleasingPlanSchema>;
type PlanBody = RouteInput<(typeof institutionRoutes)['createPlan']>['body'];

/** The plan as the API answers it: the exact minor units and the major-unit price the screens show. */
export const toPlan = (r: SubleasingPlanEntity): Plan => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: toMajor(r.priceMinor, r.currency),
  price_minor: r.priceMinor,
  currency: r.currency,
  billing_period: r.billingPeriod,
  member_type: r.memberType,
  features: r.features,
  is_active: r.isActive,
  is_featured: r.isFeatured,
  active_subscriptions: r.activeSubscriptions,
  cascaded_from: r.cascadedFrom,
  created_at: new Date(r.createdAt).toISOString(),
});

/** The plan's columns from the form: the price in the currency's minor units. */
export const planFields = (b: PlanBody): PlanFields => ({
  name: b.name,
  description: b.description ?? null,
  priceMinor: toMinor(b.price, b.currency),
  currency: b.currency,
  billingPeriod: b.billing_period,
  memberType: b.member_type,
  features: b.features,
  isActive: b.is_active,
  isFeatured: b.is_featured,
});
