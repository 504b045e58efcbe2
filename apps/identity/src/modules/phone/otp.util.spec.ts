import { describe, expect, it } from '@jest/globals';
import { checkOtp, generateOtpCode, hashOtp, otpError, type OtpRecord } from './otp.util.js';

const secret = 'unit-test-secret-0123456789';
const phone = '+251911234567';
const now = new Date('2026-01-01T10:00:00Z');
const record = (over: Partial<OtpRecord> = {}): OtpRecord => ({
  codeHash: hashOtp(secret, phone, '123456'),
  expiresAt: new Date(now.getTime() + 60_000),
  attempts: 0,
  consumedAt: null,
  ...over,
});

describe('generateOtpCode', () => {
  it('always has six digits, zero-padded', () => {
    expect(generateOtpCode(() => 42)).toBe('000042');
    expect(generateOtpCode(() => 999_999)).toBe('999999');
    for (let i = 0; i < 200; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });
});

describe('hashOtp', () => {
  it('depends on the secret, the phone and the code, and never contains the code', () => {
    const h = hashOtp(secret, phone, '123456');
    expect(h).not.toContain('123456');
    expect(hashOtp(secret, phone, '123456')).toBe(h);
    expect(hashOtp('another-secret-0123456789', phone, '123456')).not.toBe(h);
    expect(hashOtp(secret, '+251911000000', '123456')).not.toBe(h);
    expect(hashOtp(secret, phone, '123457')).not.toBe(h);
  });
});

describe('checkOtp', () => {
  const right = hashOtp(secret, phone, '123456');
  const wrong = hashOtp(secret, phone, '654321');

  it('accepts the right code before it expires', () => {
    expect(checkOtp(record(), right, now, 5)).toBe('ok');
  });
  it('refuses a wrong code', () => {
    expect(checkOtp(record(), wrong, now, 5)).toBe('mismatch');
  });
  it('refuses when no code was sent', () => {
    expect(checkOtp(null, right, now, 5)).toBe('missing');
  });
  it('refuses an expired code, from the expiry instant on', () => {
    expect(checkOtp(record({ expiresAt: now }), right, now, 5)).toBe('expired');
    expect(checkOtp(record({ expiresAt: new Date(now.getTime() - 1) }), right, now, 5)).toBe('expired');
  });
  it('refuses a code used once already (replay)', () => {
    expect(checkOtp(record({ consumedAt: now }), right, now, 5)).toBe('used');
  });
  it('kills the code after the maximum number of wrong tries, even for the right code', () => {
    expect(checkOtp(record({ attempts: 4 }), right, now, 5)).toBe('ok');
    expect(checkOtp(record({ attempts: 5 }), right, now, 5)).toBe('exhausted');
  });
});

describe('otpError', () => {
  it('maps outcomes to statuses and codes', () => {
    expect(otpError('mismatch')).toMatchObject({ status: 401, code: 'INVALID_OTP' });
    expect(otpError('used')).toMatchObject({ status: 401, code: 'INVALID_OTP' });
    expect(otpError('missing')).toMatchObject({ status: 401, code: 'INVALID_OTP' });
    expect(otpError('expired')).toMatchObject({ status: 401, code: 'OTP_EXPIRED' });
    expect(otpError('exhausted')).toMatchObject({ status: 429, code: 'OTP_ATTEMPTS_EXCEEDED' });
  });
});
