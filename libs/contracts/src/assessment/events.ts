import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { ASSESSMENT_KINDS, QuizResultSchema } from './schemas.js';

const service = 'assessment' as const;

export const assessmentEvents = {
  attemptSubmitted: defineEvent({
    name: 'assessment.attempt.submitted',
    service,
    summary: 'A quiz, exam or mock-test attempt was submitted and graded on the server (once per session)',
    // the graded result's own fields, plus who and when: one definition of each field
    schema: QuizResultSchema.pick({
      attempt_id: true,
      session_id: true,
      quiz_id: true,
      quiz_title: true,
      kind: true,
      score: true,
      passed: true,
      correct_answers: true,
      total_questions: true,
      time_taken_minutes: true,
      time_exceeded: true,
      needs_manual_grading: true,
      attempt_number: true,
    }).extend({ v: z.literal(1), course_id: z.string().nullable(), user_id: z.string(), submitted_at: z.string() }),
  }),
  attemptReviewed: defineEvent({
    name: 'assessment.attempt.reviewed',
    service,
    summary: 'The author graded (or re-graded) essays of an attempt: its new score and standing',
    schema: QuizResultSchema.pick({
      attempt_id: true,
      quiz_id: true,
      score: true,
      passed: true,
      needs_manual_grading: true,
      time_taken_minutes: true,
      submitted_at: true,
    }).extend({
      v: z.literal(1),
      course_id: z.string().nullable(),
      user_id: z.string(),
      reviewed_by: z.string(),
      /** ordering of reviews of the same attempt: a read model keeps the newest */
      reviewed_at: z.string(),
    }),
  }),
  quizSaved: defineEvent({
    name: 'assessment.quiz.saved',
    service,
    summary: 'An assessment was created or edited (catalog keeps quiz titles, counts and course links for its analytics and progress)',
    schema: z.object({
      v: z.literal(1),
      quiz_id: z.string(),
      title: z.string(),
      kind: z.enum(ASSESSMENT_KINDS),
      course_id: z.string().nullable(),
      created_by: z.string(),
      question_count: z.number().int(),
      total_points: z.number(),
      passing_score: z.number(),
      is_published: z.boolean(),
      /** ordering of saves of the same quiz: the read model keeps the newest */
      updated_at: z.string(),
    }),
  }),
  quizDeleted: defineEvent({
    name: 'assessment.quiz.deleted',
    service,
    summary: 'An assessment was deleted with its attempts',
    schema: z.object({ v: z.literal(1), quiz_id: z.string(), course_id: z.string().nullable(), deleted_at: z.string() }),
  }),
  quizPassed: defineEvent({
    name: 'assessment.quiz.passed',
    service,
    summary: 'A learner passed an assessment for the first time (gamification awards XP once)',
    schema: z.object({
      v: z.literal(1),
      attempt_id: z.string(),
      quiz_id: z.string(),
      quiz_title: z.string(),
      kind: z.enum(ASSESSMENT_KINDS),
      course_id: z.string().nullable(),
      user_id: z.string(),
      score: z.number(),
      passed_at: z.string(),
    }),
  }),
  assignmentDueSoon: defineEvent({
    name: 'assessment.assignment.due-soon',
    service,
    summary:
      "A published assignment's due date is less than ASSIGNMENT_DUE_NOTICE_MS away and this enrolled learner has not submitted: one per learner and due date (a moved due date is told again)",
    schema: z.object({
      v: z.literal(1),
      assignment_id: z.string(),
      assignment_title: z.string(),
      course_id: z.string(),
      course_title: z.string().nullable(),
      user_id: z.string(),
      due_date: z.string(),
    }),
  }),
  submissionGraded: defineEvent({
    name: 'assessment.submission.graded',
    service,
    summary: 'An assignment submission was graded or re-graded',
    schema: z.object({
      v: z.literal(1),
      submission_id: z.string(),
      assignment_id: z.string(),
      assignment_title: z.string(),
      course_id: z.string(),
      user_id: z.string(),
      /** after the late penalty */
      grade: z.number(),
      raw_grade: z.number(),
      max_points: z.number(),
      percentage: z.number(),
      is_late: z.boolean(),
      regraded: z.boolean(),
      graded_by: z.string(),
      graded_at: z.string(),
    }),
  }),
} as const;

/** How long before an assignment's due date its learners who have not submitted are told (assessment's deadline sweep). */
export const ASSIGNMENT_DUE_NOTICE_MS = 24 * 60 * 60 * 1000;
