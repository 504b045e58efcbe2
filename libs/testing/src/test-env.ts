import { randomBytes } from 'node:crypto';

/**
 * Settings for one test run: throwaway database names and a NATS/Redis prefix of
 * its own, so tests never touch what `npm start` uses and can run beside it.
 * POSTGRES_URL, NATS_URL and REDIS_URL come from the environment when given
 * (CI, testcontainers), else the services on localhost.
 */
export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  const id = randomBytes(4).toString('hex');
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    POSTGRES_URL: process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DB_PREFIX: `t${id}_`,
    BUS_PREFIX: `t${id}.`,
    JWT_SECRET: `test-secret-${id}-0123456789`,
    STORAGE_DIR: `/tmp/lp-test-storage-${id}`,
    ...extra,
  };
}
