import { pino, type Logger } from 'pino';

/**
 * Fields that hold a secret wherever they appear in a log line, at the top and two levels
 * down (a request body, an error's details). `code` alone is not on the list (error codes are
 * what a log is for): one-time codes are logged as `smsCode`, or sit in a `body`.
 */
const SECRET_FIELDS = [
  'password', 'new_password', 'current_password', 'passwordHash',
  'token', 'access_token', 'refresh_token', 'session_token', 'session_id', 'link',
  'otp', 'smsCode', 'totp_code', 'secret', 'totpSecret', 'totpPendingSecret', 'otpauth_url', 'qr_code',
  'authorization', 'cookie', 'set-cookie', 'x-caller',
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [`["${f}"]`, `*["${f}"]`, `*.*["${f}"]`]),
  'body.code', '*.body.code', 'input.body.code',
];

/** pino JSON logs with the app's name on every line; secrets are redacted; pretty only in development on a terminal. */
export function createLogger(service: string, level: string, nodeEnv: string): Logger {
  const pretty = nodeEnv === 'development' && process.stdout.isTTY;
  return pino({
    level,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  });
}
export type { Logger };
