import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, TELEGRAM_LINK_CODE_TTL_SECONDS } from '@lp/contracts';

const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Identity's own settings, validated together with the kit's base settings. */
export const IdentityEnvSchema = z.object({
  /** external sign-in behind POST /auth/session; unset means `dev` outside production, `none` in production */
  GOOGLE_PROVIDER: z.enum(['dev', 'none']).optional(),
  /** who delivers phone codes; `dev` writes them to the log */
  SMS_PROVIDER: z.enum(['dev']).default('dev'),
  OTP_TTL_SECONDS: seconds(OTP_TTL_SECONDS),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(OTP_MAX_ATTEMPTS),
  TELEGRAM_LINK_CODE_TTL_SECONDS: seconds(TELEGRAM_LINK_CODE_TTL_SECONDS),
  DEV_PROVIDER_SESSION_TTL_SECONDS: seconds(600),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  EXPORT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
});

export type IdentityEnv = BaseEnv & z.infer<typeof IdentityEnvSchema>;

export function googleProviderOf(env: IdentityEnv): 'dev' | 'none' {
  return env.GOOGLE_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'dev');
}
