import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { BaseEnv } from '@lp/service-kit';

const percent = (fallback: number) => z.coerce.number().min(0).max(100).default(fallback);
const minutes = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const text = (fallback = '') => z.string().default(fallback);
const url = () => text().transform((v) => v.replace(/\/$/, ''));

/** The payment methods a provider carries, and which providers may carry each. */
export const PROVIDER_CHOICES = {
  chapa: ['demo', 'chapa'],
  telebirr: ['demo', 'telebirr'],
  mpesa: ['demo', 'mpesa'],
} as const;
export type ProviderName = 'demo' | 'chapa' | 'telebirr' | 'mpesa';

/**
 * The payout rails a withdrawal method goes out on: `demo` pays nothing out (development's
 * stand-in), `manual` is real money the operator's finance team sends from the payout
 * clearing account (the platform records the payout; nobody's API is called).
 */
export const PAYOUT_METHODS = ['telebirr', 'mpesa', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export type PayoutRail = 'demo' | 'manual';

/** an optional choice; an empty value (a blank line in an env file) counts as unset */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

/** A PEM given as its text (`\n` escapes allowed, one line in an env file) or, with the _FILE setting, read from a file. */
export function pem(value: string, file: string): string {
  const raw = file && !value ? readFileSync(file, 'utf8') : value;
  return raw.includes('\\n') ? raw.replace(/\\n/g, '\n') : raw;
}

/** Billing's own settings, validated together with the kit's base settings. */
export const BillingEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    /** the platform's fee on a course sale, percent (the instructor gets the rest) */
    PLATFORM_FEE_COURSE_PERCENT: percent(20),
    /** the platform's fee on a mentoring session, percent (the mentor gets the rest) */
    PLATFORM_FEE_SESSION_PERCENT: percent(15),
    /** a provider payment not completed within this expires (the expiry job) */
    PAYMENT_PENDING_TTL_MINUTES: minutes(30),
    /** a provider payment pending this long is asked about at its provider (the re-verify job) */
    PAYMENT_REVERIFY_AFTER_MINUTES: minutes(5),
    /**
     * Which provider carries each payment method: `demo` (the local hosted checkout, no money
     * moves; development and tests only) or the method's own API. Unset: development and tests
     * use the demo (chapa uses Chapa when CHAPA_SECRET_KEY is set); production has no default
     * to the demo: an unset method is unavailable (422 PAYMENT_METHOD_UNAVAILABLE).
     */
    PAYMENT_PROVIDER_CHAPA: choice(PROVIDER_CHOICES.chapa),
    PAYMENT_PROVIDER_TELEBIRR: choice(PROVIDER_CHOICES.telebirr),
    PAYMENT_PROVIDER_MPESA: choice(PROVIDER_CHOICES.mpesa),
    /** the payout rail of each withdrawal method (`demo` or `manual`); unset: demo in development and tests, unavailable in production */
    PAYOUT_RAIL_TELEBIRR: choice(['demo', 'manual'] as const),
    PAYOUT_RAIL_MPESA: choice(['demo', 'manual'] as const),
    PAYOUT_RAIL_BANK: choice(['demo', 'manual'] as const),
    /** the secret the local demo provider signs its webhooks with (HMAC-SHA256) */
    DEMO_PROVIDER_SECRET: text('demo-provider-secret-for-development-only'),
    /** Chapa's secret key; its webhooks are signed with the webhook secret */
    CHAPA_SECRET_KEY: text(),
    CHAPA_WEBHOOK_SECRET: text(),
    CHAPA_API_URL: text('https://api.chapa.co').transform((v) => v.replace(/\/$/, '')),
    /** telebirr's web checkout (H5 C2B through the Fabric gateway): the gateway's API base and the checkout page base */
    TELEBIRR_API_URL: url(),
    TELEBIRR_WEB_URL: text(),
    TELEBIRR_FABRIC_APP_ID: text(),
    TELEBIRR_APP_SECRET: text(),
    TELEBIRR_MERCHANT_APP_ID: text(),
    TELEBIRR_MERCHANT_CODE: text(),
    /** our RSA private key (PEM) that signs requests; or a file holding it */
    TELEBIRR_PRIVATE_KEY: text(),
    TELEBIRR_PRIVATE_KEY_FILE: text(),
    /** telebirr's RSA public key (PEM) its notify callbacks are verified with; or a file holding it */
    TELEBIRR_PUBLIC_KEY: text(),
    TELEBIRR_PUBLIC_KEY_FILE: text(),
    /** M-Pesa's Daraja API (STK push): base URL, the app's consumer key and secret, the till/paybill shortcode and its passkey */
    MPESA_API_URL: url(),
    MPESA_CONSUMER_KEY: text(),
    MPESA_CONSUMER_SECRET: text(),
    MPESA_SHORTCODE: text(),
    MPESA_PASSKEY: text(),
    /** CustomerPayBillOnline (a paybill) or CustomerBuyGoodsOnline (a till) */
    MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']).default('CustomerPayBillOnline'),
    /** the one currency the M-Pesa account takes (Safaricom Ethiopia: ETB) */
    MPESA_CURRENCY: z.enum(['ETB', 'USD', 'EUR']).default('ETB'),
    /** the address browsers reach the platform at (a provider sends the payer back there); empty: relative links */
    PUBLIC_URL: url(),
    /** a renewal that failed leaves the subscription past due this long, then it expires */
    SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  })
  .superRefine((e, ctx) => {
    const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const production = e.NODE_ENV === 'production';
    if (production) {
      for (const [method, key] of [
        ['chapa', 'PAYMENT_PROVIDER_CHAPA'],
        ['telebirr', 'PAYMENT_PROVIDER_TELEBIRR'],
        ['mpesa', 'PAYMENT_PROVIDER_MPESA'],
      ] as const)
        if (e[key] === 'demo')
          bad(
            key,
            `is demo: the demo checkout takes no money and anyone could credit a wallet through it; production refuses it. Set ${method} (with its settings) or leave it unset (${method} unavailable)`,
          );
      for (const [key] of [['PAYOUT_RAIL_TELEBIRR'], ['PAYOUT_RAIL_MPESA'], ['PAYOUT_RAIL_BANK']] as const)
        if (e[key] === 'demo')
          bad(
            key,
            'is demo: the demo payout rail pays nothing out; production refuses it. Set manual or leave it unset (the method unavailable)',
          );
    }
    const providers = resolveProviders(e);
    if (providers.chapa === 'chapa' && !e.CHAPA_SECRET_KEY) bad('CHAPA_SECRET_KEY', 'is required when chapa is carried by Chapa');
    for (const key of ['TELEBIRR_PRIVATE_KEY_FILE', 'TELEBIRR_PUBLIC_KEY_FILE'] as const)
      if (e[key])
        try {
          readFileSync(e[key], 'utf8');
        } catch (err) {
          bad(key, `cannot be read: ${(err as Error).message}`);
        }
    if (providers.telebirr === 'telebirr') {
      for (const key of [
        'TELEBIRR_API_URL',
        'TELEBIRR_WEB_URL',
        'TELEBIRR_FABRIC_APP_ID',
        'TELEBIRR_APP_SECRET',
        'TELEBIRR_MERCHANT_APP_ID',
        'TELEBIRR_MERCHANT_CODE',
        'PUBLIC_URL',
      ] as const)
        if (!e[key]) bad(key, 'is required when PAYMENT_PROVIDER_TELEBIRR=telebirr');
      if (!e.TELEBIRR_PRIVATE_KEY && !e.TELEBIRR_PRIVATE_KEY_FILE)
        bad('TELEBIRR_PRIVATE_KEY', 'or TELEBIRR_PRIVATE_KEY_FILE is required when PAYMENT_PROVIDER_TELEBIRR=telebirr');
      if (!e.TELEBIRR_PUBLIC_KEY && !e.TELEBIRR_PUBLIC_KEY_FILE)
        bad(
          'TELEBIRR_PUBLIC_KEY',
          "or TELEBIRR_PUBLIC_KEY_FILE (telebirr's key, to verify its notify callbacks) is required when PAYMENT_PROVIDER_TELEBIRR=telebirr",
        );
    }
    if (providers.mpesa === 'mpesa')
      for (const key of [
        'MPESA_API_URL',
        'MPESA_CONSUMER_KEY',
        'MPESA_CONSUMER_SECRET',
        'MPESA_SHORTCODE',
        'MPESA_PASSKEY',
        'PUBLIC_URL',
      ] as const)
        if (!e[key]) bad(key, 'is required when PAYMENT_PROVIDER_MPESA=mpesa');
  });

