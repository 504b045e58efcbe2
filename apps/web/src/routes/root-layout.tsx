import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useGoogleReturn } from '../features/auth';
import { FullPageSpinner } from './full-page-spinner';
import { SkipLink } from './skip-link';

/** Shown only after a Google sign-in of an account with two-factor authentication: loaded then. */
const SecondFactorPage = lazy(async () => ({ default: (await import('../features/auth/second-factor-page')).SecondFactorPage }));

export function RootLayout() {
  const { t } = useTranslation();
  const { exchanging, secondFactor } = useGoogleReturn();
  return (
    <>
      <SkipLink />
      {/* a page outside the shell (or a guarded one before the user is known) while its chunk arrives */}
      <Suspense fallback={<FullPageSpinner />}>
        {secondFactor ? (
          <SecondFactorPage prompt={secondFactor} />
        ) : exchanging ? (
          <FullPageSpinner label={t('auth.signingIn')} />
        ) : (
          <Outlet />
        )}
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
