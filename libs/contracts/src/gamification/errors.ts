import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/**
 * Every code gamification answers with on purpose, besides the common ones; UPPER_SNAKE and
 * stable. Codes share one namespace across the platform (the SPA's texts are keyed by code).
 */
export const GamificationErrorCode = errorCodes(
  'REFERRAL_CODE_UNAVAILABLE',
  'NOTIFICATION_NOT_FOUND',
  'PUSH_UNAVAILABLE',
  'INVALID_UNSUBSCRIBE_LINK',
);
export type GamificationErrorCode = ErrorCodeOf<typeof GamificationErrorCode>;
