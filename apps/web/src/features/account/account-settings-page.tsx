import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { PageHeader } from '../../ui';
import { useSignedInUser } from '../auth';
import { DangerZoneCard } from './danger-zone-card';
import { LeaderboardSettingsCard } from './leaderboard-settings-card';
import { NotificationPreferencesCard } from './notification-preferences-card';
import { NotificationSettingsCard } from './notification-settings-card';
import { PersonalInfoCard } from './personal-info-card';
import { PrivacySecurityCard } from './privacy-security-card';

/** Spec 1 section 2.14. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  usePageTitle(t('account.pageTitle'));
  return (
    <div data-testid="account-settings">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <PersonalInfoCard user={user} className="lg:col-span-1" />
        <div className="space-y-6 lg:col-span-2">
          <NotificationSettingsCard user={user} />
          <NotificationPreferencesCard user={user} />
          <PrivacySecurityCard user={user} />
          <LeaderboardSettingsCard />
          <DangerZoneCard />
        </div>
      </div>
    </div>
  );
}
