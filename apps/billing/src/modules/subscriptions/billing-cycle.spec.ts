import { describe, expect, it } from '@jest/globals';
import { addCycle, priceForCycle } from './billing-cycle.js';

const at = (s: string) => new Date(s);

describe('addCycle', () => {
  it('adds a calendar month or year, keeping the time of day', () => {
    expect(addCycle(at('2026-03-15T10:20:30.456Z'), 'monthly').toISOString()).toBe('2026-04-15T10:20:30.456Z');
    expect(addCycle(at('2026-12-15T00:00:00.000Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(addCycle(at('2026-03-15T10:00:00.000Z'), 'yearly').toISOString()).toBe('2027-03-15T10:00:00.000Z');
  });

  it("ends on the month's last day when it has no such day", () => {
    expect(addCycle(at('2026-01-31T08:00:00.000Z'), 'monthly').toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addCycle(at('2028-01-31T08:00:00.000Z'), 'monthly').toISOString()).toBe('2028-02-29T08:00:00.000Z');
    expect(addCycle(at('2026-03-31T08:00:00.000Z'), 'monthly').toISOString()).toBe('2026-04-30T08:00:00.000Z');
    expect(addCycle(at('2028-02-29T08:00:00.000Z'), 'yearly').toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });
});

describe('priceForCycle', () => {
  it("is the plan's price for its own cycle, twelve months for a monthly plan paid yearly, a twelfth the other way", () => {
    expect(priceForCycle({ priceMinor: 1999, billingCycle: 'monthly' }, 'monthly')).toBe(1999);
    expect(priceForCycle({ priceMinor: 1999, billingCycle: 'monthly' }, 'yearly')).toBe(23988);
    expect(priceForCycle({ priceMinor: 10000, billingCycle: 'yearly' }, 'monthly')).toBe(833);
    expect(priceForCycle({ priceMinor: 0, billingCycle: 'yearly' }, 'monthly')).toBe(0);
  });
});
