import { describe, expect, it } from '@jest/globals';
import { BaseEnvSchema, parseEnv } from '@lp/service-kit';
import { IdentityEnvSchema, googleProviderOf, type IdentityEnv } from './identity-env.js';

const load = (source: Record<string, string>): IdentityEnv => ({
  ...parseEnv(BaseEnvSchema, source),
  ...parseEnv(IdentityEnvSchema, source),
});

describe('identity env', () => {
  it('defaults to the contract constants', () => {
    const env = load({});
    expect(env.OTP_TTL_SECONDS).toBe(300);
    expect(env.OTP_MAX_ATTEMPTS).toBe(5);
    expect(env.TELEGRAM_LINK_CODE_TTL_SECONDS).toBe(300);
    expect(env.DEV_PROVIDER_SESSION_TTL_SECONDS).toBe(600);
    expect(env.EXPORT_TIMEOUT_MS).toBe(60_000);
  });

  it('uses the development sign-in provider outside production only, unless told', () => {
    expect(googleProviderOf(load({}))).toBe('dev');
    expect(googleProviderOf(load({ NODE_ENV: 'test' }))).toBe('dev');
    expect(googleProviderOf(load({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-length' }))).toBe('none');
    expect(googleProviderOf(load({ GOOGLE_PROVIDER: 'none' }))).toBe('none');
    expect(googleProviderOf(load({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-length', GOOGLE_PROVIDER: 'dev' }))).toBe(
      'dev',
    );
  });

  it('lists every bad key', () => {
    expect(() => load({ OTP_TTL_SECONDS: '0', GOOGLE_PROVIDER: 'facebook' })).toThrow(
      /OTP_TTL_SECONDS[\s\S]*GOOGLE_PROVIDER|GOOGLE_PROVIDER[\s\S]*OTP_TTL_SECONDS/,
    );
  });
});
