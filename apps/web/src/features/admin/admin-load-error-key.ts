import { isApiError } from '../../api/api-error';
import { serverDetail } from '../../api/error-text';

/** Spec 3 sections 8 and 9: admin data load failures are a toast for 3 seconds. */
export const ADMIN_TOAST_MS = 3000;

/** 403: admin access denied; 401: login required; else the server's detail, else the fallback. */
export function adminLoadErrorKey(error: unknown): 'denied' | 'login' | 'detail' | 'fallback' {
  if (isApiError(error) && error.status === 403) return 'denied';
  if (isApiError(error) && error.status === 401) return 'login';
  return serverDetail(error) ? 'detail' : 'fallback';
}
