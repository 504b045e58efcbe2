import { describe, expect, it } from '@jest/globals';
import type { MentoringSession } from '@lp/contracts';
import { ApiError } from '../../api/api-error';
import { saveFailureText } from '../../api/error-text';
import {
  breakdownRows,
  canCancelAsMentor,
  canMarkNoShow,
  dayLabel,
  dayRows,
  filledResourceRows,
  filledRows,
  firstMessage,
  hourLabel,
  hourRows,
  isNotFound,
  joinCommaList,
  joinState,
  NotesFormSchema,
  ownMessage,
  periodLabel,
  ProgressFormSchema,
  ResourceFormSchema,
  resourceRequest,
  rowsOrBlank,
  seriesRows,
  sessionsOfMentee,
  sessionWhen,
  splitCommaList,
  timeframeOf,
} from './logic';
import { fieldErrorsOf } from '../../api/field-errors';

const NOW = new Date('2026-11-26T12:00:00Z');
const session = (over: Partial<MentoringSession>): MentoringSession => ({
  id: 's1',
  title: 'Career chat',
  description: '',
  scheduled_at: '2026-11-28T10:00:00Z',
  ends_at: '2026-11-28T11:00:00Z',
  duration_minutes: 60,
  status: 'confirmed',
  mentor_id: 'm1',
  mentor_name: 'Mentor',
  mentee_id: 'l1',
  mentee_name: 'Learner',
  total_amount: { amount: 40, amount_minor: 4000, currency: 'USD' },
  meeting_link: 'https://meet.jit.si/x',
  rating: null,
  review: null,
  payment_id: 'p1',
  hold_expires_at: null,
  cancelled_by: null,
  cancel_reason: null,
  refunded_minor: null,
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});

describe('comma-separated fields of the progress modal', () => {
  it('splits, trims, drops blanks and repeats', () => {
    expect(splitCommaList(' React, testing,, React ,  , SQL ')).toEqual(['React', 'testing', 'SQL']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(' , ')).toEqual([]);
  });
  it('writes a list back as comma-separated text that splits to the same list', () => {
    const list = ['Public speaking', 'Git'];
    expect(joinCommaList(list)).toBe('Public speaking, Git');
    expect(splitCommaList(joinCommaList(list))).toEqual(list);
  });
});

describe('lists with "add more"', () => {
  it('keeps the filled rows, trimmed', () => {
    expect(filledRows(['  ship v1 ', '', '   ', 'write tests'])).toEqual(['ship v1', 'write tests']);
  });
  it('starts with the items, or one blank row', () => {
    expect(rowsOrBlank([])).toEqual(['']);
    expect(rowsOrBlank(undefined)).toEqual(['']);
    expect(rowsOrBlank(['a'])).toEqual(['a']);
  });
  it('drops resource rows with neither a name nor a link', () => {
    expect(
      filledResourceRows([
        { name: ' Docs ', url: ' https://x.dev ', type: 'document' },
        { name: ' ', url: '', type: 'video' },
      ]),
    ).toEqual([{ name: 'Docs', url: 'https://x.dev', type: 'document' }]);
  });
});

