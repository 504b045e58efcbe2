import { formatMoney, toMinor, type Currency } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** An amount as the API answers it: exact minor units and the currency. */
export interface MinorAmount {
  amount_minor: number;
  currency: Currency;
}

/**
 * Every amount on the billing screens goes through formatMoney with its own currency
 * ("$10.50", "ETB 1,200.00", "€3.00"), in the reader's language.
 */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({
      /** exact minor units (what the ledger keeps) */
      minor: (amountMinor: number, currency: Currency) => formatMoney(amountMinor, currency, locale),
      /** major units (a price, an earnings total), converted exactly */
      major: (amount: number, currency: Currency) => formatMoney(toMinor(amount, currency), currency, locale),
      /** an answer's amount: its minor units in its currency */
      of: (money: MinorAmount) => formatMoney(money.amount_minor, money.currency, locale),
    }),
    [locale],
  );
}
