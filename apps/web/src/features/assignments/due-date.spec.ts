import { describe, expect, it } from '@jest/globals';
import { fromLocalInputs, isOverdue, toLocalInputs } from './due-date';

describe('due date inputs', () => {
  it('round-trips an instant through the local date and time inputs', () => {
    const iso = fromLocalInputs('2026-03-14', '09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInputs(iso!)).toEqual({ day: '2026-03-14', time: '09:30' });
  });

  it('reads the inputs as local time', () => {
    const iso = fromLocalInputs('2026-03-14', '23:59')!;
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 2, 14, 23, 59]);
  });

  it('refuses inputs that do not make a date', () => {
    expect(fromLocalInputs('', '10:00')).toBeNull();
    expect(fromLocalInputs('2026-03-14', '')).toBeNull();
    expect(fromLocalInputs('2026-13-40', '10:00')).toBeNull();
    expect(fromLocalInputs('14/03/2026', '10:00')).toBeNull();
  });

  it('gives empty inputs for an unreadable instant', () => {
    expect(toLocalInputs('not a date')).toEqual({ day: '', time: '' });
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-03-14T12:00:00Z');
  it('is overdue past the due date with nothing submitted', () => {
    expect(isOverdue('2026-03-14T11:59:59Z', false, now)).toBe(true);
  });
  it('is not overdue once submitted, nor before the due date', () => {
    expect(isOverdue('2026-03-14T11:00:00Z', true, now)).toBe(false);
    expect(isOverdue('2026-03-14T12:00:01Z', false, now)).toBe(false);
  });
});
