import type { z } from 'zod';
import { toMajor, type SubleasingPlanSchema } from '@lp/contracts';

type Plan = z.infer<typeof SubleasingPlanSchema>;

export const PLAN_COLUMNS = `id, name, description, price_minor, currency, billing_period, member_type, features, is_active, is_featured,
  active_subscriptions, cascaded_from, created_at`;

export interface PlanRow {
  id: string;
  name: string;
  description: string | null;
  price_minor: number;
  currency: Plan['currency'];
  billing_period: Plan['billing_period'];
  member_type: Plan['member_type'];
  features: string[];
  is_active: boolean;
  is_featured: boolean;
  active_subscriptions: number;
  cascaded_from: string | null;
  created_at: Date;
}

/** The plan as the API answers it: the exact minor units and the major-unit price the screens show. */
export const toPlan = (r: PlanRow): Plan => ({
  id: r.id,
  name: r.name,
  description: r.description,
  price: toMajor(r.price_minor, r.currency),
  price_minor: r.price_minor,
  currency: r.currency,
  billing_period: r.billing_period,
  member_type: r.member_type,
  features: r.features,
  is_active: r.is_active,
  is_featured: r.is_featured,
  active_subscriptions: r.active_subscriptions,
  cascaded_from: r.cascaded_from,
  created_at: new Date(r.created_at).toISOString(),
});
