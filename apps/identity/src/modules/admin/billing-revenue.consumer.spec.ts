import { describe, expect, it } from '@jest/globals';
import { revenueDeltas } from './billing-revenue.consumer.js';

describe('revenueDeltas', () => {
  it('counts a USD payment in cents, for all time and its month', () => {
    expect(revenueDeltas({ item_type: 'course', amount_minor: 4999, currency: 'USD' }, '2026-11', 1)).toEqual([
      { metric: 'revenue', period: 'all', delta: 4999 },
      { metric: 'revenue', period: '2026-11', delta: 4999 },
    ]);
  });

  it('counts a session into the session figures too; a refund takes everything off', () => {
    expect(revenueDeltas({ item_type: 'session', amount_minor: 3000, currency: 'USD' }, '2026-10', -1)).toEqual([
      { metric: 'revenue', period: 'all', delta: -3000 },
      { metric: 'revenue', period: '2026-10', delta: -3000 },
      { metric: 'session_revenue', period: 'all', delta: -3000 },
      { metric: 'session_revenue', period: '2026-10', delta: -3000 },
      { metric: 'paid_sessions', period: 'all', delta: -1 },
      { metric: 'paid_sessions', period: '2026-10', delta: -1 },
    ]);
  });

  it('keeps another currency under its own names, away from the dollars', () => {
    const metrics = revenueDeltas({ item_type: 'session', amount_minor: 150_000, currency: 'ETB' }, '2026-11', 1).map((d) => d.metric);
    expect(new Set(metrics)).toEqual(new Set(['revenue:ETB', 'session_revenue:ETB', 'paid_sessions:ETB']));
  });
});
