import { addDays, daysBetween } from '@lp/contracts';

/**
 * Streak arithmetic over active days ("YYYY-MM-DD", the user's time zone). The stored current
 * streak is the run of consecutive active days ending at the last active day; it is still
 * "current" on that day and the next (the user has until their midnight to keep it), and
 * reads 0 after that.
 */
export interface StreakState {
  currentStreak: number;
  longestStreak: number;
  lastActiveDay: string | null;
}

/**
 * The state after a newly active `day`. A day at or after the last one extends or restarts
 * the run; an earlier day (an event that arrived late) may join two runs, which only the
 * whole list of days can tell: null asks the caller to recompute with `streaksOf`.
 */
export function afterActiveDay(s: StreakState, day: string): StreakState | null {
  if (s.lastActiveDay === null) return { currentStreak: 1, longestStreak: Math.max(1, s.longestStreak), lastActiveDay: day };
  const gap = daysBetween(s.lastActiveDay, day);
  if (gap === 0) return s;
  if (gap < 0) return null;
  const current = gap === 1 ? s.currentStreak + 1 : 1;
  return { currentStreak: current, longestStreak: Math.max(s.longestStreak, current), lastActiveDay: day };
}

/** The state from every active day (any order, duplicates allowed). */
export function streaksOf(days: readonly string[]): StreakState {
  const sorted = [...new Set(days)].sort();
  let run = 0;
  let longest = 0;
  let previous: string | null = null;
  for (const day of sorted) {
    run = previous !== null && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  return { currentStreak: run, longestStreak: longest, lastActiveDay: previous };
}

/** The current streak as seen on `today`: kept through the day after the last active one, 0 after. */
export function currentStreakOn(s: StreakState, today: string): number {
  if (s.lastActiveDay === null) return 0;
  const gap = daysBetween(s.lastActiveDay, today);
  return gap <= 1 ? s.currentStreak : 0;
}
