import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../ui';
import type { AuthMode } from '../auth';
import { BrandLogo } from '../../ui/brand-logo';

export function LandingHeader({ onAuth }: { onAuth: (mode: AuthMode) => void }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <BrandLogo to="/" compactBelowSm />
        <nav aria-label={t('landing.siteNav')} className="ml-auto">
          <ul className="flex items-center gap-1 sm:gap-2">
            <li className="hidden md:block">
              <Link to="/coming-soon" className={buttonClasses('ghost', 'md')}>
                {t('landing.launchUpdates')}
              </Link>
            </li>
            <li>
              <Button variant="ghost" onClick={() => onAuth('login')} data-testid="sign-in">
                {t('landing.signIn')}
              </Button>
            </li>
            <li>
              <Button onClick={() => onAuth('register')} data-testid="get-started">
                {t('landing.getStarted')}
              </Button>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
