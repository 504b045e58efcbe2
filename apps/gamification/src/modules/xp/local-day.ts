/**
 * The calendar day of an instant in a time zone, by Intl (no library): a streak's days are the
 * user's own, so 23:30 in New York and 04:30 UTC the next morning are the same day. Days are
 * "YYYY-MM-DD" and moved by calendar arithmetic on UTC dates, so a daylight-saving change
 * (a 23- or 25-hour day) never skips or repeats one.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats as YYYY-MM-DD; the parts are read anyway, so the locale's order does not matter
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The day ("YYYY-MM-DD") in `timeZone` at `at`. Throws a RangeError for an unknown zone. */
export function localDay(at: Date, timeZone: string): string {
  const p: Record<string, string> = {};
  for (const { type, value } of dayFormatter(timeZone).formatToParts(at)) p[type] = value;
  return `${p['year']}-${p['month']}-${p['day']}`;
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}