type Raw = {
  NODE_ENV: string;
  CHAPA_SECRET_KEY: string;
  PAYMENT_PROVIDER_CHAPA?: 'demo' | 'chapa' | undefined;
  PAYMENT_PROVIDER_TELEBIRR?: 'demo' | 'telebirr' | undefined;
  PAYMENT_PROVIDER_MPESA?: 'demo' | 'mpesa' | undefined;
  PAYOUT_RAIL_TELEBIRR?: PayoutRail | undefined;
  PAYOUT_RAIL_MPESA?: PayoutRail | undefined;
  PAYOUT_RAIL_BANK?: PayoutRail | undefined;
};

/**
 * The provider of each method; null: the method is unavailable. Unset: the demo outside
 * production, nothing in production (chapa: Chapa whenever its key is set).
 */
export function resolveProviders(e: Raw): {
  chapa: 'demo' | 'chapa' | null;
  telebirr: 'demo' | 'telebirr' | null;
  mpesa: 'demo' | 'mpesa' | null;
} {
  const fallback = e.NODE_ENV === 'production' ? null : ('demo' as const);
  return {
    chapa: e.PAYMENT_PROVIDER_CHAPA ?? (e.CHAPA_SECRET_KEY ? 'chapa' : fallback),
    telebirr: e.PAYMENT_PROVIDER_TELEBIRR ?? fallback,
    mpesa: e.PAYMENT_PROVIDER_MPESA ?? fallback,
  };
}

/** The payout rail of each withdrawal method; null: unavailable (unset in production). */
export function resolveRails(e: Raw): Record<PayoutMethod, PayoutRail | null> {
  const fallback = e.NODE_ENV === 'production' ? null : ('demo' as const);
  return { telebirr: e.PAYOUT_RAIL_TELEBIRR ?? fallback, mpesa: e.PAYOUT_RAIL_MPESA ?? fallback, bank: e.PAYOUT_RAIL_BANK ?? fallback };
}

export type BillingEnv = BaseEnv & z.infer<typeof BillingEnvSchema>;
