import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

const minutes = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(fallback);

/** Mentoring's own settings, validated together with the kit's base settings. */
export const MentoringEnvSchema = z.object({
  /**
   * How long an unpaid booking holds its slot. A little longer than billing's
   * PAYMENT_PENDING_TTL_MINUTES (30), so a checkout finished at its last minute still finds
   * the slot; a payment that completes even later is refunded.
   */
  SESSION_HOLD_MINUTES: minutes(35),
  /** where confirmed sessions meet: a Jitsi Meet room per session under this address */
  MEETING_BASE_URL: z.url().default('https://meet.jit.si'),
});

export type MentoringEnv = BaseEnv & z.infer<typeof MentoringEnvSchema>;
