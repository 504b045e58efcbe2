import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'LearnHub';
const PERIOD = 30;
const WINDOW = 1;

function totp(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, label: string): string {
  return totp(secretBase32, label).toString();
}

/**
 * Accepts a code of the current time step or one step either side, once: the answer
 * is the step the code belongs to (store it), or null when the code is wrong or that
 * step (or a later one) was already used.
 */
export function acceptTotp(secretBase32: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  const delta = totp(secretBase32, TOTP_ISSUER).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
