import { pino, type Logger } from 'pino';

/** pino JSON logs with the app's name on every line; secrets are redacted; pretty only in development on a terminal. */
export function createLogger(service: string, level: string, nodeEnv: string): Logger {
  const pretty = nodeEnv === 'development' && process.stdout.isTTY;
  return pino({
    level,
    base: { service },
    redact: {
      paths: ['password', 'new_password', 'current_password', 'token', 'access_token', '*.password', '*.token', 'req.headers.authorization', 'headers.authorization'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  });
}
export type { Logger };
