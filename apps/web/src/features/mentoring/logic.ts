import {
  addDays,
  BOOKING_HORIZON_DAYS,
  CURRENCIES,
  localDate,
  refundOnCancel,
  PRICE_BANDS,
  SESSION_STATUSES,
  type Currency,
  type MentoringSession,
  type PriceBand,
  type SessionStatus,
} from '@lp/contracts';

/**
 * The mentoring screens' pure rules: the /mentors filters and their query string, the free
 * start times grouped by day in the viewer's time zone, the booking total shown before the
 * server computes the real one, and what a session's card offers.
 */

// ---------- /mentors filters <-> query string ----------

export interface MentorFilters {
  search: string;
  expertise: string;
  /** null: all prices */
  priceBand: PriceBand | null;
  /** the currency the price band is read in */
  currency: Currency;
}

export const DEFAULT_FILTERS: MentorFilters = { search: '', expertise: '', priceBand: null, currency: 'USD' };

const isPriceBand = (v: string | null): v is PriceBand => v !== null && (PRICE_BANDS as readonly string[]).includes(v);
const isCurrency = (v: string | null): v is Currency => v !== null && (CURRENCIES as readonly string[]).includes(v);

/** The filters a URL names; unknown values fall back to the defaults. */
export function filtersFromParams(params: URLSearchParams): MentorFilters {
  const band = params.get('price_band');
  const currency = params.get('currency');
  return {
    search: (params.get('search') ?? '').trim(),
    expertise: (params.get('expertise') ?? '').trim(),
    priceBand: isPriceBand(band) ? band : null,
    currency: isCurrency(currency) ? currency : 'USD',
  };
}

/** The query string of the filters: defaults are left out, so a plain /mentors stays plain. */
export function paramsFromFilters(filters: MentorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.expertise.trim()) params.set('expertise', filters.expertise.trim());
  if (filters.priceBand) params.set('price_band', filters.priceBand);
  if (filters.currency !== 'USD') params.set('currency', filters.currency);
  return params;
}

/** What GET /mentors is asked with these filters (the currency only matters for a band). */
export function mentorListQuery(filters: MentorFilters, limit: number) {
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.expertise.trim() ? { expertise: filters.expertise.trim() } : {}),
    ...(filters.priceBand ? { price_band: filters.priceBand } : {}),
    currency: filters.currency,
    limit,
  };
}

// ---------- days and times in a time zone ----------

/** "YYYY-MM-DD" of an instant as a calendar in `timeZone` shows it (the platform's one way: libs/contracts' zoned-time.ts). */
export const dayKey = (instant: Date | string, timeZone: string): string => localDate(instant, timeZone);

export { addDays };

export interface FreeSlot {
  start: string;
  end: string;
}

export interface SlotDay {
  /** "YYYY-MM-DD" in the viewer's time zone */
  day: string;
  slots: FreeSlot[];
}

/** The free start times grouped by the day they fall on in `timeZone`, days and times in order. */
export function groupSlotsByDay(slots: readonly FreeSlot[], timeZone: string): SlotDay[] {
  const byDay = new Map<string, FreeSlot[]>();
  const ordered = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of ordered) {
    const key = dayKey(slot.start, timeZone);
    const list = byDay.get(key);
    if (list) list.push(slot);
    else byDay.set(key, [slot]);
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => ({ day, slots: list }));
}

/**
 * What GET /mentors/{userId}/slots is asked for one day the viewer picked: the mentor's days
 * differ from the viewer's by at most one, so the day before to the day after is enough. From
 * "today" (or tomorrow) the mentor's own today is the start (the server's default).
 */
export function slotWindowFor(day: string, viewerToday: string): { from?: string; days: number } {
  if (day <= addDays(viewerToday, 1)) return { days: 3 };
  return { from: addDays(day, -1), days: 3 };
}

/** What is asked to find the next days with free times after a picked day: two weeks from it. */
export function nextDaysWindow(day: string, viewerToday: string): { from?: string; days: number } {
  if (day <= addDays(viewerToday, 1)) return { days: 16 };
  return { from: addDays(day, -1), days: 16 };
}

/** The last day the booking page offers (the horizon of a booking). */
export function lastBookableDay(viewerToday: string): string {
  return addDays(viewerToday, BOOKING_HORIZON_DAYS - 1);
}

// ---------- money ----------

/**
 * The total shown on the booking form: hours x hourly rate, in minor units of the rate's
 * currency, rounded to the nearest minor unit. For display only: the server computes the real one.
 */
export function sessionTotalMinor(hourlyRateMinor: number, durationMinutes: number): number {
  return Math.round((hourlyRateMinor * durationMinutes) / 60);
}

/** A formatted amount with its currency code beside it, unless the format already names it ("ETB 1,200.00"). */
export function withCurrencyCode(formatted: string, currency: Currency): string {
  return formatted.includes(currency) ? formatted : `${formatted} ${currency}`;
}

// ---------- sessions ----------

/** The status filter of /my-sessions: all, upcoming (scheduled or confirmed), or one status. */
export const SESSION_FILTERS = ['all', 'upcoming', ...SESSION_STATUSES] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number];

export function sessionFilterFromParam(value: string | null): SessionFilter {
  return value !== null && (SESSION_FILTERS as readonly string[]).includes(value) ? (value as SessionFilter) : 'all';
}

export function isUpcoming(status: SessionStatus): boolean {
  return status === 'scheduled' || status === 'confirmed';
}

type SessionView = Pick<MentoringSession, 'status' | 'meeting_link' | 'rating' | 'scheduled_at'>;

/** Join Meeting: only a confirmed session with a meeting link. */
export const canJoin = (s: SessionView): boolean => s.status === 'confirmed' && Boolean(s.meeting_link);
/** Rate Session: only a completed session not rated yet. */
export const canRate = (s: SessionView): boolean => s.status === 'completed' && s.rating === null;
/** Cancel: an upcoming session that has not started. */
export const canCancel = (s: SessionView, now: Date = new Date()): boolean =>
  isUpcoming(s.status) && Date.parse(s.scheduled_at) > now.getTime();

/** What a learner's cancellation gives back, by the refund rule of libs/contracts (refundOnCancel). */
export type RefundOutcome = 'release' | 'full' | 'none';
export function refundOutcome(
  s: Pick<MentoringSession, 'status' | 'scheduled_at' | 'total_amount'>,
  now: Date = new Date(),
): RefundOutcome {
  if (s.status === 'scheduled') return 'release';
  const back = refundOnCancel(
    { status: s.status, amountMinor: s.total_amount.amount_minor, startsAt: new Date(s.scheduled_at) },
    'mentee',
    now,
  );
  return back > 0 ? 'full' : 'none';
}

export function statusTone(status: SessionStatus): 'primary' | 'neutral' | 'success' | 'warning' | 'danger' {
  switch (status) {
    case 'confirmed':
      return 'success';
    case 'scheduled':
      return 'warning';
    case 'completed':
      return 'primary';
    case 'cancelled':
      return 'neutral';
    default:
      return 'danger';
  }
}
