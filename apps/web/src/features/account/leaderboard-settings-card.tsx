import { gamificationRoutes } from '@lp/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '../../api/route-hooks';
import { Label, Switch, useToast } from '../../ui';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { useUpdateGamificationSettings } from './use-update-gamification-settings';

/**
 * "Hide me from leaderboards" (PUT /gamification/settings): the switch shows what the service
 * holds and follows only a saved change; the boards are asked again after it.
 */
export function LeaderboardSettingsCard() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const id = useId();
  const me = useRouteQuery(gamificationRoutes.me, {});
  const update = useUpdateGamificationSettings({ boards: true });
  const hidden = me.data?.settings.hide_from_leaderboards ?? false;

  const toggle = (value: boolean) =>
    update.mutate(
      { body: { hide_from_leaderboards: value } },
      {
        onSuccess: () => toast({ title: t('gamification.settings.saved'), tone: 'success' }),
        onError: () => toast({ title: t('gamification.settings.failure'), tone: 'error' }),
      },
    );

  return (
    <SettingsSection
      title={t('gamification.settings.title')}
      description={t('gamification.settings.description')}
      testId="account-leaderboards"
    >
      <SettingRow
        inline
        title={<Label htmlFor={id}>{t('gamification.settings.hide')}</Label>}
        hint={t('gamification.settings.hideHint')}
        hintId={`${id}-hint`}
        control={
          <Switch
            id={id}
            checked={hidden}
            onCheckedChange={toggle}
            disabled={!me.data || update.isPending}
            aria-describedby={`${id}-hint`}
            data-testid="toggle-hide-from-leaderboards"
          />
        }
      />
    </SettingsSection>
  );
}
