import { PLATFORM_TIME_ZONE, type LeaderboardTimeframe } from '@lp/contracts';

/**
 * The boards' periods: a week starts on Monday 00:00 and a month on the 1st at 00:00, both in
 * PLATFORM_TIME_ZONE, so everyone on the platform sees the same board reset at the same moment
 * (a per-user week would make the board a different race for each reader). A period is named
 * by its first local day ("YYYY-MM-DD"); all time is the one period '1970-01-01'.
 *
 * Pure functions over Intl (no library): the zone's wall clock at an instant, and the instant
 * of a local midnight found by correcting a first guess with the zone's offset (twice, so a
 * daylight-saving change between guess and answer is caught).
 */

export const ALL_TIME_START = '1970-01-01';
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `ms`, read as if it were UTC, to the second (Intl's parts). */
function wallAsUtcByIntl(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(new Date(ms))) if (type !== 'literal') p[type] = Number(value);
  return Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!);
}

/**
 * A zone's offset is the same through a quarter hour of UTC: every offset of our times, and
 * every change of one, falls on a quarter hour. Formatting is most of what an award's periods cost (benchmark
 * (i)'s profile), so the offset is looked up once a quarter hour and zone.
 */
const QUARTER_MS = 900_000;
const OFFSETS_KEPT = 10_000;
const offsets = new Map<string, number>();

/** The wall clock in `timeZone` at `ms`, read as if it were UTC. */
function wallAsUtc(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
  const k = `${timeZone}|${quarter}`;
  let offset = offsets.get(k);
  if (offset === undefined) {
    offset = wallAsUtcByIntl(quarter, timeZone) - quarter;
    // a local mean time of old (Addis Ababa's +2:34:48 until 1936) changes off the quarter hour: not kept
    if (offset % QUARTER_MS !== 0) return wallAsUtcByIntl(ms, timeZone);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(k, offset);
  }
  return ms + offset;
}

/** The calendar day ("YYYY-MM-DD") in `timeZone` at `at`. */
export function localDate(at: Date, timeZone: string = PLATFORM_TIME_ZONE): string {
  return new Date(wallAsUtc(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** `date` ("YYYY-MM-DD") moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

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

/** The instant the local day `date` begins in `timeZone` (its midnight; the first existing minute after a skipped one). */
export function startOfLocalDay(date: string, timeZone: string = PLATFORM_TIME_ZONE): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let guess = wall;
  for (let i = 0; i < 2; i += 1) guess = wall - (wallAsUtc(guess, timeZone) - guess);
  // a midnight skipped by a daylight-saving change: the day starts at the first moment that exists
  if (localDate(new Date(guess), timeZone) < date) guess += 3_600_000;
  return new Date(guess);
}

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
