import { describe, expect, it } from '@jest/globals';
import type { TierEntity } from '../../entities/tier.entity.js';
import { toTier, upgradeAmount } from './tier-view.js';
import { exceededLimit, usagePercentages } from './tier-measures.js';
import { tierFigures } from './tier-limits.js';

const tier = {
  id: 't1',
  tierName: 'pro',
  displayName: 'Pro',
  description: 'For schools',
  priceMonthlyMinor: 250_000,
  priceYearlyMinor: 2_500_000,
  currency: 'ETB',
  features: ['API'],
  isFeatured: true,
  isActive: true,
  displayOrder: 2,
  maxStudents: 500,
  maxFaculty: null,
  maxCourses: 50,
  maxStorageGb: 10,
  maxApiCallsMonthly: 10_000,
  maxSubsidiaries: 5,
  customDomain: true,
  brandingRemoved: false,
  apiAccess: true,
  prioritySupport: false,
} as TierEntity;

describe('a tier as the contract shows it', () => {
  it('has its prices in both units and its yearly saving', () => {
    expect(toTier(tier)).toMatchObject({
      tier_name: 'pro',
      price_monthly: 2500,
      price_yearly: 25_000,
      currency: 'ETB',
      yearly_saving_percent: 17,
      max_faculty: null,
      api_access: true,
    });
  });

  it('costs the monthly or the yearly price by the billing cycle', () => {
    expect(upgradeAmount(tier, 'monthly')).toBe(250_000);
    expect(upgradeAmount(tier, 'yearly')).toBe(2_500_000);
  });
});

const used = { students: 500, faculty: 7, courses: 10, storage_gb: 0, api_calls_this_month: 2500, subsidiaries: 1 };
const limits = { students: 500, faculty: null, courses: 50, storage_gb: 10, api_calls_monthly: 10_000, subsidiaries: 5 };

describe("a tier's limits", () => {
  it('show every measure as a percent of its limit, null where unlimited', () => {
    expect(usagePercentages(used, limits)).toEqual({
      students: 100,
      faculty: null,
      courses: 20,
      storage_gb: 0,
      api_calls_this_month: 25,
      subsidiaries: 20,
    });
  });

  it('refuse an addition that passes the limit, and say which limit', () => {
    expect(exceededLimit(used, limits, 'students', 1)).toBe(500);
    expect(exceededLimit(used, limits, 'courses', 40)).toBeNull();
    expect(exceededLimit(used, limits, 'courses', 41)).toBe(50);
    expect(exceededLimit(used, limits, 'api_calls', 7501)).toBe(10_000);
  });

  it('never refuse an unlimited measure', () => {
    expect(exceededLimit(used, limits, 'faculty', 1_000_000)).toBeNull();
  });
});

describe("a top institution's tier figures", () => {
  it('take the display name from the tiers table, else the tier name, and count API calls as a number', () => {
    const figures = tierFigures(
      {
        tier_name: 'legacy',
        display_name: null,
        api_access: null,
        max_students: 10,
        max_faculty: null,
        max_courses: null,
        max_storage_gb: null,
        max_api_calls_monthly: null,
        max_subsidiaries: 0,
      },
      { students: 5, faculty: 1, courses: 2, api_calls: '42', subsidiaries: 0 },
    );
    expect(figures.display_name).toBe('legacy');
    expect(figures.current_usage).toEqual({
      students: 5,
      faculty: 1,
      courses: 2,
      storage_gb: 0,
      api_calls_this_month: 42,
      subsidiaries: 0,
    });
    expect(figures.usage_percentage).toMatchObject({ students: 50, subsidiaries: 0, courses: null });
  });
});
