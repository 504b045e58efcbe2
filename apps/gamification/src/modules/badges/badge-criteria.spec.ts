import { describe, expect, it } from '@jest/globals';
import { describeCriteria, meets, type BadgeCriteria, type UserCounts } from './badge-criteria.js';

const user: UserCounts = { rules: { answer_accepted: 10, mentoring_session_mentor: 1, lesson_completed: 0 }, longestStreak: 6, level: 5 };

describe('badge criteria', () => {
  it('counts the awards of the named rules together', () => {
    expect(meets({ kind: 'count', rules: ['answer_accepted'], at_least: 10 }, user)).toBe(true);
    expect(meets({ kind: 'count', rules: ['answer_accepted'], at_least: 11 }, user)).toBe(false);
    expect(meets({ kind: 'count', rules: ['mentoring_session_learner', 'mentoring_session_mentor'], at_least: 1 }, user)).toBe(true);
    expect(meets({ kind: 'count', rules: ['lesson_completed'], at_least: 1 }, user)).toBe(false);
  });

  it('judges streaks by the longest one and levels by the current level', () => {
    expect(meets({ kind: 'streak', at_least: 7 }, user)).toBe(false);
    expect(meets({ kind: 'streak', at_least: 7 }, { ...user, longestStreak: 7 })).toBe(true);
    expect(meets({ kind: 'level', at_least: 5 }, user)).toBe(true);
    expect(meets({ kind: 'level', at_least: 10 }, user)).toBe(false);
  });

  it('earns nothing for a criteria kind it does not know', () => {
    expect(meets({ kind: 'moon', at_least: 0 } as unknown as BadgeCriteria, user)).toBe(false);
  });

  it('says the criteria in words', () => {
    expect(describeCriteria({ kind: 'count', rules: ['answer_accepted'], at_least: 10 })).toBe('10 accepted answers');
    expect(describeCriteria({ kind: 'count', rules: ['lesson_completed'], at_least: 1 })).toBe('1 lesson completed');
    expect(describeCriteria({ kind: 'streak', at_least: 7 })).toBe('A 7-day streak');
    expect(describeCriteria({ kind: 'level', at_least: 5 })).toBe('Reach level 5');
  });
});
