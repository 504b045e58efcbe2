import { describe, expect, it } from '@jest/globals';
import { ASSIGNMENT_MAX_POINTS, LATE_PENALTY_PERCENT, SUBMISSION_FILES_MAX } from '@lp/contracts';
import { assignmentFormSchema, gradeFormSchema, linesOf, submissionFormSchema } from './form-schemas';

const messages = { dayRequired: 'day required', timeRequired: 'time required', invalid: 'invalid date' };
const COURSE = '6f1c1d7e-8a2b-4c3d-9e4f-5a6b7c8d9e0f';
const filled = {
  course_id: COURSE,
  title: 'Essay',
  description: 'About loops',
  assignment_type: 'essay',
  instructions: 'Three paragraphs',
  due_day: '2026-03-14',
  due_time: '23:59',
};
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('assignment form', () => {
  const schema = assignmentFormSchema(messages);

  it('takes the contract defaults for what is left out', () => {
    const parsed = schema.parse(filled);
    expect(parsed.max_points).toBe(ASSIGNMENT_MAX_POINTS.default);
    expect(parsed.late_penalty_percent).toBe(LATE_PENALTY_PERCENT.default);
    expect(parsed.allow_late_submission).toBe(true);
    expect(parsed.is_published).toBe(false);
  });

  it('requires title, description, instructions and the due date and time (spec 2 section 5)', () => {
    const errors = errorsOf(schema.safeParse({ ...filled, title: ' ', description: '', instructions: '', due_day: '', due_time: '' }));
    expect(errors).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      instructions: 'Instructions are required',
      due_day: 'day required',
      due_time: 'time required',
    });
  });

  it('keeps max points at least 1 and the late penalty within 0 to 100', () => {
    const errors = errorsOf(schema.safeParse({ ...filled, max_points: 0, late_penalty_percent: 101 }));
    expect(errors).toEqual({ max_points: 'Max points must be at least 1', late_penalty_percent: 'Late penalty must be between 0 and 100' });
    // an emptied number input gives NaN
    expect(errorsOf(schema.safeParse({ ...filled, max_points: Number.NaN })).max_points).toBe('Max points must be a number');
  });

  it('refuses a date and time that make no date', () => {
    expect(errorsOf(schema.safeParse({ ...filled, due_day: '2026-13-40' }))).toEqual({ due_day: 'invalid date' });
  });
});

describe('grade form', () => {
  const schema = gradeFormSchema(50);

  it('accepts 0 to max points in steps of 0.5', () => {
    expect(schema.parse({ grade: 0 }).grade).toBe(0);
    expect(schema.parse({ grade: 49.5, feedback: 'ok' })).toEqual({ grade: 49.5, feedback: 'ok' });
    expect(schema.parse({ grade: 50 }).feedback).toBe('');
  });

  it('refuses an empty, negative, too high or off-step grade', () => {
    expect(errorsOf(schema.safeParse({ grade: Number.NaN })).grade).toBe('Grade is required');
    expect(errorsOf(schema.safeParse({ grade: -1 })).grade).toBe('Grade cannot be negative');
    expect(errorsOf(schema.safeParse({ grade: 50.5 })).grade).toBe('Grade cannot exceed 50 points');
    expect(errorsOf(schema.safeParse({ grade: 10.25 })).grade).toBe('Grade must be a multiple of 0.5');
  });
});

describe('submission form', () => {
  const schema = submissionFormSchema('too many');

  it('requires the text', () => {
    expect(errorsOf(schema.safeParse({ submission_text: '   ', file_links: '' }))).toEqual({
      submission_text: 'Submission text is required',
    });
  });

  it('reads file links one per line and caps their number', () => {
    expect(linesOf(' https://a.example/x \n\n https://b.example/y\n')).toEqual(['https://a.example/x', 'https://b.example/y']);
    const many = Array.from({ length: SUBMISSION_FILES_MAX + 1 }, (_, i) => `https://f.example/${i}`).join('\n');
    expect(errorsOf(schema.safeParse({ submission_text: 'done', file_links: many }))).toEqual({ file_links: 'too many' });
    expect(schema.safeParse({ submission_text: 'done', file_links: many.split('\n').slice(1).join('\n') }).success).toBe(true);
  });

  it('applies the contract rule to each link', () => {
    const errors = errorsOf(schema.safeParse({ submission_text: 'done', file_links: `https://x.example/${'a'.repeat(2100)}` }));
    expect(errors.file_links).toBe('At most 2048 characters');
  });
});
