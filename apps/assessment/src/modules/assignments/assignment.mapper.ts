import { gradePercentage, type Assignment, type Submission, type SubmissionStatus } from '@lp/contracts';
import { iso, isoOrNull } from '@lp/service-kit';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { AssignmentRow } from './assignments.repository.js';
import type { SubmissionRow } from './submissions.repository.js';

/** graded once a grade is given; until then late or submitted, as judged at submission time. */
export function submissionStatus(s: Pick<SubmissionRow, 'graded_at' | 'is_late'> | null): SubmissionStatus {
  if (!s) return 'not_submitted';
  if (s.graded_at) return 'graded';
  return s.is_late ? 'late' : 'submitted';
}

export function toSubmission(s: SubmissionRow): Submission {
  const graded = s.graded_at !== null && s.grade !== null && s.raw_grade !== null;
  const grade = graded ? s.grade : null;
  const raw = graded ? s.raw_grade : null;
  return {
    id: s.id,
    assignment_id: s.assignment_id,
    student_id: s.student_id,
    student_name: s.student_name ?? UNKNOWN_USER_NAME,
    student_email: s.student_email,
    status: submissionStatus(s),
    submitted_at: isoOrNull(s.submitted_at),
    is_late: s.is_late,
    days_late: s.days_late,
    grade,
    raw_grade: raw,
    late_penalty_applied: graded ? Math.round((raw! - grade!) * 100) / 100 : 0,
    percentage: graded ? gradePercentage(grade!, s.max_points) : null,
    feedback: s.feedback,
    submission_text: s.submission_text,
    submission_files: s.submission_files,
    graded_at: isoOrNull(s.graded_at),
  };
}

/**
 * Managers see the assignment with its submission count; a learner sees it with their own
 * submission (the count is then theirs: 0 or 1, nobody else's work is their business).
 */
export function toAssignment(a: AssignmentRow, view: { manager: true } | { manager: false; own: SubmissionRow | null }): Assignment {
  const own = view.manager ? null : view.own;
  const submission = own ? toSubmission(own) : null;
  return {
    id: a.id,
    course_id: a.course_id,
    course_title: a.course_title,
    title: a.title,
    description: a.description,
    assignment_type: a.assignment_type,
    instructions: a.instructions,
    max_points: a.max_points,
    due_date: iso(a.due_date),
    allow_late_submission: a.allow_late_submission,
    late_penalty_percent: a.late_penalty_percent,
    is_published: a.is_published,
    created_by: a.created_by,
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    submission_count: view.manager ? a.submission_count : own ? 1 : 0,
    submission_status: submissionStatus(own),
    has_submitted: own !== null,
    grade: submission?.grade ?? null,
    submission,
  };
}
