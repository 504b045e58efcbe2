import { describe, expect, it } from '@jest/globals';
import type { SubscriptionEntity } from '../../entities/subscription.entity.js';
import { activation } from './subscription-periods.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const sub = (over: Partial<SubscriptionEntity> = {}) =>
  ({
    planId: 'pro',
    billingCycle: 'monthly',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodStart: new Date('2026-06-01T00:00:00.000Z'),
    currentPeriodEnd: new Date('2026-07-01T00:00:00.000Z'),
    ...over,
  }) as SubscriptionEntity;
const pro = { planId: 'pro', cycle: 'monthly' as const };

describe('a paid period and the current subscription', () => {
  it('starts a first subscription now, for one cycle', () => {
    expect(activation(null, pro, NOW)).toEqual({
      kind: 'start',
      start: NOW,
      end: new Date('2026-07-15T12:00:00.000Z'),
      replaces: false,
    });
    expect(activation(null, { planId: 'pro', cycle: 'yearly' }, NOW)).toMatchObject({ end: new Date('2027-06-15T12:00:00.000Z') });
  });

  it('refuses paying again for the plan one is on, paid up and not cancelled', () => {
    expect(activation(sub(), pro, NOW)).toEqual({ kind: 'refuse' });
  });

  it('lengthens the current period when one pays again after cancelling, and the cancellation is over', () => {
    expect(activation(sub({ cancelAtPeriodEnd: true }), pro, NOW)).toEqual({
      kind: 'renew',
      start: new Date('2026-06-01T00:00:00.000Z'),
      end: new Date('2026-08-01T00:00:00.000Z'),
    });
  });

  it('follows the ended period without a gap (a renewal), past due included', () => {
    const ended = { currentPeriodStart: new Date('2026-05-10T00:00:00.000Z'), currentPeriodEnd: new Date('2026-06-10T00:00:00.000Z') };
    const expected = { kind: 'renew', start: new Date('2026-06-10T00:00:00.000Z'), end: new Date('2026-07-10T00:00:00.000Z') };
    expect(activation(sub(ended), pro, NOW)).toEqual(expected);
    expect(activation(sub({ ...ended, status: 'past_due' }), pro, NOW)).toEqual(expected);
  });

  it('starts the paid period now when the renewal comes a whole cycle after the end (the job did not run)', () => {
    const longAgo = sub({
      currentPeriodStart: new Date('2026-03-01T00:00:00.000Z'),
      currentPeriodEnd: new Date('2026-04-01T00:00:00.000Z'),
    });
    expect(activation(longAgo, pro, NOW)).toEqual({ kind: 'renew', start: NOW, end: new Date('2026-07-15T12:00:00.000Z') });
  });

  it('replaces the live subscription with a new one for another plan or another cycle', () => {
    expect(activation(sub(), { planId: 'team', cycle: 'monthly' }, NOW)).toMatchObject({ kind: 'start', start: NOW, replaces: true });
    expect(activation(sub(), { planId: 'pro', cycle: 'yearly' }, NOW)).toMatchObject({
      kind: 'start',
      end: new Date('2027-06-15T12:00:00.000Z'),
      replaces: true,
    });
  });

  it('starts afresh on the same plan when the current subscription no longer grants it (pending, expired, cancelled)', () => {
    for (const status of ['pending', 'expired', 'cancelled'] as const)
      expect(activation(sub({ status }), pro, NOW)).toMatchObject({ kind: 'start', start: NOW, replaces: true });
  });
});
