import { z } from 'zod';
import { isDevelopmentLike, type BaseEnv } from '@lp/service-kit';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, TELEGRAM_LINK_CODE_TTL_SECONDS } from '@lp/contracts';

const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Identity's own settings, validated together with the kit's base settings. */
export const IdentityEnvSchema = z
  .object({
    /** external sign-in behind POST /auth/session; unset means `dev` in development and tests, `none` otherwise */
    GOOGLE_PROVIDER: z.enum(['dev', 'none']).optional(),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    /** who delivers phone codes; `dev` writes them to the log */
    SMS_PROVIDER: z.enum(['dev']).default('dev'),
    OTP_TTL_SECONDS: seconds(OTP_TTL_SECONDS),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(OTP_MAX_ATTEMPTS),
    TELEGRAM_LINK_CODE_TTL_SECONDS: seconds(TELEGRAM_LINK_CODE_TTL_SECONDS),
    DEV_PROVIDER_SESSION_TTL_SECONDS: seconds(600),
    ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    EXPORT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  })
  // the development provider lets anybody sign in as any e-mail: never where real users are
  .refine((e) => !(e.GOOGLE_PROVIDER === 'dev' && !isDevelopmentLike(e.NODE_ENV)), {
    message: 'the development Google provider is refused outside development and tests',
    path: ['GOOGLE_PROVIDER'],
  });

export type IdentityEnv = BaseEnv & z.infer<typeof IdentityEnvSchema>;

export function googleProviderOf(env: IdentityEnv): 'dev' | 'none' {
  return env.GOOGLE_PROVIDER ?? (isDevelopmentLike(env.NODE_ENV) ? 'dev' : 'none');
}
