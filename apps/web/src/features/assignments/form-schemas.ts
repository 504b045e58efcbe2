import {
  AssignmentCreateRequest,
  AssignmentSubmitRequest,
  GradeSubmissionRequest,
  gradeProblem,
  SUBMISSION_FILES_MAX,
} from '@lp/contracts';
import { z } from 'zod';
import { fromLocalInputs } from './due-date';

// The assignment forms validate with the contract's own schemas (spec 2 section 5); only what the
// inputs add (the due date split into date and time, file links one per line) is checked here.

/**
 * The contract's create request with the due date split into the date and time inputs
 * (local time); every other rule and message is the contract's own.
 */
export function assignmentFormSchema(text: { dayRequired: string; timeRequired: string; invalid: string }) {
  return AssignmentCreateRequest.omit({ due_date: true })
    .extend({
      due_day: z.string().min(1, text.dayRequired),
      due_time: z.string().min(1, text.timeRequired),
    })
    .superRefine((v, ctx) => {
      if (v.due_day && v.due_time && fromLocalInputs(v.due_day, v.due_time) === null) {
        ctx.addIssue({ code: 'custom', path: ['due_day'], message: text.invalid });
      }
    });
}

/** The contract's grade body, plus the upper bound only the assignment knows (the server checks the same). */
export function gradeFormSchema(maxPoints: number) {
  return GradeSubmissionRequest.omit({ submission_id: true }).superRefine((v, ctx) => {
    const problem = gradeProblem(v.grade, maxPoints);
    if (problem) ctx.addIssue({ code: 'custom', path: ['grade'], message: problem });
  });
}

/** File links as typed: one per line, blank lines ignored. */
export const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The contract's submit body; file links are typed one per line and checked by the contract's own list rule. */
export function submissionFormSchema(tooMany: string) {
  return z
    .object({
      submission_text: AssignmentSubmitRequest.shape.submission_text,
      file_links: z.string(),
    })
    .superRefine((v, ctx) => {
      const links = linesOf(v.file_links);
      if (links.length > SUBMISSION_FILES_MAX) {
        ctx.addIssue({ code: 'custom', path: ['file_links'], message: tooMany });
        return;
      }
      const checked = AssignmentSubmitRequest.shape.submission_files.safeParse(links);
      if (!checked.success) ctx.addIssue({ code: 'custom', path: ['file_links'], message: checked.error.issues[0]?.message ?? tooMany });
    });
}
