import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code identity answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const IdentityErrorCode = errorCodes(
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_PENDING_DELETION',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TOTP',
  'TWO_FACTOR_NOT_STARTED',
  'INVALID_CURRENT_PASSWORD',
  'PHONE_NOT_REGISTERED',
  'INVALID_OTP',
  'OTP_EXPIRED',
  'OTP_ATTEMPTS_EXCEEDED',
  'OTP_SEND_LIMIT',
  'SIGN_IN_LOCKED',
  'EMAIL_CHANGE_NEEDS_PASSWORD',
  'INVALID_SESSION',
  'NO_PORTAL_ACCESS',
  'NOT_INSTITUTION_ADMIN',
  'USER_NOT_FOUND',
  'ADMIN_NOT_DELETABLE',
  'NOT_LINKED',
  'INVALID_LINK_CODE',
  'LINK_CODE_EXPIRED',
  'LINK_CODE_USED',
  'TELEGRAM_ALREADY_LINKED',
  /** the account of a link code is linked to another Telegram account already (unlink first) */
  'ACCOUNT_ALREADY_LINKED',
  'EXPORT_FAILED',
  'REFRESH_TOKEN_REUSED',
  'PROVIDER_NOT_CONFIGURED',
  /** a password-reset link that is unknown, used or expired (besides ROUTES.md) */
  'RESET_LINK_INVALID',
);
export type IdentityErrorCode = ErrorCodeOf<typeof IdentityErrorCode>;
