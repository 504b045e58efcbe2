import { describe, expect, it } from '@jest/globals';
import { addDays, daysBetween, localDate as localDay, offsetMinutes, startOfLocalDay, zonedInstant } from './zoned-time.js';

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

describe('wall-clock times', () => {
  it("knows a zone's offset, and the instant a wall time happens there", () => {
    expect(offsetMinutes(Date.parse('2026-06-10T12:00:00Z'), 'Africa/Addis_Ababa')).toBe(180);
    expect(offsetMinutes(Date.parse('2026-06-10T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(new Date(zonedInstant('2026-06-10', 9 * 60, 'Africa/Addis_Ababa')!).toISOString()).toBe('2026-06-10T06:00:00.000Z');
  });

  it('has no instant for a wall time skipped in spring, and the first of an hour that happens twice in autumn', () => {
    // New York 2027-03-14: 02:00-03:00 does not exist; 2026-11-01: 01:00-02:00 happens twice
    expect(zonedInstant('2027-03-14', 2 * 60 + 30, 'America/New_York')).toBeNull();
    expect(new Date(zonedInstant('2026-11-01', 60 + 30, 'America/New_York')!).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('starts a day at its midnight, or at the first minute after a skipped one', () => {
    expect(startOfLocalDay('2026-06-10', 'Africa/Addis_Ababa').toISOString()).toBe('2026-06-09T21:00:00.000Z');
    // Santiago skips 00:00-01:00 on 2026-09-06: that day starts at 01:00 (-03:00)
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});
