import { z } from 'zod';
import { LIVE_STREAM } from '@lp/contracts';
import { BaseEnvSchema, DEV_CALLER_KEYS, isDevelopmentLike, parseEnv } from '@lp/service-kit';

export const GatewayEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * the address to listen on: by default this machine only in development and tests (the
   * development doors stay on it), every interface in production (a container's)
   */
  HOST: z.string().min(1).optional(),
  /** the built SPA; served at / with index.html for every non-/api path */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** multiplies every route's rate limit (load tests raise it; 0 turns limits off) */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  /**
   * refused sign-ins one address may make across all accounts within the window before its
   * sign-ins pause (password spraying; routing/sign-in-failures.ts). Not scaled by
   * RATE_LIMIT_SCALE (whose 0 still turns it off): 0 here turns it off alone.
   */
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).default(30),
  SIGN_IN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** behind a reverse proxy: take the client address from X-Forwarded-For */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** largest JSON body accepted */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** largest uploaded file accepted on multipart routes */
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  /** the Ed25519 private key (base64 PKCS#8 DER) the gateway signs callers with; only the gateway holds it */
  CALLER_SIGNING_KEY: z.string().optional(),
  /**
   * Google sign-in (passport-google-oauth20): on when the client id is set. PUBLIC_URL is the
   * address browsers reach the gateway at; Google returns them to PUBLIC_URL/api/auth/google/callback.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  PUBLIC_URL: z
    .url()
    .optional()
    .transform((v) => v?.replace(/\/$/, '')),
  /** Google's endpoints; tests point them at a local double */
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** how often an open live stream re-checks its session and the group's membership (tests shorten it) */
  LIVE_RECHECK_MS: z.coerce.number().int().min(100).default(LIVE_STREAM.recheckMs),
});

export type GatewayEnv = z.infer<typeof BaseEnvSchema> & Omit<z.infer<typeof GatewayEnvSchema>, 'HOST'> & { HOST: string };

export function loadGatewayEnv(overrides: Record<string, string | undefined> = {}): GatewayEnv {
  const source = { ...process.env, ...overrides };
  const base = parseEnv(BaseEnvSchema, source);
  const own = parseEnv(GatewayEnvSchema, source);
  const env: GatewayEnv = { ...base, ...own, HOST: own.HOST ?? (isDevelopmentLike(base.NODE_ENV) ? '127.0.0.1' : '0.0.0.0') };
  if (!isDevelopmentLike(env.NODE_ENV) && (!env.CALLER_SIGNING_KEY || env.CALLER_SIGNING_KEY === DEV_CALLER_KEYS.privateKey)) {
    throw new Error(
      'Invalid configuration:\n  CALLER_SIGNING_KEY: must be set in production (an Ed25519 key of your own, see docs/operations.md)',
    );
  }
  if (env.GOOGLE_CLIENT_ID && (!env.GOOGLE_CLIENT_SECRET || !env.PUBLIC_URL)) {
    throw new Error('Invalid configuration:\n  GOOGLE_CLIENT_ID: Google sign-in needs GOOGLE_CLIENT_SECRET and PUBLIC_URL as well');
  }
  return env;
}

/** The key the gateway signs callers with: configured, or the published development pair outside production. */
export const callerSigningKey = (env: GatewayEnv): string => env.CALLER_SIGNING_KEY ?? DEV_CALLER_KEYS.privateKey;
