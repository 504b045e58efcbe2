import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code mentoring answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const MentoringErrorCode = errorCodes('MENTOR_NOT_FOUND', 'SLOTS_OVERLAP', 'TIME_OFF_NOT_FOUND');
export type MentoringErrorCode = ErrorCodeOf<typeof MentoringErrorCode>;
