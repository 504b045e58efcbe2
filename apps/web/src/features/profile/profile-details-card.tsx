import type { User } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatDate } from '../../i18n/format-date';
import { Button, Card, CardContent, CardHeader, CardTitle, InitialAvatar } from '../../ui';

export function ProfileDetailsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const name = user.name || t('account.personal.unknownUser');
  const rows: { label: string; value: string; testId: string }[] = [
    { label: t('profile.email'), value: user.email || t('account.personal.noEmail'), testId: 'profile-email' },
    { label: t('profile.phone'), value: user.phone || t('profile.none'), testId: 'profile-phone' },
    { label: t('profile.role'), value: t(`roles.${user.role}`), testId: 'profile-role' },
    { label: t('profile.institution'), value: user.institution?.name || t('profile.none'), testId: 'profile-institution' },
    { label: t('profile.memberSince'), value: formatDate(user.created_at), testId: 'profile-member-since' },
  ];
  return (
    <section aria-labelledby="profile-details-title" data-testid="profile-details">
      <Card>
        <CardHeader>
          <CardTitle id="profile-details-title">{t('profile.details')}</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="flex items-center gap-4">
            <InitialAvatar name={name} size="lg" />
            <p className="min-w-0 truncate text-lg font-semibold text-slate-900" data-testid="profile-name">
              {name}
            </p>
          </div>
          <dl className="mt-6 space-y-3 text-sm">
            {rows.map((row) => (
              <div key={row.testId} className="flex justify-between gap-4">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className="min-w-0 truncate text-right font-medium text-slate-900" data-testid={row.testId}>
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          <Button asChild variant="outline" className="mt-6 w-full">
            <Link to="/account-settings">{t('profile.editInSettings')}</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
