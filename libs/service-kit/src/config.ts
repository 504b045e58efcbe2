import { z } from 'zod';

const DEV_JWT_SECRET = 'development-only-secret-change-me';

/** Settings every app shares; parsed once at boot, failing with every bad key listed. */
export const BaseEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** the PostgreSQL server; each service appends its own database name */
    POSTGRES_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432'),
    /** prefix of every service database name (tests use a throwaway one) */
    DB_PREFIX: z.string().regex(/^[a-z0-9_]*$/).default('lp_'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    /** isolates NATS subjects, streams, Redis keys and queues of one test run */
    BUS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]*\.?$/).default(''),
    JWT_SECRET: z.string().min(16).default(DEV_JWT_SECRET),
    STORAGE_DIR: z.string().default('.data/storage'),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  })
  .refine((e) => e.NODE_ENV !== 'production' || e.JWT_SECRET !== DEV_JWT_SECRET, {
    message: 'JWT_SECRET must be set in production',
    path: ['JWT_SECRET'],
  });
export type BaseEnv = z.infer<typeof BaseEnvSchema>;

export function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined> = process.env): z.infer<S> {
  const r = schema.safeParse(source);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return r.data;
}

export const databaseName = (env: Pick<BaseEnv, 'DB_PREFIX'>, service: string): string => `${env.DB_PREFIX}${service}`;
