import {
  gamificationRoutes,
  heldBySwitch,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationSwitch,
  type OutboundChannel,
  type RouteOutput,
  type User,
} from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { routeKey } from '../../api/route-key';
import { Spinner, Switch, useToast } from '../../ui';
import { LoadError } from '../../ui/query-state';
import { SettingsSection } from './settings-section';
import { BrowserPushControl } from './browser-push-control';

type Preference = RouteOutput<typeof gamificationRoutes.notificationPreferences>['preferences'][number];

/** type name, then one column per channel (in_app, email, telegram, push) */
const COLUMNS = 'sm:grid sm:grid-cols-[minmax(0,1fr)_repeat(4,4.5rem)] sm:gap-x-2';

/**
 * The channels an account switch of the card above holds off for a type while it is off (the
 * contracts' one rule, `heldBySwitch`). Read from the signed-in user's switches, which follow
 * that card at once (the service's copy, `switch_on`, arrives through an event a moment later).
 */
export function heldChannels(preference: Pick<Preference, 'obeys'>, switches: NotificationSettings): readonly NotificationChannel[] {
  return heldBySwitch(preference.obeys, switches);
}

/**
 * Per-type channels (GET/PUT /notifications/preferences), after the account's three switches:
 * the types grouped by category, one column per channel; in-app always on; e-mail, Telegram and
 * push only where the type has them, each saved on its own and shown as the service holds it
 * (a failed save says so and leaves the switch as it was).
 */
export function NotificationPreferencesCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const preferences = useRouteQuery(gamificationRoutes.notificationPreferences, {});
  const switches = user.notification_settings;
  const rows = preferences.data?.preferences ?? [];
  // the switches above that are off and hold something here, each with its hint
  const offSwitches = [...new Set(rows.filter((p) => heldChannels(p, switches).length > 0).map((p) => p.obeys!))];
  const hintId = (key: NotificationSwitch) => `${idPrefix}-${key}-off`;
  const groups = NOTIFICATION_CATEGORIES.map((category) => ({ category, rows: rows.filter((p) => p.category === category) })).filter(
    (g) => g.rows.length > 0,
  );

  return (
    <SettingsSection
      title={t('notifications.preferences.title')}
      description={t('notifications.preferences.description')}
      testId="notification-preferences"
    >
      {preferences.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner label={false} className="text-primary" />
          {t('common.loading')}
        </p>
      ) : preferences.isError ? (
        <LoadError error={preferences.error} title={t('notifications.preferences.loadFailed')} onRetry={() => void preferences.refetch()} />
      ) : (
        <div className="space-y-5">
          <BrowserPushControl />
          {offSwitches.map((key) => (
            <p
              key={key}
              id={hintId(key)}
              className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
              data-testid={`notification-preferences-${key}-off`}
            >
              {t(key === 'email' ? 'notifications.preferences.emailOff' : 'notifications.preferences.switchOff', {
                name: t(`account.notifications.${key}`),
              })}
            </p>
          ))}
          <div aria-hidden="true" className={`hidden border-b border-slate-200 pb-2 text-xs font-semibold text-slate-600 ${COLUMNS}`}>
            <span>{t('notifications.preferences.type')}</span>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span key={channel} className="text-center">
                {t(`notifications.channels.${channel}`)}
              </span>
            ))}
          </div>
          {groups.map(({ category, rows: inCategory }) => (
            <section key={category} aria-labelledby={`${idPrefix}-${category}`}>
              <h3 id={`${idPrefix}-${category}`} className="text-sm font-semibold text-slate-900">
                {t(`notifications.filters.${category}`)}
              </h3>
              <ul className="divide-y divide-slate-100">
                {inCategory.map((preference) => (
                  <PreferenceRow
                    key={preference.type}
                    preference={preference}
                    held={heldChannels(preference, switches)}
                    hintId={preference.obeys ? hintId(preference.obeys) : undefined}
                  />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SettingsSection>
  );
}

function PreferenceRow({
  preference,
  held,
  hintId,
}: {
  preference: Preference;
  held: readonly NotificationChannel[];
  hintId: string | undefined;
}) {
  const { t } = useTranslation();
  const name = t(`notifications.types.${preference.type}`);
  return (
    <li className={`flex flex-col gap-2 py-3 sm:items-center ${COLUMNS}`} data-testid="notification-preference" data-type={preference.type}>
      <span className="text-sm font-medium break-words text-slate-900">{name}</span>
      <div className="grid grid-cols-4 gap-2 sm:contents">
        {NOTIFICATION_CHANNELS.map((channel) => {
          const label = t(`notifications.channels.${channel}`);
          return (
            <div key={channel} className="flex flex-col items-center gap-1">
              <span aria-hidden="true" className="text-xs text-slate-600 sm:hidden">
                {label}
              </span>
              {!preference.channels.includes(channel) ? (
                <>
                  <span aria-hidden="true" className="leading-6 text-slate-500">
                    —
                  </span>
                  <span className="sr-only">{t('notifications.preferences.notAvailable', { channel: label })}</span>
                </>
              ) : channel === 'in_app' ? (
                <Switch
                  checked
                  disabled
                  aria-label={t('notifications.preferences.inAppLabel', { type: name })}
                  data-testid={`pref-${preference.type}-${channel}`}
                />
              ) : (
                <ChannelSwitch
                  preference={preference}
                  channel={channel}
                  label={t('notifications.preferences.switchLabel', { type: name, channel: label })}
                  held={held.includes(channel)}
                  hintId={hintId}
                />
              )}
            </div>
          );
        })}
      </div>
    </li>
  );
}

/** One type's channel: saved on its own; it follows only a saved change. */
function ChannelSwitch({
  preference,
  channel,
  label,
  held,
  hintId,
}: {
  preference: Preference;
  channel: OutboundChannel;
  label: string;
  held: boolean;
  hintId: string | undefined;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const save = useRouteMutation(gamificationRoutes.updateNotificationPreferences, {
    onSuccess: (answer) => queryClient.setQueryData(routeKey(gamificationRoutes.notificationPreferences), answer),
  });
  const on = preference.enabled[channel] !== false;

  // not disabled while saving (the focus would leave the switch): a second press waits for the first
  const toggle = (enabled: boolean) => {
    if (save.isPending) return;
    save.mutate(
      { body: { changes: [{ type: preference.type, channel, enabled }] } },
      { onError: () => toast({ title: t('notifications.preferences.failure'), tone: 'error' }) },
    );
  };

  return (
    <Switch
      checked={!held && on}
      onCheckedChange={toggle}
      disabled={held}
      aria-label={label}
      aria-describedby={held ? hintId : undefined}
      aria-busy={save.isPending || undefined}
      data-testid={`pref-${preference.type}-${channel}`}
      data-held={held || undefined}
    />
  );
}
