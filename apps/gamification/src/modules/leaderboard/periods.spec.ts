import { describe, expect, it } from '@jest/globals';
import { PLATFORM_TIME_ZONE } from '@lp/contracts';
import { addDays, localDate, monthStartOf, nextPeriodStart, periodBounds, periodsOf, startOfLocalDay, weekStartOf } from './periods.js';

describe('board periods', () => {
  it('are counted in the platform time zone, Addis Ababa (UTC+3)', () => {
    expect(PLATFORM_TIME_ZONE).toBe('Africa/Addis_Ababa');
    // Sunday 22:30 UTC is already Monday 01:30 in Addis Ababa: the new week
    expect(localDate(new Date('2026-11-29T22:30:00Z'))).toBe('2026-11-30');
    expect(weekStartOf(new Date('2026-11-29T22:30:00Z'))).toBe('2026-11-30');
    expect(weekStartOf(new Date('2026-11-29T20:59:59Z'))).toBe('2026-11-23');
  });

  it('start a week on Monday whatever day it is', () => {
    for (const [at, monday] of [
      ['2026-11-23T09:00:00Z', '2026-11-23'], // a Monday
      ['2026-11-27T09:00:00Z', '2026-11-23'], // a Friday
      ['2026-11-29T12:00:00Z', '2026-11-23'], // a Sunday
      ['2027-01-01T09:00:00Z', '2026-12-28'], // across the year's end
    ] as const)
      expect(weekStartOf(new Date(at))).toBe(monday);
  });

  it('start a month on the 1st, local time', () => {
    expect(monthStartOf(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01'); // 00:00 on Dec 1st in Addis Ababa
    expect(monthStartOf(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11-01');
    expect(nextPeriodStart('month', '2026-12-01')).toBe('2027-01-01');
    expect(nextPeriodStart('week', '2026-12-28')).toBe('2027-01-04');
  });

  it('give the instants a board starts and starts again (Monday 00:00 local = Sunday 21:00 UTC)', () => {
    const week = periodBounds('week', new Date('2026-11-27T09:00:00Z'));
    expect(week).toEqual({ start: '2026-11-23', startsAt: new Date('2026-11-22T21:00:00Z'), endsAt: new Date('2026-11-29T21:00:00Z') });
    const month = periodBounds('month', new Date('2026-02-10T09:00:00Z'));
    expect(month.startsAt).toEqual(new Date('2026-01-31T21:00:00Z'));
    expect(month.endsAt).toEqual(new Date('2026-02-28T21:00:00Z'));
    expect(periodBounds('all', new Date())).toEqual({ start: '1970-01-01', startsAt: null, endsAt: null });
  });

  it('find local midnight across a daylight-saving change (a zone that has one)', () => {
    // New York: clocks go back on 2026-11-01, so that day starts at 04:00 UTC and the next at 05:00 UTC
    expect(startOfLocalDay('2026-11-01', 'America/New_York')).toEqual(new Date('2026-11-01T04:00:00Z'));
    expect(startOfLocalDay('2026-11-02', 'America/New_York')).toEqual(new Date('2026-11-02T05:00:00Z'));
    expect(weekStartOf(new Date('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('2026-10-26'); // still Sunday 23:30 there
  });

  it('put one award in its week, its month and all time', () => {
    expect(periodsOf(new Date('2026-11-27T09:00:00Z'))).toEqual([
      { period: 'week', start: '2026-11-23' },
      { period: 'month', start: '2026-11-01' },
      { period: 'all', start: '1970-01-01' },
    ]);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
