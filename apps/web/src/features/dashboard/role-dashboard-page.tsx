import type { Role } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { Badge, PageHeader } from '../../ui';
import { useSignedInUser } from '../auth/session-context';
import { COMMON_NAVIGATION, roleLinks } from '../shell/navigation';
import { AreaCard } from './area-card';

/** The welcome page of each role; the role's full dashboard replaces the cards in a later release. */
export function RoleDashboardPage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const name = user.name || t('account.personal.unknownUser');
  const roleName = t(`roles.${role}`);
  usePageTitle(t('nav.dashboard'));
  const areas = [...roleLinks(role), ...COMMON_NAVIGATION];

  return (
    <div data-testid={`${role}-dashboard`} data-role={role}>
      <PageHeader
        title={t('dashboard.welcome', { name })}
        subtitle={t('dashboard.roleLine', { role: roleName })}
        actions={<Badge className="self-start sm:self-auto">{roleName}</Badge>}
      />

      <section aria-labelledby="dashboard-areas">
        <h2 id="dashboard-areas" className="mb-4 text-lg font-semibold text-slate-900">
          {t('dashboard.areasHeading')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {areas.map((link) => (
            <li key={link.to}>
              <AreaCard
                to={link.to}
                title={t(`areas.${link.area}`)}
                description={t(`areaDescriptions.${link.area}`)}
                testId={`area-card-${link.area}`}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="dashboard-account" className="mt-10">
        <h2 id="dashboard-account" className="mb-4 text-lg font-semibold text-slate-900">
          {t('dashboard.accountHeading')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          <li>
            <AreaCard to="/profile" title={t('profile.title')} description={t('dashboard.profileDescription')} testId="area-card-profile" />
          </li>
          <li>
            <AreaCard to="/account-settings" title={t('nav.accountSettings')} description={t('dashboard.settingsDescription')} testId="area-card-account-settings" />
          </li>
        </ul>
      </section>
    </div>
  );
}
