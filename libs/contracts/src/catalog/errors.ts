import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code catalog answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const CatalogErrorCode = errorCodes(
  'COURSE_NOT_FOUND',
  'LESSON_NOT_FOUND',
  'CONTENT_ITEM_NOT_FOUND',
  'ENROLLMENT_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'RESOURCE_NOT_FOUND',
  'CERTIFICATE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'STUDENT_NOT_FOUND',
  'NOT_COURSE_OWNER',
  'NOT_ENROLLED',
  'LESSON_LOCKED',
  'NOT_MESSAGE_RECIPIENT',
  'ALREADY_ENROLLED',
  'ALREADY_REVIEWED',
  'PAYMENT_REQUIRED',
  'OWN_COURSE',
  'COURSE_NOT_COMPLETED',
  'CERTIFICATE_PENDING',
  'UNSUPPORTED_FILE_TYPE',
  'COURSE_LIMIT_REACHED',
  'LESSON_ORDER_MISMATCH',
);
export type CatalogErrorCode = ErrorCodeOf<typeof CatalogErrorCode>;
