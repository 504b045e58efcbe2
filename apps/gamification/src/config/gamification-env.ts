import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

export const DEV_UNSUBSCRIBE_SECRET = 'unsubscribe-secret-for-development-only';

/**
 * Gamification's own settings, validated together with the kit's base settings. The XP rules
 * and badges are data (xp_rules, badge_definitions), the board and league sizes contracts
 * (libs/contracts gamification/constants.ts).
 */
export const GamificationEnvSchema = z.object({
  /** the address browsers reach the platform at (a referral link is it with ?ref=<code>); empty: relative links */
  PUBLIC_URL: z
    .string()
    .default('')
    .transform((v) => v.replace(/\/$/, '')),
  /**
   * the VAPID public key browsers subscribe to Web Push with (base64url, as web-push makes it;
   * the worker holds the private half); unset: no browser notifications, refused in production
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a VAPID public key (base64url, 65 bytes)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** the secret e-mails' unsubscribe links are signed with (HMAC-SHA256 over the recipient and the type); production refuses the default */
  UNSUBSCRIBE_SECRET: z.string().default(DEV_UNSUBSCRIBE_SECRET),
});

export type GamificationEnv = BaseEnv & z.infer<typeof GamificationEnvSchema>;