describe('what an upcoming session card offers', () => {
  it('joins only a confirmed session with a link, and says why otherwise', () => {
    expect(joinState(session({}))).toBe('open');
    expect(joinState(session({ status: 'scheduled', meeting_link: null }))).toBe('unpaid');
    expect(joinState(session({ meeting_link: null }))).toBe('no-link');
  });
  it('marks a no-show only for a confirmed session that has started', () => {
    expect(canMarkNoShow(session({ scheduled_at: '2026-11-26T11:00:00Z' }), NOW)).toBe(true);
    expect(canMarkNoShow(session({}), NOW)).toBe(false);
    expect(canMarkNoShow(session({ status: 'scheduled', scheduled_at: '2026-11-26T11:00:00Z' }), NOW)).toBe(false);
  });
  it('cancels an upcoming session before it starts', () => {
    expect(canCancelAsMentor(session({}), NOW)).toBe(true);
    expect(canCancelAsMentor(session({ status: 'scheduled' }), NOW)).toBe(true);
    expect(canCancelAsMentor(session({ scheduled_at: '2026-11-26T11:00:00Z' }), NOW)).toBe(false);
    expect(canCancelAsMentor(session({ status: 'completed' }), NOW)).toBe(false);
  });
  it('writes the date and time in the viewer zone, nothing (TBD) for an unreadable instant', () => {
    expect(sessionWhen('2026-11-28T10:00:00Z', 'en-US', 'Africa/Addis_Ababa')).toEqual({ date: 'Nov 28, 2026', time: '1:00 PM' });
    expect(sessionWhen('nonsense', 'en-US', 'UTC')).toEqual({ date: null, time: null });
    expect(sessionWhen(null, 'en-US', 'UTC')).toEqual({ date: null, time: null });
  });
  it('finds one mentee\u2019s sessions, latest first', () => {
    const list = [
      session({ id: 'a', scheduled_at: '2026-11-01T10:00:00Z' }),
      session({ id: 'b', mentee_id: 'other' }),
      session({ id: 'c', scheduled_at: '2026-11-20T10:00:00Z' }),
    ];
    expect(sessionsOfMentee(list, 'l1').map((s) => s.id)).toEqual(['c', 'a']);
  });
});

describe('figures and charts', () => {
  it('reads a timeframe, 30 days by default', () => {
    expect(timeframeOf('7days')).toBe('7days');
    expect(timeframeOf('1year')).toBe('1year');
    expect(timeframeOf('weekly')).toBe('30days');
  });
  it('labels hours and days', () => {
    expect(hourLabel(9)).toBe('09:00');
    expect(hourLabel(23)).toBe('23:00');
    expect(dayLabel('monday')).toBe('Monday');
    expect(dayLabel('FRIDAY')).toBe('Friday');
    expect(
      hourRows([
        { hour: 14, bookings: 2 },
        { hour: 9, bookings: 5 },
      ]).map((r) => r.label),
    ).toEqual(['09:00', '14:00']);
    expect(dayRows([{ day: 'tuesday', bookings: 3 }])).toEqual([{ key: 'tuesday', label: 'Tuesday', bookings: 3 }]);
  });
  it('labels periods by week, or by month over a year', () => {
    expect(periodLabel('2026-03-02', '30days', 'en-US')).toBe('Mar 2');
    expect(periodLabel('2026-03-01', '1year', 'en-US')).toBe('Mar 2026');
    expect(periodLabel('2026-03', '1year', 'en-US')).toBe('Mar 2026');
    expect(periodLabel('week 1', '7days', 'en-US')).toBe('week 1');
    expect(
      seriesRows([{ period_start: '2026-03-02', completed: 2, cancelled: 1, revenue_minor: 8000, avg_rating: 4.5 }], '90days', 'en-US'),
    ).toEqual([{ key: '2026-03-02', label: 'Mar 2', completed: 2, cancelled: 1, revenue_minor: 8000 }]);
  });
  it('orders the breakdown as the spec does', () => {
    const rows = breakdownRows({ completed: 3, cancelled: 1, no_show: 2, upcoming: 4 }, (k) => k.toUpperCase());
    expect(rows.map((r) => [r.key, r.sessions])).toEqual([
      ['completed', 3],
      ['cancelled', 1],
      ['noShow', 2],
      ['upcoming', 4],
    ]);
    expect(rows[2]!.label).toBe('NOSHOW');
  });
});

