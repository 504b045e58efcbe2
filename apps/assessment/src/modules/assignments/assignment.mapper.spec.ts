import { describe, expect, it } from '@jest/globals';
import { assignmentChanges, submissionStatus, toSubmission } from './assignment.mapper.js';
import type { SubmissionView } from './submissions.repository.js';

const row = (over: Partial<SubmissionView> = {}): SubmissionView => ({
  id: 's1',
  assignmentId: 'a1',
  studentId: 'u1',
  studentName: 'Lena',
  studentEmail: 'lena@example.test',
  submissionText: 'text',
  submissionFiles: [],
  submittedAt: new Date('2026-03-01T10:00:00Z'),
  isLate: false,
  daysLate: 0,
  rawGrade: null,
  grade: null,
  feedback: null,
  gradedBy: null,
  gradedAt: null,
  maxPoints: 40,
  ...over,
});

describe('submissionStatus', () => {
  it('is not_submitted without a submission, graded once graded (late or not), else late or submitted', () => {
    expect(submissionStatus(null)).toBe('not_submitted');
    expect(submissionStatus(row())).toBe('submitted');
    expect(submissionStatus(row({ isLate: true }))).toBe('late');
    expect(submissionStatus(row({ isLate: true, gradedAt: new Date() }))).toBe('graded');
  });
});

describe('toSubmission', () => {
  it('answers no grade, no percentage and no penalty before grading', () => {
    expect(toSubmission(row())).toMatchObject({
      grade: null,
      raw_grade: null,
      percentage: null,
      late_penalty_applied: 0,
      status: 'submitted',
    });
  });

  it('derives the penalty and the percentage of max points from the stored grades', () => {
    const s = toSubmission(row({ rawGrade: 30, grade: 24, gradedAt: new Date('2026-03-02T10:00:00Z'), isLate: true, daysLate: 2 }));
    expect(s).toMatchObject({
      raw_grade: 30,
      grade: 24,
      late_penalty_applied: 6,
      percentage: 60,
      status: 'graded',
      graded_at: '2026-03-02T10:00:00.000Z',
    });
  });

  it('names unknown students with the fallback name', () => {
    expect(toSubmission(row({ studentName: null, studentEmail: null })).student_name).toBe('Unknown user');
  });
});

describe('assignmentChanges', () => {
  it('names the columns of the fields given and leaves the others out', () => {
    expect(assignmentChanges({ title: 'New', due_date: '2026-04-01T12:00:00.000Z', is_published: false })).toEqual({
      title: 'New',
      dueDate: new Date('2026-04-01T12:00:00.000Z'),
      isPublished: false,
    });
  });
});
