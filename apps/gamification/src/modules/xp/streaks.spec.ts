import { describe, expect, it } from '@jest/globals';
import { afterActiveDay, currentStreakOn, streaksOf, type StreakState } from './streaks.js';

const none: StreakState = { currentStreak: 0, longestStreak: 0, lastActiveDay: null };

describe('afterActiveDay', () => {
  it('starts at 1, extends on the next day, ignores the same day, restarts after a gap and keeps the longest', () => {
    let s = afterActiveDay(none, '2026-10-30')!;
    expect(s).toEqual({ currentStreak: 1, longestStreak: 1, lastActiveDay: '2026-10-30' });
    s = afterActiveDay(s, '2026-10-31')!;
    s = afterActiveDay(s, '2026-11-01')!;
    expect(afterActiveDay(s, '2026-11-01')).toBe(s);
    expect(s).toEqual({ currentStreak: 3, longestStreak: 3, lastActiveDay: '2026-11-01' });
    s = afterActiveDay(s, '2026-11-04')!;
    expect(s).toEqual({ currentStreak: 1, longestStreak: 3, lastActiveDay: '2026-11-04' });
  });

  it('asks for a recomputation when a day before the last active one arrives late', () => {
    expect(afterActiveDay({ currentStreak: 1, longestStreak: 1, lastActiveDay: '2026-11-04' }, '2026-11-03')).toBeNull();
  });
});

describe('streaksOf', () => {
  it('finds the run ending at the last day and the longest run, in any order', () => {
    expect(streaksOf(['2026-11-05', '2026-11-01', '2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06'])).toEqual({
      currentStreak: 2,
      longestStreak: 3,
      lastActiveDay: '2026-11-06',
    });
    expect(streaksOf([])).toEqual(none);
  });

  it('joins two runs when the missing day between them arrives', () => {
    expect(streaksOf(['2026-11-01', '2026-11-02', '2026-11-04', '2026-11-03']).currentStreak).toBe(4);
  });
});

describe('currentStreakOn', () => {
  const s: StreakState = { currentStreak: 4, longestStreak: 9, lastActiveDay: '2026-11-04' };
  it('holds on the last active day and the day after, and is 0 once a whole day was missed', () => {
    expect(currentStreakOn(s, '2026-11-04')).toBe(4);
    expect(currentStreakOn(s, '2026-11-05')).toBe(4);
    expect(currentStreakOn(s, '2026-11-06')).toBe(0);
    expect(currentStreakOn(none, '2026-11-06')).toBe(0);
  });
});
