import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { PageHeader } from '../../ui';
import { useSignedInUser } from '../auth';
import { TelegramIntegrationCard } from '../telegram';
import { BadgesCard } from './badges-card';
import { InstitutionsCard } from './institutions-card';
import { ProfileDetailsCard } from './profile-details-card';

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  usePageTitle(t('profile.pageTitle'));
  return (
    <div data-testid="profile-page">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <ProfileDetailsCard user={user} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <BadgesCard />
          <InstitutionsCard />
          <TelegramIntegrationCard />
        </div>
      </div>
    </div>
  );
}
