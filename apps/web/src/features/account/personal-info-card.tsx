import type { User } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../i18n/format-date';
import { Button, InitialAvatar } from '../../ui';
import { EditProfileDialog } from './edit-profile-dialog';
import { SettingsSection } from './settings-section';

export function PersonalInfoCard({ user, className }: { user: User; className?: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  const name = user.name || t('account.personal.unknownUser');
  const email = user.email || t('account.personal.noEmail');

  return (
    <SettingsSection title={t('account.personal.title')} testId="account-personal-info" className={className}>
      <div className="flex items-center gap-4">
        <InitialAvatar name={user.name || t('account.personal.unknownUser')} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900" data-testid="account-name">
            {name}
          </p>
          <p className="truncate text-sm text-slate-600" data-testid="account-email">
            {email}
          </p>
        </div>
      </div>
      <dl className="mt-6 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('account.personal.role')}</dt>
          <dd className="font-medium text-slate-900" data-testid="account-role">
            {t(`roles.${user.role}`)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('account.personal.memberSince')}</dt>
          <dd className="font-medium text-slate-900" data-testid="account-member-since">
            <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
          </dd>
        </div>
      </dl>
      <Button variant="outline" className="mt-6 w-full" onClick={() => setEditing(true)} data-testid="edit-profile-button">
        {t('account.personal.editProfile')}
      </Button>
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
    </SettingsSection>
  );
}
