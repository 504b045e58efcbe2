import {
  AssessmentErrorCode,
  BillingErrorCode,
  CatalogErrorCode,
  CommonErrorCode,
  CommunityErrorCode,
  IdentityErrorCode,
  MentoringErrorCode,
} from '@lp/contracts';
import i18next from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';
import { DECLARED_ERROR_CODES, type DeclaredErrorCode } from './error-codes';

const declared: ReadonlySet<string> = new Set(DECLARED_ERROR_CODES);

/**
 * Codes whose server detail says more than a fixed text can (which field, how long to wait,
 * which limit): the detail is shown, and the code's text only when there is none.
 */
const DETAIL_FIRST: ReadonlySet<string> = new Set([
  ...Object.values(CommonErrorCode),
  IdentityErrorCode.SIGN_IN_LOCKED,
  CatalogErrorCode.UNSUPPORTED_FILE_TYPE,
  AssessmentErrorCode.TOO_MANY_QUESTIONS,
  AssessmentErrorCode.MAX_POINTS_BELOW_GRADES,
  // which provider or method, and why a thing is not for sale
  BillingErrorCode.PROVIDER_UNAVAILABLE,
  BillingErrorCode.PAYMENT_METHOD_UNAVAILABLE,
  BillingErrorCode.ITEM_NOT_FOR_SALE,
  // which limit, which field
  CommunityErrorCode.FILE_TOO_LARGE,
  CommunityErrorCode.MAX_MEMBERS_BELOW_COUNT,
  // which openings overlap, which session state refuses
  MentoringErrorCode.SLOTS_OVERLAP,
  MentoringErrorCode.SESSION_NOT_CANCELLABLE,
  MentoringErrorCode.SESSION_NOT_RATABLE,
  MentoringErrorCode.SLOT_TAKEN,
]);

/**
 * What to tell the reader about a failed call, in their language: the text of the error's code
 * (`errors.code.<CODE>`), else the server's detail; field errors say more than a bare
 * "Validation failed".
 */
export function serverDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const byCode = declared.has(error.code) ? i18next.t(`errors.code.${error.code as DeclaredErrorCode}`) : null;
  if (byCode && !DETAIL_FIRST.has(error.code)) return byCode;
  if (error.code === CommonErrorCode.VALIDATION_FAILED && error.errors.length > 0) {
    return error.errors.map((e) => e.message).join('; ');
  }
  return error.detail ?? byCode;
}

/** Spec rule: a server detail is shown when present, otherwise the fallback text. */
export function detailOr(error: unknown, fallback: string): string {
  return serverDetail(error) ?? fallback;
}

/**
 * What a form says under its fields after a failed save: when the server's field errors went
 * onto the fields, only the messages no field shows (`unplaced`); otherwise the server's
 * detail, else the form's own fallback.
 */
export function saveFailureText(failed: { isError: boolean; error: unknown }, unplaced: string | null, fallback: string): string | null {
  if (!failed.isError) return null;
  if (isApiError(failed.error) && failed.error.errors.length > 0) return unplaced;
  return detailOr(failed.error, fallback);
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
