/**
 * Wall-clock time in an IANA time zone without a library: Intl tells the zone's offset at an
 * instant, and a local time is found by correcting a first guess with that offset (twice, so
 * a daylight-saving change between guess and answer is caught).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string): Intl.DateTimeFormat => {
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
};

/** The wall clock in `timeZone` at `ms`, as if it were UTC (so the difference is the offset). */
function wallAsUtc(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of partsFormatter(timeZone).formatToParts(new Date(ms))) if (type !== 'literal') p[type] = Number(value);
  return Date.UTC(p['year']!, p['month']! - 1, p['day']!, p['hour']!, p['minute']!, p['second']!);
}

/** The zone's offset from UTC at `ms`, in minutes (Addis Ababa: 180). */
export const offsetMinutes = (ms: number, timeZone: string): number =>
  Math.round((wallAsUtc(ms, timeZone) - Math.floor(ms / 1000) * 1000) / 60_000);

/** A calendar day "YYYY-MM-DD" and its weekday (0 = Sunday). */
export interface LocalDay {
  date: string;
  weekday: number;
}

/** The calendar day in `timeZone` at `ms`. */
export function localDay(ms: number, timeZone: string): LocalDay {
  const wall = new Date(wallAsUtc(ms, timeZone));
  return { date: wall.toISOString().slice(0, 10), weekday: wall.getUTCDay() };
}

/** `days` consecutive calendar days from `date` ("YYYY-MM-DD"). */
export function daysFrom(date: string, days: number): LocalDay[] {
  const start = Date.parse(`${date}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(start + i * 86_400_000);
    return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
  });
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
