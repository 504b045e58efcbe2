import { identityRoutes, type NotificationSettings, type User } from '@lp/contracts';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../api/route-hooks';
import { Label, Switch, useToast } from '../../ui';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { StudyReminderHour } from './study-reminder-hour';
import { usePatchCurrentUser } from './use-patch-current-user';

type SettingKey = keyof NotificationSettings;

const SETTINGS: readonly SettingKey[] = ['email', 'studyReminders', 'assignmentDeadlines'];

export function NotificationSettingsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const patchUser = usePatchCurrentUser();
  // PUT /users/notification-settings with all three toggles; the local state follows only a success
  const update = useRouteMutation(identityRoutes.updateNotificationSettings, {
    onSuccess: (answer) => patchUser({ notification_settings: answer.notification_settings }),
  });
  const idPrefix = useId();
  const current = user.notification_settings;

  const toggle = (key: SettingKey, value: boolean) =>
    update.mutate(
      { body: { ...current, [key]: value } },
      { onError: () => toast({ title: t('account.notifications.failure'), tone: 'error' }) },
    );

  return (
    <SettingsSection
      title={t('account.notifications.title')}
      description={t('account.notifications.description')}
      testId="account-notifications"
    >
      <div className="divide-y divide-slate-200">
        {SETTINGS.map((key) => {
          const id = `${idPrefix}-${key}`;
          const row = (
            <SettingRow
              key={key}
              inline
              title={<Label htmlFor={id}>{t(`account.notifications.${key}`)}</Label>}
              hint={t(`account.notifications.${key}Hint`)}
              hintId={`${id}-hint`}
              control={
                <Switch
                  id={id}
                  checked={current[key]}
                  onCheckedChange={(value) => toggle(key, value)}
                  disabled={update.isPending}
                  aria-describedby={`${id}-hint`}
                  data-testid={`toggle-${key}`}
                />
              }
            />
          );
          // study reminders go to learners, at the hour they choose
          return key === 'studyReminders' && user.role === 'learner' ? (
            <Fragment key={key}>
              {row}
              <StudyReminderHour remindersOn={current.studyReminders} />
            </Fragment>
          ) : (
            row
          );
        })}
      </div>
    </SettingsSection>
  );
}
