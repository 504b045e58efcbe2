import { describe, expect, it } from '@jest/globals';
import { freeSlots, isDayOff, whyNotBookable, type Schedule } from './free-slots.js';
import { localDay, offsetMinutes, zonedInstant } from './zoned-time.js';

const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.parse('2030-03-01T00:00:00Z'); // a Friday

describe('zoned time', () => {
  it('finds the instant of a wall time in a zone, across daylight-saving changes', () => {
    expect(iso(zonedInstant('2030-06-03', 9 * 60, 'Africa/Addis_Ababa')!)).toBe('2030-06-03T06:00:00.000Z');
    expect(iso(zonedInstant('2030-01-07', 9 * 60, 'America/New_York')!)).toBe('2030-01-07T14:00:00.000Z');
    expect(iso(zonedInstant('2030-07-08', 9 * 60, 'America/New_York')!)).toBe('2030-07-08T13:00:00.000Z');
    // 02:30 on the spring-forward Sunday does not exist in New York
    expect(zonedInstant('2030-03-10', 150, 'America/New_York')).toBeNull();
    // 01:30 on the fall-back Sunday happens twice: the first one
    expect(iso(zonedInstant('2030-11-03', 90, 'America/New_York')!)).toBe('2030-11-03T05:30:00.000Z');
    expect(offsetMinutes(Date.parse('2030-06-03T06:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(localDay(Date.parse('2030-03-01T22:30:00Z'), 'Africa/Addis_Ababa')).toEqual({ date: '2030-03-02', weekday: 6 });
  });
});

describe('days off', () => {
  it('includes both dates; a recurring span repeats every year and may wrap over New Year', () => {
    const off = [
      { startDate: '2030-03-04', endDate: '2030-03-05', isRecurring: false },
      { startDate: '2020-12-30', endDate: '2021-01-02', isRecurring: true },
    ];
    expect(['2030-03-03', '2030-03-04', '2030-03-05', '2030-03-06'].map((d) => isDayOff(d, off))).toEqual([false, true, true, false]);
    expect(['2031-12-29', '2031-12-31', '2032-01-02', '2032-01-03'].map((d) => isDayOff(d, off))).toEqual([false, true, true, false]);
  });
});

describe('free slots', () => {
  const schedule = (over: Partial<Schedule> = {}): Schedule => ({
    timeZone: 'Africa/Addis_Ababa',
    openings: [{ weekday: 1, startMinute: 9 * 60, endMinute: 11 * 60 }], // Mondays 09:00-11:00, UTC+3
    daysOff: [],
    busy: [],
    ...over,
  });

  it('offers every 30-minute step of an opening where the session fits, in UTC', () => {
    const slots = freeSlots(schedule(), '2030-03-01', 7, 60, NOW).map((s) => iso(s.start));
    expect(slots).toEqual(['2030-03-04T06:00:00.000Z', '2030-03-04T06:30:00.000Z', '2030-03-04T07:00:00.000Z']);
    expect(freeSlots(schedule(), '2030-03-01', 7, 120, NOW).map((s) => iso(s.end))).toEqual(['2030-03-04T08:00:00.000Z']);
    expect(freeSlots(schedule(), '2030-03-01', 7, 90, NOW)).toHaveLength(2);
  });

  it('leaves out busy times, days off and anything sooner than the lead time', () => {
    const busy = [{ start: Date.parse('2030-03-04T06:30:00Z'), end: Date.parse('2030-03-04T07:00:00Z') }];
    expect(freeSlots(schedule({ busy }), '2030-03-01', 7, 60, NOW).map((s) => iso(s.start))).toEqual(['2030-03-04T07:00:00.000Z']);
    expect(
      freeSlots(schedule({ daysOff: [{ startDate: '2030-03-04', endDate: '2030-03-04', isRecurring: false }] }), '2030-03-01', 7, 60, NOW),
    ).toEqual([]);
    const justBefore = Date.parse('2030-03-04T05:30:00Z');
    expect(freeSlots(schedule(), '2030-03-04', 1, 60, justBefore).map((s) => iso(s.start))).toEqual([
      '2030-03-04T06:30:00.000Z',
      '2030-03-04T07:00:00.000Z',
    ]);
  });

  it("lets a session run past midnight into the next day's opening, and not past an opening's end otherwise", () => {
    const late = schedule({
      timeZone: 'UTC',
      openings: [
        { weekday: 1, startMinute: 22 * 60, endMinute: 24 * 60 },
        { weekday: 2, startMinute: 0, endMinute: 60 },
      ],
    });
    expect(freeSlots(late, '2030-03-04', 1, 90, NOW).map((x) => iso(x.start))).toEqual([
      '2030-03-04T22:00:00.000Z',
      '2030-03-04T22:30:00.000Z',
      '2030-03-04T23:00:00.000Z',
      '2030-03-04T23:30:00.000Z',
    ]);
    expect(freeSlots(late, '2030-03-04', 1, 120, NOW).map((x) => iso(x.start))).toEqual([
      '2030-03-04T22:00:00.000Z',
      '2030-03-04T22:30:00.000Z',
      '2030-03-04T23:00:00.000Z',
    ]);
  });

  it('says why a booking does not fit', () => {
    const s = schedule({ busy: [{ start: Date.parse('2030-03-04T07:00:00Z'), end: Date.parse('2030-03-04T08:00:00Z') }] });
    const monday = { date: '2030-03-04', weekday: 1 };
    expect(whyNotBookable(s, Date.parse('2030-03-04T06:00:00Z'), 60, NOW, monday)).toBeNull();
    expect(whyNotBookable(s, Date.parse('2030-03-04T06:30:00Z'), 60, NOW, monday)).toBe('taken');
    expect(whyNotBookable(s, Date.parse('2030-03-04T06:15:00Z'), 30, NOW, monday)).toBe('outside'); // off the grid
    expect(whyNotBookable(s, Date.parse('2030-03-04T07:00:00Z'), 60, NOW, monday)).toBe('taken');
    expect(whyNotBookable(s, Date.parse('2030-03-04T05:00:00Z'), 60, NOW, monday)).toBe('outside');
    expect(whyNotBookable(s, Date.parse('2030-03-04T06:00:00Z'), 60, Date.parse('2030-03-04T05:30:00Z'), monday)).toBe('too_soon');
  });
});
