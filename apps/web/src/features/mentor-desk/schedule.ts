import {
  AvailabilityUpdateRequest,
  ClockTimeSchema,
  MAX_WEEKLY_SLOTS,
  WeeklySlotSchema,
  WEEKDAYS,
  clockToMinutes,
  minutesToClock,
  type WeeklySlot,
} from '@lp/contracts';
import type { z } from 'zod';

/** One opening as the editor holds it: the typed text, and a key that survives removals. */
export interface SlotRow {
  key: string;
  start: string;
  end: string;
}
/** The editor's week: index 0 is Sunday ... 6 Saturday (the contract's weekday). */
export type WeekRows = SlotRow[][];

export interface RowErrors {
  start?: string;
  end?: string;
}

export interface WeekCheck {
  /** per row key, the contract's messages (in English, for the validation texts) */
  rowErrors: Record<string, RowErrors>;
  /** a message about the whole week (too many openings) */
  weekError: string | null;
  /** the request's slots when every row is valid */
  slots: WeeklySlot[] | null;
  /** the row key of each slot (a server error on slots.N belongs to row slotKeys[N]) */
  slotKeys: string[];
}

let counter = 0;
/** A key for a new row (unique in this page's life). */
export const newRowKey = (): string => `row-${(counter += 1)}`;

/** The server's schedule as editor rows, sorted by start within each day. */
export function rowsFromSlots(slots: readonly WeeklySlot[], key: () => string = newRowKey): WeekRows {
  const week: WeekRows = WEEKDAYS.map(() => []);
  const sorted = [...slots].sort((a, b) => a.weekday - b.weekday || clockToMinutes(a.start_time) - clockToMinutes(b.start_time));
  for (const s of sorted) week[s.weekday]?.push({ key: key(), start: s.start_time, end: s.end_time });
  return week;
}

const HOUR = 60;
const DAY_END = 24 * HOUR;

/**
 * The row "Add opening" appends: 09:00-17:00 on an empty day, else the hour after the day's last
 * opening (up to midnight); a day that already reaches midnight gets 09:00-10:00 to edit.
 */
export function nextRow(day: readonly SlotRow[], key: () => string = newRowKey): SlotRow {
  const last = day.at(-1);
  if (!last || !ClockTimeSchema.safeParse(last.end).success) return { key: key(), start: '09:00', end: day.length ? '10:00' : '17:00' };
  const from = clockToMinutes(last.end);
  if (from >= DAY_END) return { key: key(), start: '09:00', end: '10:00' };
  return { key: key(), start: minutesToClock(from), end: minutesToClock(Math.min(from + HOUR, DAY_END)) };
}

/**
 * Checks the rows as the server would (a time like 09:30, the end after the start, at most
 * MAX_WEEKLY_SLOTS) and builds the slots. Overlaps are left to the server, which names the pair.
 */
export function checkWeek(week: WeekRows): WeekCheck {
  const rowErrors: Record<string, RowErrors> = {};
  const slots: WeeklySlot[] = [];
  const slotKeys: string[] = [];
  week.forEach((day, weekday) => {
    for (const row of day) {
      const start = row.start.trim();
      const end = row.end.trim();
      const errors: RowErrors = {};
      const startOk = ClockTimeSchema.safeParse(start);
      const endOk = ClockTimeSchema.safeParse(end);
      if (!startOk.success) errors.start = startOk.error.issues[0]?.message;
      if (!endOk.success) errors.end = endOk.error.issues[0]?.message;
      if (startOk.success && endOk.success) {
        const slot = WeeklySlotSchema.safeParse({ weekday, start_time: start, end_time: end });
        if (!slot.success) errors.end = slot.error.issues[0]?.message;
        else {
          slots.push(slot.data);
          slotKeys.push(row.key);
        }
      }
      if (errors.start || errors.end) rowErrors[row.key] = errors;
    }
  });
  const count = week.reduce((n, day) => n + day.length, 0);
  const weekError = count > MAX_WEEKLY_SLOTS ? `At most ${MAX_WEEKLY_SLOTS} weekly slots` : null;
  const valid = Object.keys(rowErrors).length === 0 && weekError === null;
  return { rowErrors, weekError, slots: valid ? slots : null, slotKeys };
}

/** PUT /mentor/availability's body: the whole schedule replaces the saved one. */
export function availabilityRequest(slots: readonly WeeklySlot[], timezone: string): z.input<typeof AvailabilityUpdateRequest> {
  return { timezone: timezone.trim(), slots: [...slots] };
}

/** Whether the rows say the same as the saved schedule (order and duplicates aside). */
export function sameSchedule(week: WeekRows, saved: readonly WeeklySlot[]): boolean {
  const key = (s: WeeklySlot) => `${s.weekday} ${s.start_time} ${s.end_time}`;
  const typed = week.flatMap((day, weekday) => day.map((r) => `${weekday} ${r.start.trim()} ${r.end.trim()}`));
  return [...new Set(typed)].sort().join('|') === [...new Set(saved.map(key))].sort().join('|');
}
