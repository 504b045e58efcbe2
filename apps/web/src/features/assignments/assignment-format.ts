import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Points and percentages: up to two decimals, in the reader's language. */
export function useFormatPoints(): (value: number) => string {
  const { i18n } = useTranslation();
  return useCallback((value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value), [i18n.language]);
}
