import { describe, expect, it } from '@jest/globals';
import { assessRisk } from './at-risk.util.js';

const now = new Date('2026-05-01T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const base = { progress: 10, doneUnits: 1, completed: false, enrolledAt: daysAgo(30), lastActivityAt: daysAgo(8), now };

describe('assessRisk', () => {
  it('flags low progress with a week of inactivity, listing why', () => {
    expect(assessRisk(base)).toEqual({
      level: 'medium',
      daysInactive: 8,
      factors: ['Low progress: 10% complete', 'No activity for 8 days'],
    });
  });

  it('is high when progress is under 25% and inactivity reaches 14 days, and says when nothing was ever completed', () => {
    expect(assessRisk({ ...base, doneUnits: 0, progress: 0, lastActivityAt: daysAgo(20) })).toEqual({
      level: 'high',
      daysInactive: 20,
      factors: ['Low progress: 0% complete', 'No activity for 20 days', 'Nothing completed since enrolling 30 days ago'],
    });
    expect(assessRisk({ ...base, progress: 30, lastActivityAt: daysAgo(20) })?.level).toBe('medium');
  });

  it('leaves out active learners, learners at 50% or more, and finished ones', () => {
    expect(assessRisk({ ...base, lastActivityAt: daysAgo(6) })).toBeNull();
    expect(assessRisk({ ...base, progress: 50 })).toBeNull();
    expect(assessRisk({ ...base, completed: true })).toBeNull();
  });
});
