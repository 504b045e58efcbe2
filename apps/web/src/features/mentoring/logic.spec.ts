import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  canCancel,
  canJoin,
  canRate,
  dayKey,
  DEFAULT_FILTERS,
  filtersFromParams,
  groupSlotsByDay,
  mentorListQuery,
  nextDaysWindow,
  paramsFromFilters,
  refundOutcome,
  sessionFilterFromParam,
  sessionTotalMinor,
  slotWindowFor,
  withCurrencyCode,
} from './logic';

describe('mentor filters and the query string', () => {
  it('reads the filters a URL names, defaults for unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('search=%20react%20&expertise=Python&price_band=50_100&currency=EUR'))).toEqual({
      search: 'react',
      expertise: 'Python',
      priceBand: '50_100',
      currency: 'EUR',
    });
    expect(filtersFromParams(new URLSearchParams('price_band=cheap&currency=GBP'))).toEqual(DEFAULT_FILTERS);
  });

  it('writes only what differs from the defaults, and reads back the same filters', () => {
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
    const filters = { search: 'data science', expertise: '', priceBand: 'under_50' as const, currency: 'ETB' as const };
    const params = paramsFromFilters(filters);
    expect(params.get('price_band')).toBe('under_50');
    expect(params.has('expertise')).toBe(false);
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it('asks GET /mentors with the band and its currency, without blank filters', () => {
    expect(mentorListQuery({ ...DEFAULT_FILTERS, priceBand: 'over_100' }, 20)).toEqual({
      price_band: 'over_100',
      currency: 'USD',
      limit: 20,
    });
    expect(mentorListQuery({ ...DEFAULT_FILTERS, search: ' ml ', expertise: 'AI' }, 40)).toEqual({
      search: 'ml',
      expertise: 'AI',
      currency: 'USD',
      limit: 40,
    });
  });
});

describe('free start times by day', () => {
  const slots = [
    { start: '2026-12-01T23:30:00.000Z', end: '2026-12-02T00:30:00.000Z' },
    { start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z' },
    { start: '2026-12-02T08:00:00.000Z', end: '2026-12-02T09:00:00.000Z' },
  ];

  it('groups by the day in the viewer time zone, in order', () => {
    expect(groupSlotsByDay(slots, 'UTC').map((d) => [d.day, d.slots.map((s) => s.start.slice(11, 16))])).toEqual([
      ['2026-12-01', ['09:00', '23:30']],
      ['2026-12-02', ['08:00']],
    ]);
    // in Addis Ababa (UTC+3) 23:30 UTC is already the next morning
    expect(groupSlotsByDay(slots, 'Africa/Addis_Ababa').map((d) => [d.day, d.slots.length])).toEqual([
      ['2026-12-01', 1],
      ['2026-12-02', 2],
    ]);
    // in New York (UTC-5) 08:00 UTC is 03:00 the same day
    expect(dayKey('2026-12-02T03:00:00Z', 'America/New_York')).toBe('2026-12-01');
  });

  it('moves days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('asks for the day before to the day after a picked day', () => {
    expect(slotWindowFor('2026-12-10', '2026-12-01')).toEqual({ from: '2026-12-09', days: 3 });
    // today and tomorrow: from the mentor's today (the server's default)
    expect(slotWindowFor('2026-12-01', '2026-12-01')).toEqual({ days: 3 });
    expect(slotWindowFor('2026-12-02', '2026-12-01')).toEqual({ days: 3 });
  });

  it('looks two weeks on from a day without free times', () => {
    expect(nextDaysWindow('2026-12-10', '2026-12-01')).toEqual({ from: '2026-12-09', days: 16 });
    expect(nextDaysWindow('2026-12-01', '2026-12-01')).toEqual({ days: 16 });
  });
});

describe('the booking total', () => {
  it('is hours x hourly rate in minor units', () => {
    expect(sessionTotalMinor(4000, 60)).toBe(4000);
    expect(sessionTotalMinor(4000, 30)).toBe(2000);
    expect(sessionTotalMinor(4000, 90)).toBe(6000);
    expect(sessionTotalMinor(3333, 30)).toBe(1667);
    expect(sessionTotalMinor(0, 120)).toBe(0);
  });

  it('names the currency once', () => {
    expect(withCurrencyCode('$40.00', 'USD')).toBe('$40.00 USD');
    expect(withCurrencyCode('ETB 1,200.00', 'ETB')).toBe('ETB 1,200.00');
  });
});

describe('what a session card offers', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const base = { status: 'confirmed' as const, meeting_link: 'https://meet.jit.si/x', rating: null, scheduled_at: '2026-12-03T12:00:00Z' };

  it('joins only a confirmed session with a link, rates only a completed unrated one', () => {
    expect(canJoin(base)).toBe(true);
    expect(canJoin({ ...base, meeting_link: null })).toBe(false);
    expect(canJoin({ ...base, status: 'scheduled' })).toBe(false);
    expect(canRate({ ...base, status: 'completed' })).toBe(true);
    expect(canRate({ ...base, status: 'completed', rating: 4 })).toBe(false);
    expect(canRate(base)).toBe(false);
  });

  it('cancels only upcoming sessions that have not started', () => {
    expect(canCancel(base, now)).toBe(true);
    expect(canCancel({ ...base, status: 'scheduled' }, now)).toBe(true);
    expect(canCancel({ ...base, status: 'completed' }, now)).toBe(false);
    expect(canCancel({ ...base, scheduled_at: '2026-12-01T11:00:00Z' }, now)).toBe(false);
  });

  it('refunds in full at least 24 hours ahead, nothing later, and an unpaid booking releases the slot', () => {
    const paid = { ...base, total_amount: { amount: 40, amount_minor: 4000, currency: 'USD' as const } };
    expect(refundOutcome(paid, now)).toBe('full');
    expect(refundOutcome({ ...paid, scheduled_at: '2026-12-02T12:00:00Z' }, now)).toBe('full');
    expect(refundOutcome({ ...paid, scheduled_at: '2026-12-02T11:59:00Z' }, now)).toBe('none');
    expect(refundOutcome({ ...paid, status: 'scheduled' }, now)).toBe('release');
  });

  it('reads the status filter from the URL', () => {
    expect(sessionFilterFromParam('no_show')).toBe('no_show');
    expect(sessionFilterFromParam('upcoming')).toBe('upcoming');
    expect(sessionFilterFromParam('nope')).toBe('all');
    expect(sessionFilterFromParam(null)).toBe('all');
  });
});
