import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Due dates carry a time: shown as date and time in the reader's language. */
export function useFormatDateTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '';
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    },
    [i18n.language],
  );
}

/** Points and percentages: up to two decimals, in the reader's language. */
export function useFormatPoints(): (value: number) => string {
  const { i18n } = useTranslation();
  return useCallback((value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value), [i18n.language]);
}
