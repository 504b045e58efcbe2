import { describe, expect, it } from '@jest/globals';
import { BaseEnvSchema, parseEnv } from '@lp/service-kit';
import { IdentityEnvSchema, googleProviderOf, smsProviderOf, type IdentityEnv } from './identity-env.js';

const load = (source: Record<string, string>): IdentityEnv => ({
  ...parseEnv(BaseEnvSchema, source),
  ...parseEnv(IdentityEnvSchema, source),
});

/** Every secret production insists on (libs/service-kit config.ts), none of them a placeholder. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vd0s9LxkP2mZr4TtW8yB1nC6hJ3eFgA5uK',
  CALLER_VERIFY_KEY: 'MCowBQYDK2VwAyEAbXv7o1k0h9pRrJmB4yK3oE2YV0m1k9Kq7jv9X7fM1nQ=',
  NATS_USER: 'identity',
  NATS_PASSWORD: 'Zr8wQ2nV5xT1yL6p',
  REDIS_URL: 'redis://:Hk3Lw9Pq2Vn7Xb4T@redis:6379',
  POSTGRES_URL: 'postgres://lp_identity_svc:Gm5Rt8Ys2Lp6Qw9Z@postgres:5432',
  TOTP_ENCRYPTION_KEY: 'u3Jx9mQ1Vb7Lk2Pz8Ye5Rt0Wn4Hs6Gd1Ac3Fq9Ko2Mw=',
};

describe('identity env', () => {
  it('defaults to the contract constants', () => {
    const env = load({ NODE_ENV: 'development' });
    expect(env.OTP_TTL_SECONDS).toBe(300);
    expect(env.OTP_MAX_ATTEMPTS).toBe(5);
    expect(env.TELEGRAM_LINK_CODE_TTL_SECONDS).toBe(300);
    expect(env.EXTERNAL_SESSION_TTL_SECONDS).toBe(600);
  });

  it('uses the development sign-in provider only when development or tests are asked for by name', () => {
    expect(googleProviderOf(load({ NODE_ENV: 'development' }))).toBe('dev');
    expect(googleProviderOf(load({ NODE_ENV: 'test' }))).toBe('dev');
    expect(googleProviderOf(load({ NODE_ENV: 'development', GOOGLE_PROVIDER: 'none' }))).toBe('none');
    expect(googleProviderOf(load(PRODUCTION))).toBe('none');
  });

  it('keeps phone codes to the development SMS provider in development and tests only; production needs a real TOTP key', () => {
    expect(smsProviderOf(load({ NODE_ENV: 'test' }))).toBe('dev');
    expect(smsProviderOf(load(PRODUCTION))).toBe('none');
    expect(() => load({ ...PRODUCTION, SMS_PROVIDER: 'dev' })).toThrow(/SMS_PROVIDER/);
    const { TOTP_ENCRYPTION_KEY: _key, ...withoutKey } = PRODUCTION;
    expect(() => load(withoutKey)).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => load({ ...PRODUCTION, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/TOTP_ENCRYPTION_KEY/);
  });

  it('refuses the development Google provider in production: it signs anybody in as any e-mail', () => {
    expect(() => load({ ...PRODUCTION, GOOGLE_PROVIDER: 'dev' })).toThrow(/GOOGLE_PROVIDER/);
  });

  it('a process started without NODE_ENV is production: it refuses to start without real secrets', () => {
    expect(() => load({})).toThrow(/JWT_SECRET[\s\S]*CALLER_VERIFY_KEY[\s\S]*NATS_USER/);
  });

  it('lists every bad key', () => {
    expect(() => load({ NODE_ENV: 'development', OTP_TTL_SECONDS: '0', GOOGLE_PROVIDER: 'facebook' })).toThrow(
      /OTP_TTL_SECONDS[\s\S]*GOOGLE_PROVIDER|GOOGLE_PROVIDER[\s\S]*OTP_TTL_SECONDS/,
    );
  });
});
