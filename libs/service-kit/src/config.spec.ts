import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { BaseEnvSchema, callerVerifyKey, developmentOnly, isWeakSecret, parseEnv } from './config.js';
import { DEV_CALLER_KEYS } from './dev-keys.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vd0s9LxkP2mZr4TtW8yB1nC6hJ3eFgA5uK',
  CALLER_VERIFY_KEY: 'MCowBQYDK2VwAyEAbXv7o1k0h9pRrJmB4yK3oE2YV0m1k9Kq7jv9X7fM1nQ=',
  NATS_USER: 'catalog',
  NATS_PASSWORD: 'Zr8wQ2nV5xT1yL6p',
  REDIS_URL: 'redis://:Hk3Lw9Pq2Vn7Xb4T@redis:6379',
  POSTGRES_URL: 'postgres://lp_catalog_svc:Gm5Rt8Ys2Lp6Qw9Z@postgres:5432',
};
const refusal = (source: Record<string, string>): string => {
  try {
    parseEnv(BaseEnvSchema, source);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('safe defaults', () => {
  it('a process started without NODE_ENV is production and refuses to start without its secrets, listing each', () => {
    const msg = refusal({});
    for (const key of ['JWT_SECRET', 'CALLER_VERIFY_KEY', 'NATS_USER', 'NATS_PASSWORD', 'REDIS_URL']) expect(msg).toContain(key);
  });

  it('starts in production with real secrets', () => {
    expect(refusal(PRODUCTION)).toBe('');
  });

  it('refuses a short, placeholder or published JWT secret, including the compose and k8s placeholders', () => {
    // compose has no fallback value any more (`${JWT_SECRET:?...}`): it will not start without one
    expect(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
    const k8s = [...readFileSync(join(ROOT, 'k8s', 'base', 'secret.yaml'), 'utf8').matchAll(/^\s+(\w+): (\S+)$/gm)].map((m) => m[2]!);
    expect(k8s.length).toBeGreaterThan(3);
    for (const placeholder of k8s) expect(isWeakSecret(placeholder)).toBe(true);
    for (const bad of [
      'short-secret',
      'development-only-secret-change-me',
      'compose-local-only-secret-change-me',
      'x'.repeat(10) + 'CHANGE_ME' + 'y'.repeat(30),
    ]) {
      expect(refusal({ ...PRODUCTION, JWT_SECRET: bad })).toContain('JWT_SECRET');
    }
  });

  it('refuses the published development caller key, Redis without a password and a placeholder NATS password', () => {
    expect(refusal({ ...PRODUCTION, CALLER_VERIFY_KEY: DEV_CALLER_KEYS.publicKey })).toContain('CALLER_VERIFY_KEY');
    expect(refusal({ ...PRODUCTION, REDIS_URL: 'redis://redis:6379' })).toContain('REDIS_URL');
    expect(refusal({ ...PRODUCTION, NATS_PASSWORD: 'REPLACE-ME-nats' })).toContain('NATS_PASSWORD');
  });

  it('development and tests may use the built-in caller key; production must bring its own', () => {
    expect(callerVerifyKey({ NODE_ENV: 'development' })).toBe(DEV_CALLER_KEYS.publicKey);
    expect(callerVerifyKey({ NODE_ENV: 'test', CALLER_VERIFY_KEY: 'abc' })).toBe('abc');
    expect(() => callerVerifyKey({ NODE_ENV: 'production' })).toThrow(/CALLER_VERIFY_KEY/);
    expect(isWeakSecret('aB3'.repeat(12))).toBe(false);
  });
});

describe('development-only providers', () => {
  it('exist when development or tests are named, never in production or when NODE_ENV is unset', () => {
    const seed = ['SeedHandlers'];
    expect(developmentOnly({ NODE_ENV: 'development' }, seed)).toEqual(seed);
    expect(developmentOnly({ NODE_ENV: 'test' }, seed)).toEqual(seed);
    expect(developmentOnly({ NODE_ENV: 'production' }, seed)).toEqual([]);
    const saved = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    try {
      expect(developmentOnly({}, seed)).toEqual([]);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});
