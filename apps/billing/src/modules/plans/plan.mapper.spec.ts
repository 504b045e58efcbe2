import { describe, expect, it } from '@jest/globals';
import type { PricingPlanEntity } from '../../entities/pricing-plan.entity.js';
import { planFields, planLimits, toPlan } from './plan.mapper.js';

const row = {
  id: 'plan-1',
  name: 'Teacher Pro',
  userType: 'instructor',
  priceMinor: 1999,
  currency: 'USD',
  billingCycle: 'yearly',
  description: 'For people who teach',
  features: ['Analytics', 'Paid courses'],
  maxStudents: null,
  maxFaculty: 3,
  maxCourses: 5,
  maxSessionsPerMonth: 8,
  isFeatured: true,
  isActive: false,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
} as PricingPlanEntity;

describe('a pricing plan', () => {
  it('shows its price in dollars beside the exact minor units, and its limits by name', () => {
    expect(toPlan(row)).toEqual({
      id: 'plan-1',
      name: 'Teacher Pro',
      user_type: 'instructor',
      price: 19.99,
      price_minor: 1999,
      currency: 'USD',
      billing_cycle: 'yearly',
      description: 'For people who teach',
      features: ['Analytics', 'Paid courses'],
      limits: { max_students: null, max_faculty: 3, max_courses: 5, max_sessions_per_month: 8 },
      is_featured: true,
      is_active: false,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(planLimits(row)).toEqual(toPlan(row).limits);
  });

  it("takes the admin's form in dollars as exact cents, in USD, active unless said otherwise", () => {
    const form = {
      name: 'Mentor Plus',
      user_type: 'mentor' as const,
      price: 0.1 + 0.2,
      billing_cycle: 'monthly' as const,
      description: '',
      features: ['Session notes'],
      limits: { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: 20 },
      is_featured: false,
    };
    expect(planFields(form)).toEqual({
      name: 'Mentor Plus',
      userType: 'mentor',
      priceMinor: 30,
      currency: 'USD',
      billingCycle: 'monthly',
      description: '',
      features: ['Session notes'],
      maxStudents: null,
      maxFaculty: null,
      maxCourses: null,
      maxSessionsPerMonth: 20,
      isFeatured: false,
      isActive: true,
    });
    expect(planFields({ ...form, is_active: false }).isActive).toBe(false);
  });
});
