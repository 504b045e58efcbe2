import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates in the reader's language; an unparseable value is shown as received. */
export function useFormatDate(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '';
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(date);
    },
    [i18n.language],
  );
}
