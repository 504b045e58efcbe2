import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code assessment answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const AssessmentErrorCode = errorCodes(
  'QUIZ_NOT_FOUND',
  'COURSE_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'ASSIGNMENT_NOT_FOUND',
  'SUBMISSION_NOT_FOUND',
  'ATTEMPT_NOT_FOUND',
  'NOT_QUIZ_AUTHOR',
  'NOT_COURSE_OWNER',
  'NOT_SESSION_OWNER',
  'NOT_ENROLLED',
  'QUIZ_HAS_NO_QUESTIONS',
  'ATTEMPTS_EXHAUSTED',
  'ASSESSMENT_LOCKED',
  'TOO_MANY_QUESTIONS',
  'SESSION_TIME_UP',
  'SESSION_SUBMITTED',
  'SUBMISSION_GRADED',
  'MAX_POINTS_BELOW_GRADES',
  'LATE_SUBMISSION_NOT_ALLOWED',
);
export type AssessmentErrorCode = ErrorCodeOf<typeof AssessmentErrorCode>;
