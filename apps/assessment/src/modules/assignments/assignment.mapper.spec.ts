import { describe, expect, it } from '@jest/globals';
import { submissionStatus, toSubmission } from './assignment.mapper.js';
import type { SubmissionRow } from './submissions.repository.js';

const row = (over: Partial<SubmissionRow> = {}): SubmissionRow => ({
  id: 's1',
  assignment_id: 'a1',
  student_id: 'u1',
  student_name: 'Lena',
  student_email: 'lena@example.test',
  submission_text: 'text',
  submission_files: [],
  submitted_at: new Date('2026-03-01T10:00:00Z'),
  is_late: false,
  days_late: 0,
  raw_grade: null,
  grade: null,
  feedback: null,
  graded_by: null,
  graded_at: null,
  max_points: 40,
  ...over,
});

describe('submissionStatus', () => {
  it('is not_submitted without a submission, graded once graded (late or not), else late or submitted', () => {
    expect(submissionStatus(null)).toBe('not_submitted');
    expect(submissionStatus(row())).toBe('submitted');
    expect(submissionStatus(row({ is_late: true }))).toBe('late');
    expect(submissionStatus(row({ is_late: true, graded_at: new Date() }))).toBe('graded');
  });
});

describe('toSubmission', () => {
  it('answers no grade, no percentage and no penalty before grading', () => {
    expect(toSubmission(row())).toMatchObject({ grade: null, raw_grade: null, percentage: null, late_penalty_applied: 0, status: 'submitted' });
  });

  it('derives the penalty and the percentage of max points from the stored grades', () => {
    const s = toSubmission(row({ raw_grade: 30, grade: 24, graded_at: new Date('2026-03-02T10:00:00Z'), is_late: true, days_late: 2 }));
    expect(s).toMatchObject({ raw_grade: 30, grade: 24, late_penalty_applied: 6, percentage: 60, status: 'graded', graded_at: '2026-03-02T10:00:00.000Z' });
  });

  it('names unknown students with the fallback name', () => {
    expect(toSubmission(row({ student_name: null, student_email: null })).student_name).toBe('Unknown user');
  });
});
