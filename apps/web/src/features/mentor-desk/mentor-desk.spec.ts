import { describe, expect, it } from '@jest/globals';
import { money, type MentorProfile } from '@lp/contracts';
import { ApiError } from '../../api/api-error';
import { addChips, removeChip } from './chips';
import { deskTabOf } from './desk-tabs';
import { fieldErrorsOf, sortFieldErrors } from '../../api/field-errors';
import { PROFILE_FIELDS, ProfileFormSchema, profileFormDefaults } from './profile-form';
import { availabilityRequest, checkWeek, nextRow, rowsFromSlots, sameSchedule, type WeekRows } from './schedule';
import { initialTimeZone, timeZoneOptions } from './time-zones';
import { timeOffFormSchema } from './time-off-form';

const keys = () => {
  let n = 0;
  return () => `k${(n += 1)}`;
};
const week = (...days: [number, string, string][]): WeekRows => {
  const rows: WeekRows = [[], [], [], [], [], [], []];
  days.forEach(([d, start, end], i) => rows[d]!.push({ key: `r${i}`, start, end }));
  return rows;
};

describe('the dashboard tab in the URL', () => {
  it('reads the known tabs and falls back to the overview', () => {
    expect(deskTabOf('availability')).toBe('availability');
    expect(deskTabOf('profile')).toBe('profile');
    expect(deskTabOf(null)).toBe('overview');
    expect(deskTabOf('sessions')).toBe('sessions');
    expect(deskTabOf('history')).toBe('overview');
  });
});

