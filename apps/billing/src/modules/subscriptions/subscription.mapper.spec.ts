import { describe, expect, it } from '@jest/globals';
import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import type { SubscriptionEntity } from '../../entities/subscription.entity.js';
import { grantsLimits, subscriptionChanged, toSubscription } from './subscription.mapper.js';

const plan = {
  id: 'plan-1',
  name: 'Teacher Pro',
  userType: 'instructor',
  priceMinor: 1000,
  currency: 'USD',
  billingCycle: 'monthly',
  description: 'For people who teach',
  features: ['Analytics'],
  maxStudents: 100,
  maxFaculty: null,
  maxCourses: 5,
  maxSessionsPerMonth: null,
  isFeatured: false,
  isActive: true,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
} as PricingPlanEntity;
const sub = (over: Partial<SubscriptionEntity> = {}) =>
  ({
    id: 'sub-1',
    userId: 'u1',
    userType: 'instructor',
    planId: 'plan-1',
    status: 'active',
    billingCycle: 'monthly',
    priceMinor: 1000,
    currency: 'USD',
    currentPeriodStart: new Date('2026-06-01T00:00:00Z'),
    currentPeriodEnd: new Date('2026-07-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    graceUntil: null,
    createdAt: new Date('2026-06-01T00:00:00Z'),
    ...over,
  }) as SubscriptionEntity;

describe('a subscription as the API shows it', () => {
  it('shows its plan, period, cancellation and grace in ISO', () => {
    expect(toSubscription(sub({ cancelAtPeriodEnd: true, graceUntil: new Date('2026-07-04T00:00:00Z') }), plan)).toMatchObject({
      id: 'sub-1',
      plan: { id: 'plan-1', name: 'Teacher Pro', price: 10, price_minor: 1000 },
      status: 'active',
      billing_cycle: 'monthly',
      current_period_start: '2026-06-01T00:00:00.000Z',
      current_period_end: '2026-07-01T00:00:00.000Z',
      cancel_at_period_end: true,
      grace_until: '2026-07-04T00:00:00.000Z',
      created_at: '2026-06-01T00:00:00.000Z',
    });
    expect(toSubscription(sub(), plan).grace_until).toBeNull();
  });
});

describe('billing.subscription.changed', () => {
  it("carries the plan's limits while the subscription grants them: active, and past due during its grace", () => {
    expect(grantsLimits({ status: 'active' })).toBe(true);
    expect(grantsLimits({ status: 'past_due' })).toBe(true);
    const event = subscriptionChanged(sub({ status: 'past_due' }), plan, new Date('2026-07-02T00:00:00Z'));
    expect(event).toEqual({
      v: 1,
      subscription_id: 'sub-1',
      user_id: 'u1',
      user_type: 'instructor',
      plan_id: 'plan-1',
      plan_name: 'Teacher Pro',
      status: 'past_due',
      limits: { max_students: 100, max_faculty: null, max_courses: 5, max_sessions_per_month: null },
      current_period_end: '2026-07-01T00:00:00.000Z',
      changed_at: '2026-07-02T00:00:00.000Z',
    });
  });

  it('lifts every limit once the subscription grants nothing (expired, cancelled, pending)', () => {
    for (const status of ['expired', 'cancelled', 'pending'] as const) {
      expect(grantsLimits({ status })).toBe(false);
      expect(subscriptionChanged(sub({ status }), plan, new Date()).limits).toEqual({
        max_students: null,
        max_faculty: null,
        max_courses: null,
        max_sessions_per_month: null,
      });
    }
  });
});
