import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useGoogleReturn } from '../features/auth/use-google-return';
import { SecondFactorPage } from '../features/auth/second-factor-page';
import { FullPageSpinner } from './full-page-spinner';
import { SkipLink } from './skip-link';

export function RootLayout() {
  const { t } = useTranslation();
  const { exchanging, secondFactor } = useGoogleReturn();
  return (
    <>
      <SkipLink />
      {secondFactor ? <SecondFactorPage prompt={secondFactor} /> : exchanging ? <FullPageSpinner label={t('auth.signingIn')} /> : <Outlet />}
      <ScrollRestoration />
    </>
  );
}
