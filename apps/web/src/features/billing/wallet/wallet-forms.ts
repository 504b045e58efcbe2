import { toMinor, WithdrawRequest, type Currency } from '@lp/contracts';
import type { z } from 'zod';

/** The spec's text when a withdrawal is more than the balance (spec 3, section 5). */
export const INSUFFICIENT_BALANCE = 'Insufficient balance';

interface Held {
  currency: Currency;
  balance_minor: number;
}

/**
 * The contract's withdrawal (amount >= 1, method, mobile money's provider and phone, the
 * bank's name and account), plus what only the wallet knows: never more than the balance
 * held in that currency. The server holds the amount atomically and refuses the same.
 */
export function withdrawFormSchema(balances: readonly Held[]) {
  return WithdrawRequest.superRefine((w, ctx) => {
    const held = balances.find((b) => b.currency === w.currency)?.balance_minor ?? 0;
    if (toMinor(w.amount, w.currency) > held) ctx.addIssue({ code: 'custom', path: ['amount'], message: INSUFFICIENT_BALANCE });
  });
}
export type WithdrawFormInput = z.input<ReturnType<typeof withdrawFormSchema>>;
export type WithdrawFormOutput = z.output<ReturnType<typeof withdrawFormSchema>>;

/** Only the account details of the chosen method travel (the other method's fields may hold leftovers). */
export function withdrawBody(values: WithdrawFormOutput): WithdrawFormOutput {
  const d = values.account_details;
  const account_details =
    values.method === 'mobile_money'
      ? { provider: d.provider, phone_number: d.phone_number?.replace(/[\s-]/g, '') }
      : { bank_name: d.bank_name, account_number: d.account_number, ...(d.account_name ? { account_name: d.account_name } : {}) };
  return { ...values, account_details };
}
