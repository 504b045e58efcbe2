import {
  PLATFORM_TIME_ZONE,
  addDays,
  localDate as localDateIn,
  startOfLocalDay as startOfLocalDayIn,
  type LeaderboardTimeframe,
} from '@lp/contracts';

/**
 * The boards' periods: a week starts on Monday 00:00 and a month on the 1st at 00:00, both in
 * PLATFORM_TIME_ZONE, so everyone on the platform sees the same board reset at the same moment
 * (a per-user week would make the board a different race for each reader). A period is named
 * by its first local day ("YYYY-MM-DD"); all time is the one period '1970-01-01'.
 *
 * Days in a zone are the platform's one way of counting them (libs/contracts' zoned-time.ts).
 */

export const ALL_TIME_START = '1970-01-01';

export { addDays };

/** The calendar day ("YYYY-MM-DD") in `timeZone` (the platform's unless said) at `at`. */
export const localDate = (at: Date, timeZone: string = PLATFORM_TIME_ZONE): string => localDateIn(at, timeZone);

/** The Monday of the week (platform time zone) that holds `at`. */
export function weekStartOf(at: Date, timeZone: string = PLATFORM_TIME_ZONE): string {
  const day = localDate(at, timeZone);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The 1st of the month (platform time zone) that holds `at`. */
export function monthStartOf(at: Date, timeZone: string = PLATFORM_TIME_ZONE): string {
  return `${localDate(at, timeZone).slice(0, 7)}-01`;
}

/** The first local day of the next period after the one starting on `start`. */
export function nextPeriodStart(period: 'week' | 'month', start: string): string {
  if (period === 'week') return addDays(start, 7);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The period of `timeframe` that holds `at`, by its first local day. */
export function periodStartOf(timeframe: LeaderboardTimeframe, at: Date, timeZone: string = PLATFORM_TIME_ZONE): string {
  if (timeframe === 'week') return weekStartOf(at, timeZone);
  if (timeframe === 'month') return monthStartOf(at, timeZone);
  return ALL_TIME_START;
}

/** The instant the local day `date` begins in `timeZone` (the platform's unless said). */
export const startOfLocalDay = (date: string, timeZone: string = PLATFORM_TIME_ZONE): Date => startOfLocalDayIn(date, timeZone);

/** The instants a board's period starts and ends (null, null for all time). */
export function periodBounds(
  timeframe: LeaderboardTimeframe,
  at: Date,
  timeZone: string = PLATFORM_TIME_ZONE,
): { start: string; startsAt: Date | null; endsAt: Date | null } {
  const start = periodStartOf(timeframe, at, timeZone);
  if (timeframe === 'all') return { start, startsAt: null, endsAt: null };
  return { start, startsAt: startOfLocalDay(start, timeZone), endsAt: startOfLocalDay(nextPeriodStart(timeframe, start), timeZone) };
}

/** The three periods one award counts in (each board's row for it). */
export function periodsOf(at: Date, timeZone: string = PLATFORM_TIME_ZONE): Array<{ period: LeaderboardTimeframe; start: string }> {
  return [
    { period: 'week', start: weekStartOf(at, timeZone) },
    { period: 'month', start: monthStartOf(at, timeZone) },
    { period: 'all', start: ALL_TIME_START },
  ];
}
