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

/** For messages written "Failed to ...: " plus detail or message. */
export function detailOrMessage(error: unknown): string {
  const detail = serverDetail(error);
  if (detail) return detail;
  return error instanceof Error ? error.message : String(error);
}
