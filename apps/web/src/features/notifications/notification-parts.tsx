import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../i18n/format-date';
import { cn } from '../../ui';
import { relativeTime } from './logic';

/** When it came: "5 minutes ago", its full date and time on hover and for machines. */
export function NotificationTime({ at, now }: { at: string; now: number }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <time dateTime={at} title={formatDateTime(at)} className="text-xs text-slate-600">
      {relativeTime(at, now, i18n.language) ?? t('notifications.justNow')}
    </time>
  );
}

/** The unread dot, said as "Unread" to a screen reader; read ones keep its room so the texts line up. */
export function UnreadMarker({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="mt-1.5 flex size-2.5 shrink-0 items-center justify-center" data-testid={read ? undefined : 'notification-unread'}>
      <span aria-hidden="true" className={cn('size-2.5 rounded-full', read ? 'bg-transparent' : 'bg-primary')} />
      {!read && <span className="sr-only">{t('notifications.unread')}</span>}
    </span>
  );
}
