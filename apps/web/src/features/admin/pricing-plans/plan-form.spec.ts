import { describe, expect, it } from '@jest/globals';
import { PLAN_FEATURES } from '@lp/contracts';
import { createBody, limitValue, planFormSchema } from './plan-form';

const valid = {
  name: 'Pro',
  user_type: 'instructor' as const,
  price: 19.99,
  billing_cycle: 'monthly' as const,
  description: '',
  features: [PLAN_FEATURES.instructor[0] ?? ''],
  limits: { max_students: null, max_faculty: null, max_courses: 10, max_sessions_per_month: null },
  is_featured: false,
  is_active: true,
};
const problems = (input: unknown) => {
  const result = planFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('pricing plan form', () => {
  it('accepts a plan whose blank limits are unlimited', () => {
    expect(problems(valid)).toEqual([]);
    expect(planFormSchema.parse(valid).limits.max_students).toBeNull();
  });

  it('needs a name, a price >= 0 with two decimals, and at least one feature', () => {
    expect(problems({ ...valid, name: ' ' })).toEqual(['name: Name is required']);
    expect(problems({ ...valid, price: -1 })).toEqual(['price: Price must be 0 or more']);
    expect(problems({ ...valid, price: 1.005 })).toEqual(['price: Price can have at most two decimals']);
    expect(problems({ ...valid, price: Number.NaN })).toEqual(['price: Price is required']);
    expect(problems({ ...valid, features: [] })).toEqual(['features: Please select at least one feature']);
  });

  it('takes limits as positive whole numbers only', () => {
    expect(problems({ ...valid, limits: { ...valid.limits, max_courses: 0 } })).toEqual(['limits.max_courses: Limits must be positive']);
    expect(problems({ ...valid, limits: { ...valid.limits, max_courses: 1.5 } })).toEqual([
      'limits.max_courses: Limits must be whole numbers',
    ]);
  });

  it("refuses another user type's features", () => {
    const mentorOnly = PLAN_FEATURES.mentor.find((f) => !PLAN_FEATURES.instructor.includes(f)) ?? '';
    expect(problems({ ...valid, features: [mentorOnly] })).toEqual([`features.0: "${mentorOnly}" is not a instructor feature`]);
  });

  it('reads a blank limit as unlimited', () => {
    expect(limitValue('')).toBeNull();
    expect(limitValue('  ')).toBeNull();
    expect(limitValue(null)).toBeNull();
    expect(limitValue('25')).toBe(25);
  });

  it('creates without is_active', () => {
    expect(createBody(planFormSchema.parse(valid))).not.toHaveProperty('is_active');
  });
});
