import { pino, type Logger } from 'pino';
import { currentContext } from '@lp/bus';

/**
 * Fields that hold a secret wherever they appear in a log line, at the top and two levels
 * down (a request body, an error's details). `code` alone is not on the list (error codes are
 * what a log is for): one-time codes are logged as `smsCode`, or sit in a `body`.
 */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'current_password',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'session_token',
  'session_id',
  'link',
  'otp',
  'smsCode',
  'totp_code',
  'secret',
  'totpSecret',
  'totpPendingSecret',
  'otpauth_url',
  'qr_code',
  'authorization',
  'cookie',
  'set-cookie',
  'x-caller',
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [`["${f}"]`, `*["${f}"]`, `*.*["${f}"]`]),
  'body.code',
  '*.body.code',
  'input.body.code',
];

/** The request a line was written for, from the request context: no code passes it to a logger by hand. */
function contextFields(): Record<string, string> {
  const ctx = currentContext();
  if (!ctx) return {};
  return ctx.caller ? { requestId: ctx.requestId, userId: ctx.caller.userId } : { requestId: ctx.requestId };
}

/**
 * pino JSON logs with the app's name on every line, and the request id and user of the work in
 * progress; secrets are redacted; pretty only in development on a terminal.
 */
export function createLogger(service: string, level: string, nodeEnv: string, destination?: pino.DestinationStream): Logger {
  const pretty = !destination && nodeEnv === 'development' && process.stdout.isTTY;
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    mixin: contextFields,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
