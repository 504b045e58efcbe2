import type { Guard } from '@lp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { type AuthRedirectState, dashboardPath, useSession } from '../features/auth';
import { FullPageSpinner } from './full-page-spinner';
import { RedirectWithToast } from './redirect-with-toast';

/**
 * Applies a route's guard, with the same meaning as the gateway's: `public`,
 * `any` signed-in user, or a list of roles.
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();

  if (guard === 'public') return children;
  if (status === 'loading') return <FullPageSpinner />;
  if (!user) {
    const state: AuthRedirectState = { auth: 'login', from: `${location.pathname}${location.search}` };
    return <RedirectWithToast to="/" state={state} message={t('auth.signInRequired')} />;
  }
  if (guard !== 'any' && !guard.includes(user.role)) {
    return <RedirectWithToast to={dashboardPath(user.role)} message={t('auth.noAccess')} tone="error" />;
  }
  return children;
}
