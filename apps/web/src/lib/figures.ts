/**
 * How the SPA writes figures, one rule each, so a percentage or a duration reads the same on
 * every screen:
 * - a percentage is rounded to one decimal and a whole number drops the ".0" ("72%", "72.5%");
 * - a duration under a minute is in seconds, then minutes and seconds, then hours and minutes;
 * - a signed change carries "+" or "−" (U+2212) and a tone a screen colours (and explains);
 * - nothing to count is NO_DATA ("—"), which a screen pairs with a sentence saying why —
 *   a zero is never shown as if it were a measurement.
 */

/** What a figure shows when there is nothing to compute it from. */
export const NO_DATA = '\u2014';
const MINUS = '\u2212';

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Rounded to one decimal; "-0" becomes "0". */
function oneDecimalOrWhole(value: number, locale: string): string {
  const rounded = Math.round(value * 10) / 10 || 0;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(rounded);
}

/** A percentage: "72%", "72.5%", or NO_DATA when there is none. */
export function formatPercent(value: number | null | undefined, locale = 'en'): string {
  return isNumber(value) ? `${oneDecimalOrWhole(value, locale)}%` : NO_DATA;
}

/** A plain figure with at most one decimal ("4", "4.5"), or NO_DATA. */
export function formatDecimal(value: number | null | undefined, locale = 'en'): string {
  return isNumber(value) ? oneDecimalOrWhole(value, locale) : NO_DATA;
}

const unit = (locale: string, u: 'second' | 'minute' | 'hour', n: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 0 }).format(n);

/**
 * A duration given in seconds: "45 sec" under a minute, "1 min 20 sec" (or "3 min") under an
 * hour, "1 hr 5 min" beyond; NO_DATA when there is none. A positive duration under half a
 * second is "1 sec", never a zero.
 */
export function formatDurationSeconds(seconds: number | null | undefined, locale = 'en'): string {
  if (!isNumber(seconds) || seconds < 0) return NO_DATA;
  const total = seconds > 0 ? Math.max(1, Math.round(seconds)) : 0;
  if (total < 60) return unit(locale, 'second', total);
  if (total < 3600) {
    const m = Math.floor(total / 60);
    const s = total % 60;
    return s ? `${unit(locale, 'minute', m)} ${unit(locale, 'second', s)}` : unit(locale, 'minute', m);
  }
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  return m ? `${unit(locale, 'hour', h)} ${unit(locale, 'minute', m)}` : unit(locale, 'hour', h);
}

/** A duration given in minutes (as the API answers them), written as formatDurationSeconds does. */
export function formatDurationMinutes(minutes: number | null | undefined, locale = 'en'): string {
  return isNumber(minutes) ? formatDurationSeconds(minutes * 60, locale) : NO_DATA;
}

export type ChangeTone = 'up' | 'down' | 'flat' | 'none';

export interface SignedChange {
  /** "+4.5", "−3", "0" or NO_DATA */
  text: string;
  /** up and down are coloured; flat and none are not */
  tone: ChangeTone;
}

/** A change with its sign: "+4.5" (up), "−3" (down), "0" (flat), or NO_DATA (none: nothing to compare). */
export function formatSignedChange(value: number | null | undefined, locale = 'en'): SignedChange {
  if (!isNumber(value)) return { text: NO_DATA, tone: 'none' };
  const rounded = Math.round(value * 10) / 10;
  if (rounded > 0) return { text: `+${oneDecimalOrWhole(rounded, locale)}`, tone: 'up' };
  if (rounded < 0) return { text: `${MINUS}${oneDecimalOrWhole(-rounded, locale)}`, tone: 'down' };
  return { text: '0', tone: 'flat' };
}

/** Classes that colour a change (AA contrast on white); flat and none stay neutral. */
export const CHANGE_TONE_CLASSES: Record<ChangeTone, string> = {
  up: 'text-emerald-700',
  down: 'text-red-700',
  flat: 'text-slate-700',
  none: 'text-slate-500',
};

/** "2026-03-02" (or a full timestamp) as "Mar 2" in the reader's language; anything else as given. */
export function formatDayMonth(date: string, locale = 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const d = date.length > 10 ? new Date(date) : new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: date.length > 10 ? undefined : 'UTC' }).format(d);
}
