import { describe, expect, it } from '@jest/globals';
import { addDays, daysBetween, localDay } from './local-day.js';

describe('localDay', () => {
  it("is the day on the zone's wall clock, not UTC's", () => {
    const at = new Date('2026-06-10T02:30:00Z');
    expect(localDay(at, 'UTC')).toBe('2026-06-10');
    expect(localDay(at, 'America/New_York')).toBe('2026-06-09');
    expect(localDay(new Date('2026-06-10T21:30:00Z'), 'Africa/Addis_Ababa')).toBe('2026-06-11');
  });

  it('keeps the day right across the November DST change in New York (a 25-hour day)', () => {
    // 2026-11-01: clocks go back at 02:00 EDT (06:00 UTC); midnight EST of 11-02 is 05:00 UTC
    expect(localDay(new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDay(new Date('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDay(new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
  });

  it('throws for an unknown zone', () => {
    expect(() => localDay(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('moves by calendar days across month, year and DST boundaries', () => {
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-15', -2)).toBe('2027-03-13');
    expect(daysBetween('2027-03-13', '2027-03-15')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
  });
});
