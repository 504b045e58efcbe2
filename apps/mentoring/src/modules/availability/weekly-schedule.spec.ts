import { describe, expect, it } from '@jest/globals';
import { firstOverlap, normalise, toOpening, toSlot } from './weekly-schedule.js';

const o = (weekday: number, from: string, to: string) => toOpening({ weekday, start_time: from, end_time: to });

describe('weekly schedule', () => {
  it('reads "HH:MM" as minutes from midnight and back, 24:00 ending a day', () => {
    expect(o(1, '09:30', '24:00')).toEqual({ weekday: 1, startMinute: 570, endMinute: 1440 });
    expect(toSlot({ weekday: 1, startMinute: 570, endMinute: 1440 })).toEqual({ weekday: 1, start_time: '09:30', end_time: '24:00' });
  });

  it('sorts by weekday and start and drops an opening typed twice', () => {
    expect(normalise([o(3, '10:00', '11:00'), o(1, '12:00', '13:00'), o(1, '09:00', '10:00'), o(3, '10:00', '11:00')])).toEqual([
      o(1, '09:00', '10:00'),
      o(1, '12:00', '13:00'),
      o(3, '10:00', '11:00'),
    ]);
  });

  it('names the first overlapping pair of a day; touching openings and other days do not overlap', () => {
    expect(firstOverlap([o(1, '09:00', '12:00'), o(1, '12:00', '13:00'), o(2, '11:00', '14:00')])).toBeNull();
    expect(firstOverlap([o(6, '11:00', '13:00'), o(6, '09:00', '12:00')])).toBe('Slots on Saturday overlap: 09:00-12:00 and 11:00-13:00');
    expect(firstOverlap([o(0, '08:00', '20:00'), o(0, '10:00', '11:00')])).toBe('Slots on Sunday overlap: 08:00-20:00 and 10:00-11:00');
  });
});
