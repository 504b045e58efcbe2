import type { z } from 'zod';
import { toMajor, type TierSchema } from '@lp/contracts';
import type { TierEntity } from '../../entities/tier.entity.js';

type Tier = z.infer<typeof TierSchema>;

/** 1 - yearly / (12 x monthly), a whole percent; nothing to save on a free tier */
export function yearlySavingPercent(monthlyMinor: number, yearlyMinor: number): number {
  if (monthlyMinor <= 0) return 0;
  return Math.round((1 - yearlyMinor / (12 * monthlyMinor)) * 100);
}

/** The amount an upgrade costs for a billing cycle. */
export const upgradeAmount = (t: Pick<TierEntity, 'priceMonthlyMinor' | 'priceYearlyMinor'>, cycle: 'monthly' | 'yearly'): number =>
  cycle === 'yearly' ? t.priceYearlyMinor : t.priceMonthlyMinor;

export const toTier = (r: TierEntity): Tier => ({
  id: r.id,
  tier_name: r.tierName,
  display_name: r.displayName,
  price_monthly: toMajor(r.priceMonthlyMinor, 'ETB'),
  price_yearly: toMajor(r.priceYearlyMinor, 'ETB'),
  price_monthly_minor: r.priceMonthlyMinor,
  price_yearly_minor: r.priceYearlyMinor,
  currency: 'ETB',
  yearly_saving_percent: yearlySavingPercent(r.priceMonthlyMinor, r.priceYearlyMinor),
  description: r.description,
  features: r.features,
  is_featured: r.isFeatured,
  display_order: r.displayOrder,
  max_students: r.maxStudents,
  max_faculty: r.maxFaculty,
  max_courses: r.maxCourses,
  max_storage_gb: r.maxStorageGb,
  max_api_calls_monthly: r.maxApiCallsMonthly,
  max_subsidiaries: r.maxSubsidiaries,
  custom_domain: r.customDomain,
  branding_removed: r.brandingRemoved,
  api_access: r.apiAccess,
  priority_support: r.prioritySupport,
});
