import { AppError, CommonErrorCode, IdentityErrorCode } from '@lp/contracts';

/** Every error identity answers with on purpose; its codes are declared in @lp/contracts (IdentityErrorCode). */
export const identityErrors = {
  emailTaken: () =>
    AppError.conflict(IdentityErrorCode.EMAIL_TAKEN, 'An account with this email already exists', [
      { path: 'email', message: 'This email is already registered' },
    ]),
  phoneTaken: () =>
    AppError.conflict(IdentityErrorCode.PHONE_TAKEN, 'An account with this phone number already exists', [
      { path: 'phone', message: 'This phone number is already registered' },
    ]),
  invalidCredentials: () => AppError.unauthenticated('Invalid email or password', IdentityErrorCode.INVALID_CREDENTIALS),
  pendingDeletion: () => AppError.unauthenticated('This account is scheduled for deletion', IdentityErrorCode.ACCOUNT_PENDING_DELETION),
  accountGone: () => AppError.unauthenticated('This account no longer exists', CommonErrorCode.UNAUTHENTICATED),
  twoFactorRequired: () => AppError.unauthenticated('Enter the code from your authenticator app', IdentityErrorCode.TWO_FACTOR_REQUIRED),
  invalidTotp: () => AppError.unauthenticated('The authenticator code is not valid', IdentityErrorCode.INVALID_TOTP),
  invalidTotpSetup: () =>
    AppError.badRequest(IdentityErrorCode.INVALID_TOTP, 'The authenticator code is not valid', [
      { path: 'code', message: 'The code is not valid' },
    ]),
  twoFactorNotStarted: () => AppError.rule(IdentityErrorCode.TWO_FACTOR_NOT_STARTED, 'Start two-factor setup before confirming it'),
  invalidCurrentPassword: () =>
    AppError.badRequest(IdentityErrorCode.INVALID_CURRENT_PASSWORD, 'Current password is incorrect', [
      { path: 'current_password', message: 'Current password is incorrect' },
    ]),
  phoneNotRegistered: () => AppError.notFound('No account uses this phone number', IdentityErrorCode.PHONE_NOT_REGISTERED),
  otpRequired: () =>
    AppError.validation(
      [{ path: 'otp', message: 'Enter the code sent to your phone' }],
      'Verify the phone number with the code sent to it',
    ),
  invalidOtp: () => AppError.unauthenticated('The code is not valid', IdentityErrorCode.INVALID_OTP),
  otpExpired: () => AppError.unauthenticated('The code has expired. Request a new one.', IdentityErrorCode.OTP_EXPIRED),
  otpAttemptsExceeded: () =>
    new AppError(429, IdentityErrorCode.OTP_ATTEMPTS_EXCEEDED, 'Too many wrong codes for this phone. Please try again in an hour.'),
  otpSendLimit: () =>
    new AppError(429, IdentityErrorCode.OTP_SEND_LIMIT, 'Too many codes were sent to this phone. Please try again in an hour.'),
  signInLocked: (minutes: number) =>
    new AppError(
      429,
      IdentityErrorCode.SIGN_IN_LOCKED,
      `Too many failed sign-ins for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    ),
  currentPasswordRequired: () =>
    AppError.validation(
      [{ path: 'current_password', message: 'Enter your current password to change your e-mail' }],
      'Enter your current password to change your e-mail',
    ),
  emailChangeNeedsPassword: () =>
    AppError.rule(
      IdentityErrorCode.EMAIL_CHANGE_NEEDS_PASSWORD,
      'This account signs in without a password, so its e-mail cannot be changed here',
    ),
  invalidExternalSession: () =>
    AppError.unauthenticated('The sign-in session is invalid or has expired', IdentityErrorCode.INVALID_SESSION),
  devProviderDisabled: () => AppError.notFound('The development sign-in provider is disabled', CommonErrorCode.NOT_FOUND),
  noPortalAccess: () => AppError.forbidden('You do not have access to this portal', IdentityErrorCode.NO_PORTAL_ACCESS),
  notInstitutionAdmin: () =>
    AppError.forbidden('Only an administrator of this institution can grant access', IdentityErrorCode.NOT_INSTITUTION_ADMIN),
  userNotFound: () => AppError.notFound('User not found', IdentityErrorCode.USER_NOT_FOUND),
  adminNotDeletable: () => AppError.rule(IdentityErrorCode.ADMIN_NOT_DELETABLE, 'An admin account cannot be deleted'),
  notLinked: () => AppError.notFound('No Telegram account is linked', IdentityErrorCode.NOT_LINKED),
  invalidLinkCode: () => AppError.notFound('Unknown link code', IdentityErrorCode.INVALID_LINK_CODE),
  linkCodeExpired: () => AppError.rule(IdentityErrorCode.LINK_CODE_EXPIRED, 'The link code has expired. Generate a new one.'),
  linkCodeUsed: () => AppError.rule(IdentityErrorCode.LINK_CODE_USED, 'The link code was already used'),
  telegramTaken: () => AppError.conflict(IdentityErrorCode.TELEGRAM_ALREADY_LINKED, 'This Telegram account is linked to another user'),
  accountLinkedElsewhere: () =>
    AppError.conflict(IdentityErrorCode.ACCOUNT_ALREADY_LINKED, 'This account is linked to another Telegram account already'),
  exportFailed: () => new AppError(503, IdentityErrorCode.EXPORT_FAILED, 'We could not gather your data. Please try again.'),
} as const;
