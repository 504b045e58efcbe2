import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code mentoring answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const MentoringErrorCode = errorCodes(
  'MENTOR_NOT_FOUND',
  'SLOTS_OVERLAP',
  'TIME_OFF_NOT_FOUND',
  'NOT_ACCEPTING_BOOKINGS',
  'OUTSIDE_AVAILABILITY',
  'SLOT_TAKEN',
  'TOO_SOON',
  'SESSION_NOT_FOUND',
  'SESSION_NOT_CANCELLABLE',
  'SESSION_NOT_RATABLE',
  'NOT_YET_STARTED',
  'SESSION_NOT_COMPLETED',
  'NOTES_NOT_FOUND',
  'NOT_YOUR_MENTEE',
  'RESOURCE_NOT_FOUND',
);
export type MentoringErrorCode = ErrorCodeOf<typeof MentoringErrorCode>;
