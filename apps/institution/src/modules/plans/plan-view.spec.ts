import { describe, expect, it } from '@jest/globals';
import type { SubleasingPlanEntity } from '../../entities/subleasing-plan.entity.js';
import { planFields, toPlan } from './plan-view.js';

describe('a sub-leasing plan', () => {
  it('is answered with its exact minor units and the major-unit price the screens show', () => {
    const plan = toPlan({
      id: 'p1',
      institutionId: 'i1',
      name: 'Semester',
      description: null,
      priceMinor: 150_050,
      currency: 'ETB',
      billingPeriod: 'semester',
      memberType: 'student',
      features: ['Library'],
      isActive: true,
      isFeatured: false,
      cascadedFrom: 'p0',
      activeSubscriptions: 3,
      createdAt: new Date('2026-02-01T00:00:00Z'),
      updatedAt: new Date('2026-02-02T00:00:00Z'),
    } as SubleasingPlanEntity);
    expect(plan).toMatchObject({ price: 1500.5, price_minor: 150_050, cascaded_from: 'p0', created_at: '2026-02-01T00:00:00.000Z' });
  });

  it('is written from the form in minor units, with no description as null', () => {
    expect(
      planFields({
        name: 'Monthly',
        price: 19.99,
        currency: 'USD',
        billing_period: 'month',
        member_type: 'all',
        features: [],
        is_active: true,
        is_featured: true,
      }),
    ).toEqual({
      name: 'Monthly',
      description: null,
      priceMinor: 1999,
      currency: 'USD',
      billingPeriod: 'month',
      memberType: 'all',
      features: [],
      isActive: true,
      isFeatured: true,
    });
  });
});
