import { z } from 'zod';
import { isDevelopmentLike, isWeakSecret, type BaseEnv } from '@lp/service-kit';
import { DEV_TOTP_ENCRYPTION_KEY } from '../modules/users/totp-secret.cipher.js';
import { OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS, TELEGRAM_LINK_CODE_TTL_SECONDS } from '@lp/contracts';

const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Identity's own settings, validated together with the kit's base settings. */
export const IdentityEnvSchema = z
  .object({
    /** external sign-in behind POST /auth/session; unset means `dev` in development and tests, `none` otherwise */
    GOOGLE_PROVIDER: z.enum(['dev', 'none']).optional(),
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    /**
     * who delivers phone codes: `dev` keeps them in memory (and logs them in development
     * only); `none` turns phone sign-in off. Unset: `dev` in development and tests, else `none`.
     */
    SMS_PROVIDER: z.enum(['dev', 'none']).optional(),
    OTP_TTL_SECONDS: seconds(OTP_TTL_SECONDS),
    /** wrong codes per phone per hour, whatever number of codes were sent */
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(OTP_MAX_ATTEMPTS),
    /** codes sent per phone per hour */
    OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
    /** wrong passwords per account before sign-in is paused, from any number of addresses */
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(10),
    SIGN_IN_LOCK_SECONDS: seconds(15 * 60),
    /** AES-256-GCM key for TOTP secrets at rest: 32 random bytes, base64 */
    TOTP_ENCRYPTION_KEY: z.string().default(DEV_TOTP_ENCRYPTION_KEY),
    TELEGRAM_LINK_CODE_TTL_SECONDS: seconds(TELEGRAM_LINK_CODE_TTL_SECONDS),
    EXTERNAL_SESSION_TTL_SECONDS: seconds(600),
    ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    /** the address browsers reach the platform at (password-reset e-mails link there); empty: relative links */
    PUBLIC_URL: z
      .string()
      .default('')
      .transform((v) => v.replace(/\/$/, '')),
    /** password-reset e-mails per account per hour, from any number of addresses (more are not sent; the answer is the same) */
    PASSWORD_RESET_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(50).default(5),
  })
  // the development provider lets anybody sign in as any e-mail: never where real users are
  .refine((e) => !(e.GOOGLE_PROVIDER === 'dev' && !isDevelopmentLike(e.NODE_ENV)), {
    message: 'the development Google provider is refused outside development and tests',
    path: ['GOOGLE_PROVIDER'],
  })
  .refine((e) => !(e.SMS_PROVIDER === 'dev' && !isDevelopmentLike(e.NODE_ENV)), {
    message: 'the development SMS provider is refused outside development and tests',
    path: ['SMS_PROVIDER'],
  })
  .refine(
    (e) => isDevelopmentLike(e.NODE_ENV) || (e.TOTP_ENCRYPTION_KEY !== DEV_TOTP_ENCRYPTION_KEY && !isWeakSecret(e.TOTP_ENCRYPTION_KEY, 44)),
    {
      message: 'must be set in production to 32 random bytes, base64 (not the development key)',
      path: ['TOTP_ENCRYPTION_KEY'],
    },
  );

export type IdentityEnv = BaseEnv & z.infer<typeof IdentityEnvSchema>;

export function smsProviderOf(env: IdentityEnv): 'dev' | 'none' {
  return env.SMS_PROVIDER ?? (isDevelopmentLike(env.NODE_ENV) ? 'dev' : 'none');
}

export function googleProviderOf(env: IdentityEnv): 'dev' | 'none' {
  return env.GOOGLE_PROVIDER ?? (isDevelopmentLike(env.NODE_ENV) ? 'dev' : 'none');
}
