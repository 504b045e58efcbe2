import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

const percent = (fallback: number) => z.coerce.number().min(0).max(100).default(fallback);
const minutes = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const text = (fallback = '') => z.string().default(fallback);

/** Billing's own settings, validated together with the kit's base settings. */
export const BillingEnvSchema = z.object({
  /** the platform's fee on a course sale, percent (the instructor gets the rest) */
  PLATFORM_FEE_COURSE_PERCENT: percent(20),
  /** the platform's fee on a mentoring session, percent (the mentor gets the rest) */
  PLATFORM_FEE_SESSION_PERCENT: percent(15),
  /** a provider payment not completed within this expires (the expiry job) */
  PAYMENT_PENDING_TTL_MINUTES: minutes(30),
  /** a provider payment pending this long is asked about at its provider (the re-verify job) */
  PAYMENT_REVERIFY_AFTER_MINUTES: minutes(5),
  /** the secret the local demo provider signs its webhooks with (HMAC-SHA256) */
  DEMO_PROVIDER_SECRET: text('demo-provider-secret-for-development-only'),
  /** Chapa is on when its secret key is set; its webhooks are signed with the webhook secret */
  CHAPA_SECRET_KEY: text(),
  CHAPA_WEBHOOK_SECRET: text(),
  CHAPA_API_URL: text('https://api.chapa.co').transform((v) => v.replace(/\/$/, '')),
  /** the address browsers reach the platform at (a provider sends the payer back there); empty: relative links */
  PUBLIC_URL: text().transform((v) => v.replace(/\/$/, '')),
  /** a renewal that failed leaves the subscription past due this long, then it expires */
  SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
});

export type BillingEnv = BaseEnv & z.infer<typeof BillingEnvSchema>;
