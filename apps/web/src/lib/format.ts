import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from './figures';

/** Spec 9: course description and message previews are 100 characters. */
export const PREVIEW_LENGTH = 100;
/** Spec 9: overview lists show 5 items. */
export const OVERVIEW_LIST_SIZE = 5;
/** Spec 9: a quiz pass rate above this is styled as good. */
export const PASS_RATE_GOOD_ABOVE = 70;

/** Cuts text to `max` characters, adding an ellipsis when something was cut. */
export function truncate(text: string, max = PREVIEW_LENGTH): string {
  const clean = text.trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}…` : clean;
}

/** Dollars with two decimals. */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** "Free" for 0, else dollars with two decimals. */
export function usePriceText(): (price: number) => string {
  const { t } = useTranslation();
  return useCallback((price: number) => (price <= 0 ? t('catalog.free') : dollars(price)), [t]);
}

/** The rating to one decimal, or "No ratings" when nobody rated yet. */
export function useRatingText(): (avg: number, count: number) => string {
  const { t } = useTranslation();
  return useCallback((avg: number, count: number) => (count > 0 ? avg.toFixed(1) : t('catalog.noRatings')), [t]);
}

/** Percentages by the SPA's one rule (lib/figures): one decimal, a whole number without ".0". */
export function percent(value: number): string {
  return formatPercent(value);
}

export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
