import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';

/** The server's explanation, when it gave one; field errors say more than a bare "Validation failed". */
export function serverDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'VALIDATION_FAILED' && error.errors.length > 0) {
    return error.errors.map((e) => e.message).join('; ');
  }
  return error.detail;
}

/** Spec rule: a server detail is shown when present, otherwise the fallback text. */
export function detailOr(error: unknown, fallback: string): string {
  return serverDetail(error) ?? fallback;
}

/**
 * For messages written "Failed to ...: " plus detail or message. Without a server
 * detail the "message" is said in the reader's language rather than as a raw JS error.
 */
export function useDetailOrMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const detail = serverDetail(error);
      if (detail) return detail;
      if (isApiError(error)) return error.status === 0 ? t('errors.network') : t('errors.status', { status: error.status });
      return t('errors.unexpected');
    },
    [t],
  );
}
