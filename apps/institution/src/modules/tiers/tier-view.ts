import type { z } from 'zod';
import { toMajor, type TierSchema } from '@lp/contracts';

type Tier = z.infer<typeof TierSchema>;

export const TIER_COLUMNS = `id, tier_name, display_name, description, price_monthly_minor, price_yearly_minor, features, is_featured, is_active,
  display_order, max_students, max_faculty, max_courses, max_storage_gb, max_api_calls_monthly, max_subsidiaries,
  custom_domain, branding_removed, api_access, priority_support`;

export interface TierRow {
  id: string;
  tier_name: string;
  display_name: string;
  description: string;
  price_monthly_minor: number;
  price_yearly_minor: number;
  features: string[];
  is_featured: boolean;
  is_active: boolean;
  display_order: number;
  max_students: number | null;
  max_faculty: number | null;
  max_courses: number | null;
  max_storage_gb: number | null;
  max_api_calls_monthly: number | null;
  max_subsidiaries: number | null;
  custom_domain: boolean;
  branding_removed: boolean;
  api_access: boolean;
  priority_support: boolean;
}

/** 1 - yearly / (12 x monthly), a whole percent; nothing to save on a free tier */
export function yearlySavingPercent(monthlyMinor: number, yearlyMinor: number): number {
  if (monthlyMinor <= 0) return 0;
  return Math.round((1 - yearlyMinor / (12 * monthlyMinor)) * 100);
}

export const toTier = (r: TierRow): Tier => ({
  id: r.id,
  tier_name: r.tier_name,
  display_name: r.display_name,
  price_monthly: toMajor(r.price_monthly_minor, 'ETB'),
  price_yearly: toMajor(r.price_yearly_minor, 'ETB'),
  price_monthly_minor: r.price_monthly_minor,
  price_yearly_minor: r.price_yearly_minor,
  currency: 'ETB',
  yearly_saving_percent: yearlySavingPercent(r.price_monthly_minor, r.price_yearly_minor),
  description: r.description,
  features: r.features,
  is_featured: r.is_featured,
  display_order: r.display_order,
  max_students: r.max_students,
  max_faculty: r.max_faculty,
  max_courses: r.max_courses,
  max_storage_gb: r.max_storage_gb,
  max_api_calls_monthly: r.max_api_calls_monthly,
  max_subsidiaries: r.max_subsidiaries,
  custom_domain: r.custom_domain,
  branding_removed: r.branding_removed,
  api_access: r.api_access,
  priority_support: r.priority_support,
});
