import type { Role } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { dashboardPath } from '../auth';
import { NavGroupMenu } from './nav-group-menu';
import { NavLabel, useNavCounts } from './nav-label';
import { NavLinkItem } from './nav-link-item';
import { isNavGroup, ROLE_NAVIGATION } from './navigation';

export const MAIN_NAV_ID = 'app-nav';

interface MainNavProps {
  role: Role;
  /** the phone menu is open (below the md breakpoint the row is hidden) */
  mobileOpen: boolean;
}

/**
 * One <nav> for all widths: a row of links and group menus from md up, and on
 * phones a panel that exists only while the menu button has it open.
 */
export function MainNav({ role, mobileOpen }: MainNavProps) {
  const { t } = useTranslation();
  const { entries, common } = ROLE_NAVIGATION[role];
  const counts = useNavCounts();
  return (
    <nav id={MAIN_NAV_ID} data-testid="app-nav" aria-label={t('nav.main')}>
      <ul className="hidden flex-wrap items-center gap-1 py-2 md:flex">
        <li>
          <NavLinkItem to={dashboardPath(role)} layout="inline" end>
            {t('nav.dashboard')}
          </NavLinkItem>
        </li>
        {entries.map((entry) =>
          isNavGroup(entry) ? (
            <li key={entry.group}>
              <NavGroupMenu group={entry} counts={counts} />
            </li>
          ) : (
            <li key={entry.to}>
              <NavLinkItem to={entry.to} layout="inline" upcoming={entry.upcoming !== null}>
                <NavLabel link={entry} count={counts[entry.to] ?? 0} />
              </NavLinkItem>
            </li>
          ),
        )}
        <li aria-hidden="true" className="mx-1 hidden h-5 w-px bg-slate-200 lg:block" />
        {common.map((link) => (
          <li key={link.to}>
            <NavLinkItem to={link.to} layout="inline" upcoming={link.upcoming !== null}>
              {t(`areas.${link.area}`)}
            </NavLinkItem>
          </li>
        ))}
      </ul>

      {mobileOpen && (
        <div
          className="max-h-[calc(100dvh-4rem)] space-y-4 overflow-y-auto overscroll-contain border-t border-slate-200 py-3 md:hidden"
          data-testid="mobile-nav"
        >
          <ul className="space-y-1">
            <li>
              <NavLinkItem to={dashboardPath(role)} layout="stacked" end>
                {t('nav.dashboard')}
              </NavLinkItem>
            </li>
            {entries.map((entry) =>
              isNavGroup(entry) ? null : (
                <li key={entry.to}>
                  <NavLinkItem to={entry.to} layout="stacked" upcoming={entry.upcoming !== null}>
                    <NavLabel link={entry} count={counts[entry.to] ?? 0} />
                  </NavLinkItem>
                </li>
              ),
            )}
          </ul>
          {entries.filter(isNavGroup).map((group) => (
            <div key={group.group}>
              <p id={`nav-group-${group.group}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {t(`nav.groups.${group.group}`)}
              </p>
              <ul aria-labelledby={`nav-group-${group.group}`} className="space-y-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <NavLinkItem to={link.to} layout="stacked" upcoming={link.upcoming !== null}>
                      <NavLabel link={link} count={counts[link.to] ?? 0} />
                    </NavLinkItem>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <ul className="space-y-1 border-t border-slate-200 pt-3">
            {common.map((link) => (
              <li key={link.to}>
                <NavLinkItem to={link.to} layout="stacked" upcoming={link.upcoming !== null}>
                  {t(`areas.${link.area}`)}
                </NavLinkItem>
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}
