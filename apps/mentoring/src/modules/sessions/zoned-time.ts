import { wallAsUtc } from '@lp/contracts';

/**
 * A mentor's days and times in their time zone, on the platform's one way of counting days in a
 * zone (libs/contracts' zoned-time.ts, whose offset and wall-time instant this module passes on).
 */
export { offsetMinutes, zonedInstant } from '@lp/contracts';

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
