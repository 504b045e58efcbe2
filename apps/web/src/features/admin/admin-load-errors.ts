import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '../../api/error-text';
import { useToast } from '../../ui';
import { ADMIN_TOAST_MS, adminLoadErrorKey } from './admin-load-error-key';

/** Toasts each new load error of the admin dashboard once, for 3 seconds. */
export function useAdminLoadErrorToast(...errors: unknown[]): void {
  const { t } = useTranslation();
  const { toast } = useToast();
  const shown = useRef(new WeakSet<object>());
  useEffect(() => {
    for (const error of errors) {
      if (!error || typeof error !== 'object' || shown.current.has(error)) continue;
      shown.current.add(error);
      const key = adminLoadErrorKey(error);
      const title =
        key === 'denied'
          ? t('adminDashboard.errors.denied')
          : key === 'login'
            ? t('adminDashboard.errors.login')
            : key === 'detail'
              ? (serverDetail(error) ?? t('adminDashboard.errors.loadFailed'))
              : t('adminDashboard.errors.loadFailed');
      toast({ title, tone: 'error', durationMs: ADMIN_TOAST_MS });
    }
    // the errors themselves are the dependencies (each object is toasted once)
  }, [t, toast, ...errors]);
}
