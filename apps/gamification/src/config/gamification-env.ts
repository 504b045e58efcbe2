import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

/**
 * Gamification's own settings, validated together with the kit's base settings. None of its
 * own yet: the XP rules and badges are data (xp_rules, badge_definitions), the board and league
 * sizes contracts (libs/contracts gamification/constants.ts).
 */
export const GamificationEnvSchema = z.object({
  /** the address browsers reach the platform at (a referral link is it with ?ref=<code>); empty: relative links */
  PUBLIC_URL: z
    .string()
    .default('')
    .transform((v) => v.replace(/\/$/, '')),
});

export type GamificationEnv = BaseEnv & z.infer<typeof GamificationEnvSchema>;
