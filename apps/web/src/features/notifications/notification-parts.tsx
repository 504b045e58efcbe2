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

/** A bell (decorative: the control around it carries the name). */
export function BellIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function TrashIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