describe('errors', () => {
  it("a field's message is its own or its first item's; a list's own is not an item's", () => {
    const itemError = [undefined, { message: 'Tags cannot be blank', type: 'too_small', ref: { self: null } }];
    expect(firstMessage(itemError)).toBe('Tags cannot be blank');
    expect(firstMessage({ message: 'At most 10 tags' })).toBe('At most 10 tags');
    expect(firstMessage(undefined)).toBeUndefined();
    expect(ownMessage(itemError)).toBeUndefined();
    expect(ownMessage({ message: 'At most 20 goals' })).toBe('At most 20 goals');
  });
  it('a failed save says what no field shows, else the server detail, else the fallback', () => {
    const onFields = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [{ path: 'notes', message: 'Notes are required' }]);
    expect(saveFailureText({ isError: true, error: onFields }, null, 'Failed')).toBeNull();
    expect(saveFailureText({ isError: true, error: onFields }, 'x', 'Failed')).toBe('x');
    expect(saveFailureText({ isError: true, error: new ApiError(409, 'SOME_CODE', 'Already there') }, null, 'Failed')).toBe(
      'Already there',
    );
    expect(saveFailureText({ isError: true, error: new Error('boom') }, null, 'Failed')).toBe('Failed');
    expect(saveFailureText({ isError: false, error: null }, null, 'Failed')).toBeNull();
  });
  it('sorts a 400 answer onto the fields and tells a 404 apart', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [
      { path: 'tags.1', message: 'Tags cannot be blank' },
      { path: 'other', message: 'x' },
    ]);
    expect(fieldErrorsOf(error, ['title', 'tags'] as const)).toEqual({ byField: { tags: 'Tags cannot be blank' }, other: ['x'] });
    expect(fieldErrorsOf(new Error('boom'), ['title'] as const)).toEqual({ byField: {}, other: [] });
    expect(isNotFound(new ApiError(404, 'NOT_FOUND', 'none'))).toBe(true);
    expect(isNotFound(new ApiError(500, 'INTERNAL', 'x'))).toBe(false);
  });
});

describe('the Add Resource form', () => {
  const values = {
    title: 'Intro deck',
    description: '',
    resource_type: 'document' as const,
    url: '',
    content: 'Slides',
    tags: 'react, , intro',
    is_public: true,
  };
  it('splits the tags and leaves an empty link out, as the contract accepts', () => {
    expect(resourceRequest(values)).toEqual({
      title: 'Intro deck',
      description: '',
      resource_type: 'document',
      content: 'Slides',
      tags: ['react', 'intro'],
      is_public: true,
    });
    expect(ResourceFormSchema.safeParse(values).success).toBe(true);
  });
  it('needs a link or some content (the error sits on the link)', () => {
    const parsed = ResourceFormSchema.safeParse({ ...values, content: ' ' });
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['url']);
  });
});

describe('the notes and progress forms', () => {
  it('send the filled rows of their lists and split the comma-separated boxes', () => {
    expect(
      NotesFormSchema.parse({
        notes: ' Went well ',
        action_items: ['Read chapter 2', ' '],
        next_session_goals: [],
        mentee_progress: '',
        resources_shared: [{ name: '', url: '', type: 'document' }],
      }),
    ).toMatchObject({ notes: 'Went well', action_items: ['Read chapter 2'], resources_shared: [] });
    expect(
      ProgressFormSchema.parse({
        goals: ['', 'Ship the portfolio'],
        progress_notes: '',
        skills_developed: 'react, testing, react',
        areas_for_improvement: '',
        next_milestones: [''],
      }),
    ).toMatchObject({
      goals: ['Ship the portfolio'],
      skills_developed: ['react', 'testing'],
      areas_for_improvement: [],
      next_milestones: [],
    });
  });
  it("refuse blank notes and a shared resource's bad link with the contract's texts", () => {
    const parsed = NotesFormSchema.safeParse({
      notes: '  ',
      action_items: [''],
      next_session_goals: [],
      mentee_progress: '',
      resources_shared: [{ name: 'Deck', url: 'not a link', type: 'document' }],
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['notes', 'Notes are required'],
      ['resources_shared.0.url', 'Must be a link (https://...)'],
    ]);
  });
});
