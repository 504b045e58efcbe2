import { gamificationRoutes } from '@lp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { Label, Select, useToast } from '../../ui';
import { SettingRow } from './setting-row';
import { useUpdateGamificationSettings } from './use-update-gamification-settings';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * When the daily study reminder comes (PUT /gamification/settings study_reminder_hour): an hour
 * of the learner's own time zone, the one their streak counts days in. Off with "Study
 * Reminders" above: the choice is kept for when they turn it on again.
 */
export function StudyReminderHour({ remindersOn }: { remindersOn: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const id = useId();
  const me = useRouteQuery(gamificationRoutes.me, {});
  const update = useUpdateGamificationSettings();
  const settings = me.data?.settings;
  const change = (hour: number) =>
    update.mutate(
      { body: { study_reminder_hour: hour } },
      {
        onSuccess: () => toast({ title: t('account.notifications.reminderHourSaved'), tone: 'success' }),
        onError: () => toast({ title: t('account.notifications.reminderHourFailure'), tone: 'error' }),
      },
    );

  return (
    <SettingRow
      inline
      title={<Label htmlFor={id}>{t('account.notifications.reminderHour')}</Label>}
      hint={settings ? t('account.notifications.reminderHourHint', { zone: settings.time_zone }) : undefined}
      hintId={`${id}-hint`}
      control={
        <Select
          id={id}
          className="w-28"
          value={settings?.study_reminder_hour ?? ''}
          onChange={(e) => change(Number(e.target.value))}
          disabled={!settings || !remindersOn || update.isPending}
          aria-describedby={`${id}-hint`}
          data-testid="study-reminder-hour"
        >
          {!settings && <option value="" />}
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {`${String(h).padStart(2, '0')}:00`}
            </option>
          ))}
        </Select>
      }
    />
  );
}
