import { z } from 'zod';
import { DEV_CALLER_KEYS } from './dev-keys.js';

const DEV_JWT_SECRET = 'development-only-secret-change-me';

/**
 * Values that must never protect a real deployment: the built-in development secret and the
 * placeholders shipped in docker-compose.yml and k8s/base/secret.yaml (and anything that
 * reads like one).
 */
const KNOWN_SECRETS = new Set([
  DEV_JWT_SECRET,
  'compose-local-only-secret-change-me',
  'REPLACE-ME-with-a-long-random-secret-at-least-32-chars',
  'learnhub',
]);
const PLACEHOLDER = /replace[-_ ]?me|change[-_ ]?me|placeholder|example|changeit|^secret$|^password$|development-only|local-only/i;

/** True when a secret is missing, short, a placeholder or one the repository publishes. */
export function isWeakSecret(value: string | undefined | null, minLength = 32): boolean {
  if (!value) return true;
  return value.length < minLength || KNOWN_SECRETS.has(value) || PLACEHOLDER.test(value);
}

/** Development conveniences (dev providers, seed subjects, built-in keys) run only when asked for by name. */
export const isDevelopmentLike = (nodeEnv: string): boolean => nodeEnv === 'development' || nodeEnv === 'test';

/**
 * Providers that exist only when development or tests are asked for by name (demo data):
 * in production they are not even constructed. `env` is the app's overrides of process.env.
 */
export function developmentOnly<T>(env: Record<string, string | undefined> | undefined, providers: T[]): T[] {
  return isDevelopmentLike({ ...process.env, ...env }.NODE_ENV ?? 'production') ? providers : [];
}

const passwordOfUrl = (url: string): string | null => {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
};

/**
 * Settings every app shares; parsed once at boot, failing with every bad key listed.
 * NODE_ENV defaults to production: a process started without it gets the strict rules and
 * none of the development providers.
 */
export const BaseEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The PostgreSQL server. Development and tests: an administrator URL; the kit creates the
     * service's own role and database and connects as that role. Production: the service's
     * own role (a password in the URL or in PGPASSWORD); at boot a service refuses a
     * superuser or a role that does not own its database (database.ts assertLeastPrivilege).
     */
    POSTGRES_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432'),
    /** prefix of every service database name (tests use a throwaway one) */
    DB_PREFIX: z
      .string()
      .regex(/^[a-z0-9_]*$/)
      .default('lp_'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    /** this app's NATS user and password (nats-permissions.ts); required outside development */
    NATS_USER: z.string().optional(),
    NATS_PASSWORD: z.string().optional(),
    /** CA certificate to verify a TLS NATS server with (tls:// URLs) */
    NATS_TLS_CA_FILE: z.string().optional(),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    /** isolates NATS subjects, streams, Redis keys and queues of one test run */
    BUS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]*\.?$/)
      .default(''),
    JWT_SECRET: z.string().min(16).default(DEV_JWT_SECRET),
    /** the gateway's public Ed25519 key (base64 SPKI DER) that signed callers are verified with */
    CALLER_VERIFY_KEY: z.string().optional(),
    STORAGE_DIR: z.string().default('.data/storage'),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** production, services with row-level security: the password of lp_<service>_app (ServiceKitOptions.runtimeRole) */
    DB_RUNTIME_PASSWORD: z.string().optional(),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** development only: '1' opens the development doors (dev-doors.ts) to the network, not only to this machine */
    LP_DEV_DOORS: z.enum(['0', '1']).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.NODE_ENV !== 'production') return;
    const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (isWeakSecret(e.JWT_SECRET))
      bad('JWT_SECRET', 'must be set in production to a random value of at least 32 characters (not a placeholder)');
    if (!e.CALLER_VERIFY_KEY || e.CALLER_VERIFY_KEY === DEV_CALLER_KEYS.publicKey) {
      bad('CALLER_VERIFY_KEY', "must be set in production to the public half of the gateway's CALLER_SIGNING_KEY");
    }
    if (!e.NATS_USER) bad('NATS_USER', 'must be set in production (each app has its own NATS user)');
    if (isWeakSecret(e.NATS_PASSWORD, 16)) bad('NATS_PASSWORD', 'must be set in production to a random value of at least 16 characters');
    if (isWeakSecret(passwordOfUrl(e.REDIS_URL), 16))
      bad('REDIS_URL', 'must carry a password in production (redis://:<password>@host:6379), at least 16 characters');
  });
export type BaseEnv = z.infer<typeof BaseEnvSchema>;

/** The caller verify key in force: the configured one, or the built-in development pair's outside production. */
export function callerVerifyKey(env: Pick<BaseEnv, 'CALLER_VERIFY_KEY' | 'NODE_ENV'>): string {
  if (env.CALLER_VERIFY_KEY) return env.CALLER_VERIFY_KEY;
  if (isDevelopmentLike(env.NODE_ENV)) return DEV_CALLER_KEYS.publicKey;
  throw new Error('CALLER_VERIFY_KEY is required in production');
}

export function parseEnv<S extends z.ZodType>(schema: S, source: Record<string, string | undefined> = process.env): z.infer<S> {
  const r = schema.safeParse(source);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return r.data;
}

export const databaseName = (env: Pick<BaseEnv, 'DB_PREFIX'>, service: string): string => `${env.DB_PREFIX}${service}`;
