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

  it("read a zone's offset once a quarter hour and answer what Intl answers, across daylight-saving changes and odd offsets", () => {
    // Havana, Santiago and Beirut change at local midnight: an offset kept too long shows as a wrong day
    const zones = [
      'America/Havana',
      'America/Santiago',
      'Asia/Beirut',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
      PLATFORM_TIME_ZONE,
    ];
    const intl = new Map(
      zones.map((timeZone) => [
        timeZone,
        new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      ]),
    );
    const wrong: Array<[string, number, string, string]> = [];
    // every 7 minutes and 13 seconds through 2026's spring and autumn changes (and their midnights)
    for (const [from, to] of [
      ['2026-03-07T00:00:00Z', '2026-04-06T00:00:00Z'],
      ['2026-09-01T00:00:00Z', '2026-11-03T00:00:00Z'],
    ] as const)
      for (let ms = Date.parse(from); ms < Date.parse(to); ms += 433_000)
        for (const zone of zones) {
          const [ours, theirs] = [localDate(new Date(ms), zone), intl.get(zone)!.format(new Date(ms))];
          if (ours !== theirs) wrong.push([zone, ms, ours, theirs]);
        }
    expect(wrong).toEqual([]);
    // and each local midnight found where Intl says the day begins (to the second)
    const starts: Array<[string, string, string, string]> = [];
    for (const zone of zones)
      for (let day = '2026-03-07'; day < '2026-11-03'; day = addDays(day, 1)) {
        let [lo, hi] = [Date.parse(`${day}T00:00:00Z`) - 15 * 3_600_000, Date.parse(`${day}T00:00:00Z`) + 15 * 3_600_000];
        while (hi - lo > 1000) {
          const mid = Math.floor((lo + hi) / 2000) * 1000;
          if (intl.get(zone)!.format(new Date(mid)) >= day) hi = mid;
          else lo = mid;
        }
        const ours = startOfLocalDay(day, zone).toISOString();
        if (ours !== new Date(hi).toISOString()) starts.push([zone, day, ours, new Date(hi).toISOString()]);
      }
    expect(starts).toEqual([]);
  });
});
