import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';

export type BillingCycle = 'monthly' | 'yearly';

/**
 * The end of a period that starts at `start`: a calendar month or year later, in UTC, on the
 * same day of the month, or the month's last day when it has no such day (Jan 31 -> Feb 28,
 * Feb 29 -> Feb 28 of the next year).
 */
export function addCycle(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'monthly' ? 1 : 12;
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = new Date(start.getTime());
  end.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
  return end;
}

/**
 * A plan's price for a cycle, minor units. A plan is priced for its own cycle; the other cycle
 * is derived: a monthly plan paid yearly costs twelve months, a yearly plan paid monthly a
 * twelfth of the year (rounded to the nearest minor unit).
 */
export function priceForCycle(plan: Pick<PricingPlanEntity, 'priceMinor' | 'billingCycle'>, cycle: BillingCycle): number {
  if (cycle === plan.billingCycle) return plan.priceMinor;
  return cycle === 'yearly' ? plan.priceMinor * 12 : Math.round(plan.priceMinor / 12);
}
