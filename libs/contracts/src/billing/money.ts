import { z } from 'zod';

/**
 * Money. Every amount is an integer of minor units with its ISO 4217 currency; nothing is
 * ever a float in the ledger. The API also writes `amount` in major units (what the spec's
 * screens show, exact to the currency's decimals) beside `amount_minor`; people send major
 * units with at most two decimals, converted exactly. No amount changes currency by itself.
 */
export const CURRENCIES = ['USD', 'ETB', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES, { error: 'Currency must be USD, ETB or EUR' });
/** the wallet's currency when none is named (spec: "wallet currency default USD") */
export const DEFAULT_CURRENCY: Currency = 'USD';
/** minor units per major unit; all three currencies have cents */
export const MINOR_PER_MAJOR: Record<Currency, number> = { USD: 100, ETB: 100, EUR: 100 };
/** the largest single amount anyone may move, in major units */
export const MAX_AMOUNT = 1_000_000;

/** major units (10.5) to minor units (1050), exactly: the decimals are read from the text, never multiplied as floats */
export function toMinor(major: number, currency: Currency = DEFAULT_CURRENCY): number {
  const per = MINOR_PER_MAJOR[currency];
  const digits = Math.log10(per);
  const [whole, frac = ''] = Math.abs(major).toFixed(digits).split('.');
  const minor = Number(whole) * per + Number(frac.padEnd(digits, '0') || '0');
  return major < 0 ? -minor : minor;
}

/** minor units (1050) to major units (10.5) for display */
export const toMajor = (minor: number, currency: Currency = DEFAULT_CURRENCY): number => minor / MINOR_PER_MAJOR[currency];

/** "$10.50", "ETB 1,200.00", "€3.00": every price shows its own currency */
export function formatMoney(minor: number, currency: Currency = DEFAULT_CURRENCY, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: currency === 'ETB' ? 'code' : 'symbol' }).format(
    toMajor(minor, currency),
  );
}

/** At most two decimals (every currency here has cents), tolerant of binary fractions such as 0.1 + 0.2. */
export const hasAtMostTwoDecimals = (n: number): boolean => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** An amount typed by a person, in major units: at least `min`, at most MAX_AMOUNT, two decimals at most. */
export const majorAmount = (min: number) =>
  z
    .number({ error: 'Amount is required' })
    .finite('Amount is required')
    .min(min, `Amount must be at least ${min}`)
    .max(MAX_AMOUNT, `Amount cannot exceed ${MAX_AMOUNT.toLocaleString('en-US')}`)
    .refine(hasAtMostTwoDecimals, 'Amount can have at most two decimals');

/** An amount as the API answers it. */
export const MoneySchema = z.object({
  /** major units, for display (10.5) */
  amount: z.number(),
  /** the exact amount, integer minor units (1050) */
  amount_minor: z.number().int(),
  currency: CurrencySchema,
});
export type Money = z.infer<typeof MoneySchema>;
export const money = (minor: number, currency: Currency): Money => ({ amount: toMajor(minor, currency), amount_minor: minor, currency });
