import { describe, expect, it } from '@jest/globals';
import { DEV_CALLER_KEYS } from '@lp/service-kit';
import { callerSigningKey, loadGatewayEnv } from './gateway-env.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vd0s9LxkP2mZr4TtW8yB1nC6hJ3eFgA5uK',
  CALLER_VERIFY_KEY: 'MCowBQYDK2VwAyEAbXv7o1k0h9pRrJmB4yK3oE2YV0m1k9Kq7jv9X7fM1nQ=',
  NATS_USER: 'gateway',
  NATS_PASSWORD: 'Zr8wQ2nV5xT1yL6p',
  REDIS_URL: 'redis://:Hk3Lw9Pq2Vn7Xb4T@redis:6379',
  POSTGRES_URL: 'postgres://gateway:Gm5Rt8Ys2Lp6Qw9Z@postgres:5432',
};

describe('gateway env', () => {
  it('refuses to start in production without a caller-signing key of its own', () => {
    expect(() => loadGatewayEnv(PRODUCTION)).toThrow(/CALLER_SIGNING_KEY/);
    expect(() => loadGatewayEnv({ ...PRODUCTION, CALLER_SIGNING_KEY: DEV_CALLER_KEYS.privateKey })).toThrow(/CALLER_SIGNING_KEY/);
    expect(callerSigningKey(loadGatewayEnv({ ...PRODUCTION, CALLER_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEIK' }))).toBe(
      'MC4CAQAwBQYDK2VwBCIEIK',
    );
  });

  it('signs with the published development key only in development and tests', () => {
    expect(callerSigningKey(loadGatewayEnv({ NODE_ENV: 'test' }))).toBe(DEV_CALLER_KEYS.privateKey);
  });

  it('listens on this machine only in development unless HOST says otherwise, on every interface in production', () => {
    expect(loadGatewayEnv({ NODE_ENV: 'development', HOST: undefined }).HOST).toBe('127.0.0.1');
    expect(loadGatewayEnv({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadGatewayEnv({ ...PRODUCTION, CALLER_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEIK', HOST: undefined }).HOST).toBe('0.0.0.0');
  });
});
