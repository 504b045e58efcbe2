import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '@lp/contracts';
import { identityErrors } from '../../common/identity-errors.js';

export type OtpOutcome = 'ok' | 'missing' | 'used' | 'expired' | 'exhausted' | 'mismatch';

export interface OtpRecord {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  consumedAt: Date | null;
}

export function generateOtpCode(random: (max: number) => number = randomInt): string {
  return String(random(1_000_000)).padStart(6, '0');
}

/** Keyed hash: a stolen table does not give away a six-digit code without the server secret. */
export function hashOtp(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

/** Decides one attempt. A wrong code counts; after `maxAttempts` wrong codes the code is dead. */
export function checkOtp(record: OtpRecord | null, candidateHash: string, now: Date, maxAttempts: number): OtpOutcome {
  if (!record) return 'missing';
  if (record.consumedAt) return 'used';
  if (record.attempts >= maxAttempts) return 'exhausted';
  if (now.getTime() >= record.expiresAt.getTime()) return 'expired';
  const a = Buffer.from(record.codeHash, 'hex');
  const b = Buffer.from(candidateHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'mismatch';
}

export function otpError(outcome: Exclude<OtpOutcome, 'ok'>): AppError {
  switch (outcome) {
    case 'expired':
      return identityErrors.otpExpired();
    case 'exhausted':
      return identityErrors.otpAttemptsExceeded();
    case 'missing':
    case 'used':
    case 'mismatch':
      return identityErrors.invalidOtp();
  }
}
