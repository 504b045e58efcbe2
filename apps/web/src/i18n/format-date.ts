import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type DateFormatter = (iso: string | null | undefined) => string;

/** A formatter in the reader's language; an unparseable value is shown as received. */
function useDateFormatter(options: Intl.DateTimeFormatOptions): DateFormatter {
  const { i18n } = useTranslation();
  const { dateStyle, timeStyle } = options;
  return useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '';
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(i18n.language, { dateStyle, timeStyle }).format(date);
    },
    [i18n.language, dateStyle, timeStyle],
  );
}

/** Dates in the reader's language. */
export function useFormatDate(): DateFormatter {
  return useDateFormatter({ dateStyle: 'long' });
}

/** Date and time (due dates, submissions) in the reader's language. */
export function useFormatDateTime(): DateFormatter {
  return useDateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
}
