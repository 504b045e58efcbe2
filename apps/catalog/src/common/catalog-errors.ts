import { AppError, CatalogErrorCode, CommonErrorCode, type FieldError } from '@lp/contracts';

const MB = 1024 * 1024;

/** Every error catalog answers with on purpose; its codes are declared in @lp/contracts (CatalogErrorCode). */
export const catalogErrors = {
  courseNotFound: () => AppError.notFound('Course not found', CatalogErrorCode.COURSE_NOT_FOUND),
  lessonNotFound: () => AppError.notFound('Lesson not found', CatalogErrorCode.LESSON_NOT_FOUND),
  contentItemNotFound: () => AppError.notFound('Content item not found', CatalogErrorCode.CONTENT_ITEM_NOT_FOUND),
  enrollmentNotFound: () => AppError.notFound('Enrollment not found', CatalogErrorCode.ENROLLMENT_NOT_FOUND),
  messageNotFound: () => AppError.notFound('Message not found', CatalogErrorCode.MESSAGE_NOT_FOUND),
  resourceNotFound: () => AppError.notFound('Resource not found', CatalogErrorCode.RESOURCE_NOT_FOUND),
  certificateNotFound: () => AppError.notFound('No certificate has this verification code', CatalogErrorCode.CERTIFICATE_NOT_FOUND),
  fileNotFound: () => AppError.notFound('This item has no file', CatalogErrorCode.FILE_NOT_FOUND),
  coverNotFound: () => AppError.notFound('This course has no cover image', CatalogErrorCode.FILE_NOT_FOUND),
  studentNotFound: () => AppError.notFound('This learner is not enrolled in your courses', CatalogErrorCode.STUDENT_NOT_FOUND),
  notCourseOwner: () => AppError.forbidden("Only the course's instructor can do this", CatalogErrorCode.NOT_COURSE_OWNER),
  notEnrolled: () => AppError.forbidden('Enroll in this course to continue', CatalogErrorCode.NOT_ENROLLED),
  lessonLocked: () => AppError.forbidden('Enroll in this course to open this lesson', CatalogErrorCode.LESSON_LOCKED),
  notMessageRecipient: () => AppError.forbidden('Only the recipient can mark a message read', CatalogErrorCode.NOT_MESSAGE_RECIPIENT),
  alreadyEnrolled: () => AppError.conflict(CatalogErrorCode.ALREADY_ENROLLED, 'You are already enrolled in this course'),
  alreadyReviewed: () => AppError.conflict(CatalogErrorCode.ALREADY_REVIEWED, 'You have already reviewed this course'),
  paymentRequired: () =>
    new AppError(402, CatalogErrorCode.PAYMENT_REQUIRED, 'Payment required: complete the payment for this course, then enroll'),
  ownCourse: () => AppError.rule(CatalogErrorCode.OWN_COURSE, 'You teach this course: instructors do not enroll in their own courses'),
  courseNotCompleted: () => AppError.rule(CatalogErrorCode.COURSE_NOT_COMPLETED, 'Complete the whole course to get your certificate'),
  courseLimitReached: (max: number) =>
    AppError.rule(
      CatalogErrorCode.COURSE_LIMIT_REACHED,
      `Your plan allows ${max} ${max === 1 ? 'course' : 'courses'}. Upgrade your plan to create more.`,
    ),
  certificatePending: () =>
    new AppError(503, CatalogErrorCode.CERTIFICATE_PENDING, 'Your certificate is being prepared. Please try again in a moment.'),
  fieldRequired: (path: string, message: string) => AppError.validation([{ path, message }], message),
  emptyFile: (path = 'file') => AppError.validation([{ path, message: 'The file is empty' }], 'The file is empty'),
  fileTooLarge: (label: string, limitBytes: number, path = 'file') =>
    new AppError(413, CommonErrorCode.FILE_TOO_LARGE, `${label} files can be at most ${Math.round(limitBytes / MB)} MB`, [
      { path, message: 'File too large' },
    ] satisfies FieldError[]),
  wrongFileType: (expected: string, path = 'file') =>
    new AppError(415, CatalogErrorCode.UNSUPPORTED_FILE_TYPE, `The file is not ${expected}`, [{ path, message: `Choose ${expected}` }]),
  /** the bytes say JPEG, PNG or WebP, but the image cannot be decoded (cut short, corrupt, too many pixels) */
  unreadableImage: (path = 'file') =>
    new AppError(415, CatalogErrorCode.UNSUPPORTED_FILE_TYPE, 'The image could not be read. Choose another JPEG, PNG or WebP image.', [
      { path, message: 'The image could not be read' },
    ]),
  uploadMissing: (path = 'file') =>
    AppError.validation([{ path, message: 'The uploaded file is missing; upload it again' }], 'The uploaded file is missing'),
} as const;
