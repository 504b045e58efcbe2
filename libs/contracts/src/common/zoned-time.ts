/**
 * Calendar days and wall-clock time in an IANA time zone, by Intl (no library), for every
 * service and the SPA: a streak's days, a board's week, a mentor's free slots and the booking
 * page's days all count days the same way.
 *
 * Days are "YYYY-MM-DD" and moved by calendar arithmetic on UTC dates, so a daylight-saving
 * change (a 23- or 25-hour day) never skips or repeats one. A local time is found by correcting
 * a first guess with the zone's offset (twice, so a change between guess and answer is caught).
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // throws a RangeError for a zone Intl does not know
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
 * every change of one, falls on a quarter hour. Formatting is most of what an XP award's periods
 * cost (benchmark (i)'s profile), so the offset is looked up once a quarter hour and zone.
 */
const QUARTER_MS = 900_000;
const OFFSETS_KEPT = 10_000;
const offsets = new Map<string, number>();

/** The wall clock in `timeZone` at `ms`, read as if it were UTC (the difference is the zone's offset). */
export function wallAsUtc(ms: number, timeZone: string): number {
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

/** The zone's offset from UTC at `ms`, in minutes (Addis Ababa: 180). */
export const offsetMinutes = (ms: number, timeZone: string): number => Math.round((wallAsUtc(ms, timeZone) - ms) / 60_000);

/** The calendar day ("YYYY-MM-DD") in `timeZone` at `at`. Throws a RangeError for an unknown zone. */
export function localDate(at: Date | number | string, timeZone: string): string {
  const ms = typeof at === 'number' ? at : new Date(at).getTime();
  return new Date(wallAsUtc(ms, timeZone)).toISOString().slice(0, 10);
}

/** `day` ("YYYY-MM-DD") moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/**
 * The instant at which the wall clock in `timeZone` shows `minute` minutes after midnight of
 * `date`; null when that wall time does not exist there (skipped by a daylight-saving change).
 * An hour that happens twice answers its first occurrence.
 */
export function zonedInstant(date: string, minute: number, timeZone: string): number | null {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  let guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  guess = wall - offsetMinutes(guess, timeZone) * 60_000;
  const earlier = wall - offsetMinutes(guess - 3_600_000, timeZone) * 60_000;
  if (earlier !== guess && wallAsUtc(earlier, timeZone) === wall) guess = earlier;
  return wallAsUtc(guess, timeZone) === wall ? guess : null;
}

/** The instant the local day `date` begins in `timeZone` (its midnight; the first existing minute after a skipped one). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let guess = wall;
  for (let i = 0; i < 2; i += 1) guess = wall - (wallAsUtc(guess, timeZone) - guess);
  // a midnight skipped by a daylight-saving change: the day starts at the first moment that exists
  if (localDate(guess, timeZone) < date) guess += 3_600_000;
  return new Date(guess);
}

/**
 * A moment as a person reads it in their own time zone, "Mon 7 Dec, 14:30": the notifications'
 * {{when}} (bell, e-mail, push, Telegram) and the bot's lists say times one way.
 */
export function formatWallTime(at: Date | number | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(at));
}
