import { AppError, AssessmentErrorCode } from '@lp/contracts';

/** Every error assessment answers with on purpose; its codes are declared in @lp/contracts (AssessmentErrorCode). */
export const assessmentErrors = {
  quizNotFound: () => AppError.notFound('Quiz not found', AssessmentErrorCode.QUIZ_NOT_FOUND),
  courseNotFound: () => AppError.notFound('Course not found', AssessmentErrorCode.COURSE_NOT_FOUND),
  sessionNotFound: () => AppError.notFound('Test session not found', AssessmentErrorCode.SESSION_NOT_FOUND),
  assignmentNotFound: () => AppError.notFound('Assignment not found', AssessmentErrorCode.ASSIGNMENT_NOT_FOUND),
  submissionNotFound: () => AppError.notFound('Submission not found', AssessmentErrorCode.SUBMISSION_NOT_FOUND),
  notQuizAuthor: () => AppError.forbidden('Only the author of this assessment can do this', AssessmentErrorCode.NOT_QUIZ_AUTHOR),
  notCourseOwner: () => AppError.forbidden("Only the course's instructor can do this", AssessmentErrorCode.NOT_COURSE_OWNER),
  notSessionOwner: () => AppError.forbidden('This test session is not yours', AssessmentErrorCode.NOT_SESSION_OWNER),
  notEnrolled: () => AppError.forbidden('Enroll in this course to continue', AssessmentErrorCode.NOT_ENROLLED),
  assessmentLocked: () =>
    AppError.forbidden(
      'Complete the course to unlock this assessment: assessments open at 100% completion',
      AssessmentErrorCode.ASSESSMENT_LOCKED,
    ),
  noQuestions: () => AppError.rule(AssessmentErrorCode.QUIZ_HAS_NO_QUESTIONS, 'This quiz has no questions'),
  attemptsExhausted: () => AppError.rule(AssessmentErrorCode.ATTEMPTS_EXHAUSTED, 'You have used all attempts of this quiz'),
  attemptNotFound: () => AppError.notFound('Attempt not found', AssessmentErrorCode.ATTEMPT_NOT_FOUND),
  tooManyQuestions: (max: number) => AppError.rule(AssessmentErrorCode.TOO_MANY_QUESTIONS, `An assessment has at most ${max} questions`),
  sessionExpired: () =>
    AppError.rule(AssessmentErrorCode.SESSION_TIME_UP, 'Time is up for this test session: submit it to see your result'),
  sessionClosed: () => AppError.conflict(AssessmentErrorCode.SESSION_SUBMITTED, 'This test session was already submitted'),
  alreadyGraded: () => AppError.rule(AssessmentErrorCode.SUBMISSION_GRADED, 'This submission is graded and can no longer be changed'),
  maxPointsBelowGrades: (highest: number) =>
    AppError.rule(
      AssessmentErrorCode.MAX_POINTS_BELOW_GRADES,
      `Submissions are already graded up to ${highest} points: max points cannot be lower`,
    ),
  lateNotAllowed: () =>
    AppError.rule(AssessmentErrorCode.LATE_SUBMISSION_NOT_ALLOWED, 'The due date has passed and late submissions are not accepted'),
  invalidTimeLimit: (message: string) => AppError.validation([{ path: 'time_limit', message }], message),
  invalidGrade: (message: string) => AppError.validation([{ path: 'grade', message }], message),
  /** A body's copy of the path's id (the spec's clients send both) must name the same thing. */
  idMismatch: (field: string) =>
    AppError.validation(
      [{ path: field, message: 'Does not match the address of the request' }],
      `${field} does not match the address of the request`,
    ),
} as const;
