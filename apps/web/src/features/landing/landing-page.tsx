import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/product';
import { usePageTitle } from '../../lib/use-page-title';
import { FullPageSpinner } from '../../routes/full-page-spinner';
import { AuthModal, type AuthMode, readAuthRedirectState, dashboardPath, rememberReferralCode, useSession } from '../auth';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { LandingHeader } from './landing-header';

/** Spec 2.1. A guard that turned a visitor away opens the auth modal here and remembers where they were going. */
export function LandingPage() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = readAuthRedirectState(location.state);
  const [authOpen, setAuthOpen] = useState(redirect.auth !== undefined);
  const [mode, setMode] = useState<AuthMode>(redirect.auth ?? 'login');
  usePageTitle(null);
  // a referral link lands here: its code must survive browsing before the sign-up
  useEffect(() => rememberReferralCode(location.search), [location.search]);

  if (status === 'loading') return <FullPageSpinner />;
  if (user) return <Navigate to={redirect.from ?? dashboardPath(user.role)} replace />;

  const openAuth = (next: AuthMode) => {
    setMode(next);
    setAuthOpen(true);
  };
  const onOpenChange = (open: boolean) => {
    setAuthOpen(open);
    // forget the guard's request so a reload does not reopen the modal
    if (!open && location.state) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <LandingHeader onAuth={openAuth} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero onStart={() => openAuth('register')} />
        <FeatureCards />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6">
          <p>{t('landing.footer', { year: new Date().getFullYear(), product: PRODUCT_NAME })}</p>
          <Link to="/coming-soon" className="font-medium text-primary-strong hover:underline">
            {t('landing.launchUpdates')}
          </Link>
        </div>
      </footer>
      <AuthModal open={authOpen} onOpenChange={onOpenChange} mode={mode} onModeChange={setMode} />
    </div>
  );
}
