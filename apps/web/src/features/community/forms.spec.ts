import { describe, expect, it } from '@jest/globals';
import { GROUP_FILE_MAX_BYTES } from '@lp/contracts';
import {
  AskFormSchema,
  emptyEventForm,
  emptyGroupForm,
  EVENT_FORM_FIELDS,
  EventFormSchema,
  FILE_TOO_LARGE,
  FileFormSchema,
  formProblem,
  GROUP_FORM_FIELDS,
  GroupFormSchema,
  hasTitleAndContent,
  InviteFormSchema,
} from './forms';

/** The form's errors by field, as react-hook-form's resolver gives them (the first message of each). */
function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= { message: issue.message };
  return errors;
}

const filled = { ...emptyGroupForm, name: 'Algebra', description: 'Weekly practice', category: 'academic_support' };
const groupProblem = (values: typeof filled) => formProblem(GROUP_FORM_FIELDS, values, errorsOf(GroupFormSchema.safeParse(values)));

describe('study group form', () => {
  it('a blank name, description or category is a missing field (the form says "Please fill in ...")', () => {
    expect(groupProblem({ ...filled, name: '  ' })).toEqual({ kind: 'missing' });
    expect(groupProblem({ ...filled, category: '' })).toEqual({ kind: 'missing' });
    expect(groupProblem({ ...filled, description: '' })).toEqual({ kind: 'missing' });
    expect(groupProblem(filled)).toBeNull();
  });

  it("sends max members 50 when the field is not a number, and keeps it between 5 and 100 with the contract's texts", () => {
    expect(GroupFormSchema.parse({ ...filled, max_members: 'many' })).toEqual({
      name: 'Algebra',
      description: 'Weekly practice',
      category: 'academic_support',
      max_members: 50,
      privacy: 'public',
    });
    expect(GroupFormSchema.parse({ ...filled, max_members: '' })).toMatchObject({ max_members: 50 });
    expect(groupProblem({ ...filled, max_members: '4' })).toEqual({ kind: 'invalid', message: 'Max members must be at least 5' });
    expect(groupProblem({ ...filled, max_members: '101' })).toEqual({ kind: 'invalid', message: 'Max members cannot exceed 100' });
    expect(GroupFormSchema.parse({ ...filled, max_members: '100', privacy: 'private' })).toMatchObject({
      max_members: 100,
      privacy: 'private',
    });
  });
});

describe('forum posts', () => {
  it('need a title and content that are not blank', () => {
    expect(hasTitleAndContent({ title: 'Hi', content: 'There' })).toBe(true);
    expect(hasTitleAndContent({ title: 'Hi', content: '   ' })).toBe(false);
    expect(hasTitleAndContent({ title: '', content: 'There' })).toBe(false);
  });

  it('a question splits its tags at commas, lowercased and once each', () => {
    expect(
      AskFormSchema.parse({ title: 'Median', content: 'How?', category: 'general', tags: 'Stats, median,, stats ', post_type: 'question' }),
    ).toMatchObject({ tags: ['stats', 'median'] });
  });
});

describe('group events', () => {
  const event = { ...emptyEventForm, title: 'Review', date: '2026-12-01', time: '18:00' };
  const eventProblem = (values: typeof event) => formProblem(EVENT_FORM_FIELDS, values, errorsOf(EventFormSchema.safeParse(values)));
  it('need title, date and time; the meeting link is optional but an http(s) address', () => {
    expect(eventProblem(event)).toBeNull();
    expect(EventFormSchema.parse(event)).not.toHaveProperty('meeting_link', '');
    expect(eventProblem({ ...event, time: '' })).toEqual({ kind: 'missing' });
    expect(EventFormSchema.parse({ ...event, meeting_link: 'https://meet.example.com/abc' })).toMatchObject({
      meeting_link: 'https://meet.example.com/abc',
    });
    const badLink = { kind: 'invalid', message: 'Meeting link must be an http(s) URL' };
    expect(eventProblem({ ...event, meeting_link: 'javascript:alert(1)' })).toEqual(badLink);
    expect(eventProblem({ ...event, meeting_link: 'not a link' })).toEqual(badLink);
  });
});

describe('invitations and files', () => {
  it('an invitation needs an e-mail address; an empty message is left out', () => {
    expect(InviteFormSchema.parse({ email: ' Ada@Example.com ', message: '  ' })).toEqual({ email: 'ada@example.com' });
    expect(formProblem(['email'], { email: '' }, errorsOf(InviteFormSchema.safeParse({ email: '', message: '' })))).toEqual({
      kind: 'missing',
    });
  });

  it('a file larger than the limit is refused before the upload', () => {
    const file = (size: number) => new File([new Uint8Array(size)], 'notes.pdf');
    expect(FileFormSchema.safeParse({ file: file(10) }).success).toBe(true);
    expect(FileFormSchema.safeParse({}).success).toBe(false);
    const big = Object.defineProperty(file(1), 'size', { value: GROUP_FILE_MAX_BYTES + 1 });
    expect(FileFormSchema.safeParse({ file: big }).error?.issues[0]?.message).toBe(FILE_TOO_LARGE);
  });
});
