import type { User } from '@lp/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { cn, focusRing } from '../../ui';
import { dashboardPath } from '../auth';
import { HeaderLevel, LiveAchievements } from '../gamification';
import { LiveUnreadMessages, UnreadMessagesBadge, useUnreadMessages, useUnreadMessagesText } from '../messages';
import { NotificationBell } from '../notifications';
import { PortalBrandLogo } from '../portal';
import { MAIN_NAV_ID, MainNav } from './main-nav';
import { PortalSwitcher } from './portal-switcher';
import { UserMenu } from './user-menu';

/** Spec 2.4: the frame of every signed-in page. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // staff earn no XP and never appear on a board: no level in their header
  const earnsXp = user.role !== 'admin';
  // the phone menu's button carries the unread messages while the menu is shut
  const unreadMessages = useUnreadMessages();
  const unreadText = useUnreadMessagesText();
  const unreadId = useId();

  // A chosen link closes the phone menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto max-w-7xl px-3 sm:px-6">
          <div className="flex h-16 items-center gap-2">
            <button
              type="button"
              className={cn(
                'relative inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden',
                focusRing,
              )}
              aria-expanded={menuOpen}
              aria-controls={MAIN_NAV_ID}
              onClick={() => setMenuOpen((open) => !open)}
              aria-describedby={unreadMessages > 0 && !menuOpen ? unreadId : undefined}
              data-testid="nav-menu-button"
            >
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                {menuOpen ? (
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                ) : (
                  <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
                )}
              </svg>
              <span className="sr-only">{menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}</span>
              {!menuOpen && <UnreadMessagesBadge count={unreadMessages} className="absolute -top-0.5 -right-0.5 ml-0" />}
            </button>
            {unreadMessages > 0 && (
              <span id={unreadId} hidden>
                {unreadText(unreadMessages)}
              </span>
            )}
            <PortalBrandLogo user={user} to={dashboardPath(user.role)} />
            <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
              {earnsXp && <HeaderLevel />}
              <NotificationBell user={user} />
              <PortalSwitcher user={user} />
              <UserMenu user={user} />
            </div>
          </div>
          <MainNav role={user.role} mobileOpen={menuOpen} />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:py-10">
        {children}
      </main>
      {earnsXp && <LiveAchievements />}
      <LiveUnreadMessages userId={user.id} />
    </div>
  );
}
