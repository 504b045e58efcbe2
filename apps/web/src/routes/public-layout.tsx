import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../config/product';
import { dashboardPath, useSession } from '../features/auth';
import { BrandLogo } from '../ui/brand-logo';

/** The frame of pages outside the dashboard shell: coming soon, development sign-in, not found. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-soft via-white to-secondary-soft">
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <BrandLogo to={user ? dashboardPath(user.role) : '/'} />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-1 items-center justify-center px-4 py-10 focus:outline-none sm:px-6"
      >
        {children}
      </main>
      <footer className="py-6 text-center text-sm text-slate-600">
        {t('landing.footer', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
      </footer>
    </div>
  );
}