describe('chips', () => {
  it('adds comma-separated entries trimmed, without blanks or a repeat in any case', () => {
    expect(addChips(['React'], ' Node.js ,  , react, System  design,Node.js')).toEqual(['React', 'Node.js', 'System design']);
    expect(addChips([], '   ')).toEqual([]);
  });
  it('removes one chip', () => {
    expect(removeChip(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('server field errors', () => {
  it('puts each path on its field (list items on their list) and keeps the rest apart', () => {
    const sorted = sortFieldErrors(
      [
        { path: 'expertise_areas.2', message: 'Expertise areas cannot exceed 50 characters' },
        { path: 'expertise_areas', message: 'Add at least one expertise area' },
        { path: 'hourly_rate', message: 'Hourly rate cannot exceed 10000' },
        { path: 'params.id', message: 'Invalid id' },
      ],
      PROFILE_FIELDS,
    );
    expect(sorted.byField).toEqual({
      expertise_areas: 'Expertise areas cannot exceed 50 characters',
      hourly_rate: 'Hourly rate cannot exceed 10000',
    });
    expect(sorted.other).toEqual(['Invalid id']);
  });
  it('reads them off an API error only', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [
      { path: 'end_date', message: 'End date cannot be before start date' },
    ]);
    expect(fieldErrorsOf(error, ['start_date', 'end_date']).byField).toEqual({ end_date: 'End date cannot be before start date' });
    expect(fieldErrorsOf(new Error('x'), ['end_date'])).toEqual({ byField: {}, other: [] });
  });
});

const profile = (over: Partial<MentorProfile> = {}): MentorProfile => ({
  user_id: 'u1',
  name: 'M',
  profile_image: null,
  bio: '',
  expertise_areas: [],
  hourly_rate: money(0, 'USD'),
  experience_years: 0,
  languages: ['English'],
  timezone: 'UTC',
  is_accepting_bookings: true,
  rating: 0,
  rating_count: 0,
  total_sessions: 0,
  is_published: false,
  updated_at: null,
  ...over,
});

describe('time zones', () => {
  it('starts a mentor who never saved in the browser zone, anyone else in the saved one', () => {
    expect(initialTimeZone(profile(), 'Africa/Addis_Ababa')).toBe('Africa/Addis_Ababa');
    // a schedule saved before the profile keeps its zone
    expect(initialTimeZone(profile({ timezone: 'Europe/Paris', updated_at: '2026-01-01T00:00:00.000Z' }), 'Africa/Addis_Ababa')).toBe(
      'Europe/Paris',
    );
    expect(initialTimeZone(profile({ timezone: 'UTC', is_published: true, updated_at: '2026-01-01T00:00:00.000Z' }), 'Asia/Tokyo')).toBe(
      'UTC',
    );
  });
  it('lists the known zones sorted, with the current one and UTC always there', () => {
    expect(timeZoneOptions('Mars/Olympus', ['Europe/Paris', 'Africa/Addis_Ababa'])).toEqual([
      'Africa/Addis_Ababa',
      'Europe/Paris',
      'Mars/Olympus',
      'UTC',
    ]);
  });
});

describe('the profile form', () => {
  it('starts an unpublished profile with no rate typed, a published one with its rate', () => {
    expect(profileFormDefaults(profile(), 'Asia/Tokyo')).toMatchObject({
      hourly_rate: '',
      timezone: 'Asia/Tokyo',
      experience_years: '0',
      currency: 'USD',
    });
    const saved = profile({
      is_published: true,
      updated_at: '2026-01-01T00:00:00.000Z',
      hourly_rate: money(4550, 'ETB'),
      timezone: 'Africa/Addis_Ababa',
    });
    expect(profileFormDefaults(saved, 'Asia/Tokyo')).toMatchObject({
      hourly_rate: '45.5',
      currency: 'ETB',
      timezone: 'Africa/Addis_Ababa',
    });
  });
  it('builds the request from the typed text and names what is wrong as the server would', () => {
    const ok = ProfileFormSchema.safeParse({
      bio: '  Ten years of React ',
      expertise_areas: ['React'],
      hourly_rate: '45.50',
      currency: 'EUR',
      experience_years: '',
      languages: ['English', 'Amharic'],
      timezone: 'Africa/Addis_Ababa',
      is_accepting_bookings: false,
    });
    expect(ok.success && ok.data).toEqual({
      bio: 'Ten years of React',
      expertise_areas: ['React'],
      hourly_rate: 45.5,
      currency: 'EUR',
      experience_years: 0,
      languages: ['English', 'Amharic'],
      timezone: 'Africa/Addis_Ababa',
      is_accepting_bookings: false,
    });
    const bad = ProfileFormSchema.safeParse({
      bio: '',
      expertise_areas: [],
      hourly_rate: '',
      currency: 'USD',
      experience_years: '2.5',
      languages: [],
      timezone: 'Nowhere/City',
      is_accepting_bookings: true,
    });
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      expertise_areas: 'Add at least one expertise area',
      hourly_rate: 'Hourly rate is required',
      experience_years: 'Experience is whole years',
      timezone: 'Unknown time zone',
    });
    const over = ProfileFormSchema.safeParse({ ...ok.data, hourly_rate: '10000.5', experience_years: '3' });
    expect(over.error?.issues.map((i) => i.message)).toEqual(['Hourly rate cannot exceed 10000']);
  });
});

describe('the weekly schedule editor', () => {
  it('turns the saved slots into rows per weekday, sorted by start', () => {
    const rows = rowsFromSlots(
      [
        { weekday: 1, start_time: '14:00', end_time: '16:00' },
        { weekday: 1, start_time: '09:00', end_time: '12:00' },
        { weekday: 6, start_time: '10:00', end_time: '24:00' },
      ],
      keys(),
    );
    expect(rows.map((d) => d.map((r) => `${r.start}-${r.end}`))).toEqual([
      [],
      ['09:00-12:00', '14:00-16:00'],
      [],
      [],
      [],
      [],
      ['10:00-24:00'],
    ]);
  });
  it('suggests the next opening after the day’s last one', () => {
    const key = keys();
    expect(nextRow([], key)).toEqual({ key: 'k1', start: '09:00', end: '17:00' });
    expect(nextRow([{ key: 'a', start: '09:00', end: '12:00' }], key)).toMatchObject({ start: '12:00', end: '13:00' });
    expect(nextRow([{ key: 'a', start: '22:00', end: '23:30' }], key)).toMatchObject({ start: '23:30', end: '24:00' });
    expect(nextRow([{ key: 'a', start: '22:00', end: '24:00' }], key)).toMatchObject({ start: '09:00', end: '10:00' });
  });
  it('builds the request and leaves overlaps to the server', () => {
    const check = checkWeek(week([1, '09:00', '12:00'], [1, ' 11:00 ', '13:00'], [0, '08:00', '24:00']));
    expect(check.rowErrors).toEqual({});
    expect(check.slots).toEqual([
      { weekday: 0, start_time: '08:00', end_time: '24:00' },
      { weekday: 1, start_time: '09:00', end_time: '12:00' },
      { weekday: 1, start_time: '11:00', end_time: '13:00' },
    ]);
    expect(availabilityRequest(check.slots!, ' Europe/Paris ')).toEqual({ timezone: 'Europe/Paris', slots: check.slots });
  });
  it('names a bad time and an end not after the start on their row', () => {
    const check = checkWeek(week([2, '9:00', '12:00'], [3, '13:00', '13:00'], [4, '10:00', '25:00']));
    expect(check.slots).toBeNull();
    expect(check.rowErrors).toEqual({
      r0: { start: 'Use a time like 09:30' },
      r1: { end: 'A slot ends after it starts' },
      r2: { end: 'Use a time like 09:30' },
    });
  });
  it('refuses more than 50 openings in a week', () => {
    const rows: WeekRows = [[], [], [], [], [], [], []];
    for (let i = 0; i < 51; i++) rows[i % 7]!.push({ key: `x${i}`, start: '00:00', end: '00:30' });
    expect(checkWeek(rows)).toMatchObject({ weekError: 'At most 50 weekly slots', slots: null });
  });
  it('knows when the rows say what is saved', () => {
    const saved = [{ weekday: 1, start_time: '09:00', end_time: '12:00' }];
    expect(sameSchedule(week([1, '09:00', '12:00']), saved)).toBe(true);
    expect(sameSchedule(week([1, '09:00', '12:30']), saved)).toBe(false);
    expect(sameSchedule(week(), [])).toBe(true);
  });
});

describe('the time-off request', () => {
  it('checks the dates and the reason as the server does', () => {
    const ok = timeOffFormSchema.safeParse({ start_date: '2030-12-24', end_date: '2030-12-26', reason: ' Holidays ', is_recurring: true });
    expect(ok.success && ok.data).toEqual({ start_date: '2030-12-24', end_date: '2030-12-26', reason: 'Holidays', is_recurring: true });
    const bad = timeOffFormSchema.safeParse({ start_date: '2030-12-24', end_date: '2030-12-20', reason: '  ', is_recurring: false });
    expect(Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))).toEqual({
      reason: 'Reason is required',
      end_date: 'End date cannot be before start date',
    });
    const empty = timeOffFormSchema.safeParse({ start_date: '', end_date: '', reason: 'x', is_recurring: false });
    expect(empty.error?.issues.map((i) => i.path.join('.'))).toEqual(['start_date', 'end_date']);
  });
});
