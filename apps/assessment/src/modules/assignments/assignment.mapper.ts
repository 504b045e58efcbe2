import { gradePercentage, type Assignment, type AssignmentType, type Submission, type SubmissionStatus } from '@lp/contracts';
import { iso, isoOrNull } from '@lp/service-kit';
import { UNKNOWN_USER_NAME } from '@lp/service-kit';
import type { SubmissionEntity } from '../../entities/submission.entity.js';
import type { AssignmentColumns, AssignmentView } from './assignments.repository.js';
import type { SubmissionView } from './submissions.repository.js';

/** The editable fields, as the contract names them. */
export interface AssignmentFields {
  title: string;
  description: string;
  assignment_type: AssignmentType;
  instructions: string;
  max_points: number;
  due_date: string;
  allow_late_submission: boolean;
  late_penalty_percent: number;
  is_published: boolean;
}

/** The columns of the fields given (undefined ones are left out, so an edit keeps them). */
export function assignmentChanges(f: Partial<AssignmentFields>): Partial<AssignmentColumns> {
  const columns: { [K in keyof AssignmentColumns]: AssignmentColumns[K] | undefined } = {
    title: f.title,
    description: f.description,
    assignmentType: f.assignment_type,
    instructions: f.instructions,
    maxPoints: f.max_points,
    dueDate: f.due_date === undefined ? undefined : new Date(f.due_date),
    allowLateSubmission: f.allow_late_submission,
    latePenaltyPercent: f.late_penalty_percent,
    isPublished: f.is_published,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export const assignmentColumns = (f: AssignmentFields): AssignmentColumns => assignmentChanges(f) as AssignmentColumns;

/** graded once a grade is given; until then late or submitted, as judged at submission time. */
export function submissionStatus(s: Pick<SubmissionEntity, 'gradedAt' | 'isLate'> | null): SubmissionStatus {
  if (!s) return 'not_submitted';
  if (s.gradedAt) return 'graded';
  return s.isLate ? 'late' : 'submitted';
}

export function toSubmission(s: SubmissionView): Submission {
  const graded = s.gradedAt !== null && s.grade !== null && s.rawGrade !== null;
  const grade = graded ? s.grade : null;
  const raw = graded ? s.rawGrade : null;
  return {
    id: s.id,
    assignment_id: s.assignmentId,
    student_id: s.studentId,
    student_name: s.studentName ?? UNKNOWN_USER_NAME,
    student_email: s.studentEmail,
    status: submissionStatus(s),
    submitted_at: isoOrNull(s.submittedAt),
    is_late: s.isLate,
    days_late: s.daysLate,
    grade,
    raw_grade: raw,
    late_penalty_applied: graded ? Math.round((raw! - grade!) * 100) / 100 : 0,
    percentage: graded ? gradePercentage(grade!, s.maxPoints) : null,
    feedback: s.feedback,
    submission_text: s.submissionText,
    submission_files: s.submissionFiles,
    graded_at: isoOrNull(s.gradedAt),
  };
}

/**
 * Managers see the assignment with its submission count; a learner sees it with their own
 * submission (the count is then theirs: 0 or 1, nobody else's work is their business).
 */
export function toAssignment(a: AssignmentView, view: { manager: true } | { manager: false; own: SubmissionView | null }): Assignment {
  const own = view.manager ? null : view.own;
  const submission = own ? toSubmission(own) : null;
  return {
    id: a.id,
    course_id: a.courseId,
    course_title: a.courseTitle,
    title: a.title,
    description: a.description,
    assignment_type: a.assignmentType,
    instructions: a.instructions,
    max_points: a.maxPoints,
    due_date: iso(a.dueDate),
    allow_late_submission: a.allowLateSubmission,
    late_penalty_percent: a.latePenaltyPercent,
    is_published: a.isPublished,
    created_by: a.createdBy,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt),
    submission_count: view.manager ? a.submissionCount : own ? 1 : 0,
    submission_status: submissionStatus(own),
    has_submitted: own !== null,
    grade: submission?.grade ?? null,
    submission,
  };
}
