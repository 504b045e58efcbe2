import { BOOKING_HORIZON_DAYS, BOOKING_LEAD_MINUTES, SLOT_STEP_MINUTES } from '@lp/contracts';
import { daysFrom, localDay, zonedInstant, type LocalDay } from './zoned-time.js';

/** A weekly opening in the mentor's time zone (minutes from midnight). */
export interface Opening {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** Whole days off, both dates included ("YYYY-MM-DD"); recurring = the same month-day every year. */
export interface DaysOff {
  startDate: string;
  endDate: string;
  isRecurring: boolean;
}

/** A time already taken (another booking holding the mentor), [start, end) in ms. */
export interface Busy {
  start: number;
  end: number;
}

export interface Schedule {
  timeZone: string;
  openings: Opening[];
  daysOff: DaysOff[];
  busy: Busy[];
}

/** Is `date` inside one of the days off? A recurring span compares month-days (a span over New Year wraps). */
export function isDayOff(date: string, daysOff: DaysOff[]): boolean {
  const md = date.slice(5);
  return daysOff.some((t) => {
    if (!t.isRecurring) return date >= t.startDate && date <= t.endDate;
    const [from, to] = [t.startDate.slice(5), t.endDate.slice(5)];
    // a recurring span of a year or more covers every day
    if (Date.parse(t.endDate) - Date.parse(t.startDate) >= 365 * 86_400_000) return true;
    return from <= to ? md >= from && md <= to : md >= from || md <= to;
  });
}

const overlaps = (a: Busy, b: Busy): boolean => a.start < b.end && b.start < a.end;

/**
 * The rule a booking must pass: it starts on the slot grid of an opening of its (local)
 * weekday and ends inside that opening or the openings joining it, its day is not a day off, it does not overlap a busy
 * time, it starts at least BOOKING_LEAD_MINUTES after `now` and within BOOKING_HORIZON_DAYS.
 * Answers why not, or null when it fits.
 */
export function whyNotBookable(
  s: Schedule,
  start: number,
  durationMinutes: number,
  now: number,
  day: LocalDay,
): 'too_soon' | 'outside' | 'day_off' | 'taken' | null {
  if (start < now + BOOKING_LEAD_MINUTES * 60_000 || start > now + BOOKING_HORIZON_DAYS * 86_400_000) return 'too_soon';
  const end = start + durationMinutes * 60_000;
  // the openings of the start's day and the next, as instants; touching ones join, so a
  // session may run past midnight into the next day's opening (Mon 20:00-24:00 + Tue 00:00-02:00)
  const next = daysFrom(day.date, 2)[1]!;
  const spans: Busy[] = [];
  for (const d of [day, next])
    for (const o of s.openings) {
      if (o.weekday !== d.weekday) continue;
      const from = zonedInstant(d.date, o.startMinute, s.timeZone);
      const to = zonedInstant(d.date, o.endMinute, s.timeZone) ?? (from === null ? null : from + (o.endMinute - o.startMinute) * 60_000);
      if (from !== null && to !== null) spans.push({ start: from, end: to });
    }
  spans.sort((a, b) => a.start - b.start);
  const joined: Busy[] = [];
  for (const sp of spans) {
    const last = joined[joined.length - 1];
    if (last && sp.start <= last.end) last.end = Math.max(last.end, sp.end);
    else joined.push({ ...sp });
  }
  // on the grid of the opening it starts in
  const startsIn = spans.find((sp) => start >= sp.start && start < sp.end);
  const inOpening =
    startsIn !== undefined &&
    ((start - startsIn.start) / 60_000) % SLOT_STEP_MINUTES === 0 &&
    joined.some((j) => start >= j.start && end <= j.end);
  if (!inOpening) return 'outside';
  // the day it ends on counts too (a session past midnight into a day off)
  if (isDayOff(day.date, s.daysOff) || isDayOff(localDay(end - 1, s.timeZone).date, s.daysOff)) return 'day_off';
  if (s.busy.some((b) => overlaps(b, { start, end }))) return 'taken';
  return null;
}

/**
 * Free start times for a session of `durationMinutes` over `days` local days from `fromDate`:
 * every SLOT_STEP_MINUTES step of each opening where the session fits, minus days off, busy
 * times and anything too soon. Sorted, without duplicates.
 */
export function freeSlots(
  s: Schedule,
  fromDate: string,
  days: number,
  durationMinutes: number,
  now: number,
): Array<{ start: number; end: number }> {
  const out = new Set<number>();
  for (const day of daysFrom(fromDate, days)) {
    if (isDayOff(day.date, s.daysOff)) continue;
    for (const o of s.openings) {
      if (o.weekday !== day.weekday) continue;
      for (let m = o.startMinute; m < o.endMinute; m += SLOT_STEP_MINUTES) {
        const start = zonedInstant(day.date, m, s.timeZone);
        if (start !== null && whyNotBookable(s, start, durationMinutes, now, day) === null) out.add(start);
      }
    }
  }
  return [...out].sort((a, b) => a - b).map((start) => ({ start, end: start + durationMinutes * 60_000 }));
}
