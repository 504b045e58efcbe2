import { WEEKDAYS, clockToMinutes, minutesToClock, type WeeklySlot } from '@lp/contracts';

/** A weekly opening in minutes from midnight, in the mentor's time zone. */
export interface Opening {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export const toOpening = (s: WeeklySlot): Opening => ({
  weekday: s.weekday,
  startMinute: clockToMinutes(s.start_time),
  endMinute: clockToMinutes(s.end_time),
});
export const toSlot = (o: Opening): WeeklySlot => ({
  weekday: o.weekday,
  start_time: minutesToClock(o.startMinute),
  end_time: minutesToClock(o.endMinute),
});

const dayName = (weekday: number): string => {
  const d = WEEKDAYS[weekday]!;
  return d[0]!.toUpperCase() + d.slice(1);
};

/** Sorted by weekday and start; exact duplicates dropped (the same opening typed twice is one). */
export function normalise(openings: Opening[]): Opening[] {
  const seen = new Set<string>();
  return openings
    .filter((o) => {
      const k = `${o.weekday}:${o.startMinute}:${o.endMinute}`;
      return seen.has(k) ? false : (seen.add(k), true);
    })
    .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
}

/**
 * The first pair of openings of one weekday that overlap, described for people ("Slots on
 * Monday overlap: 09:00-12:00 and 11:00-13:00"), or null. Touching openings (09:00-12:00 and
 * 12:00-13:00) do not overlap. The database holds the same rule (availability_slots_no_overlap).
 */
export function firstOverlap(openings: Opening[]): string | null {
  const sorted = normalise(openings);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a.weekday === b.weekday && b.startMinute < a.endMinute) {
      const span = (o: Opening) => `${minutesToClock(o.startMinute)}-${minutesToClock(o.endMinute)}`;
      return `Slots on ${dayName(a.weekday)} overlap: ${span(a)} and ${span(b)}`;
    }
  }
  return null;
}
