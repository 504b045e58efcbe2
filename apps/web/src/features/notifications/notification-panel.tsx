import { gamificationRoutes, notificationText, type Notification } from '@lp/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { Button, cn, Spinner } from '../../ui';
import { LoadError } from '../../ui/query-state';
import { appPath } from './logic';
import { BellIcon } from '../../ui/icons';
import { NotificationTime, UnreadMarker } from './notification-parts';

/** How many the panel shows: the latest ones; the rest are on /notifications. */
export const PANEL_LIMIT = 20;

const itemClasses =
  'flex w-full cursor-pointer gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset';

interface NotificationPanelProps {
  id: string;
  unread: number;
  /** a notification chosen (a linked one is a link and leads on by itself): mark it read */
  onOpen: (notification: Notification, path: string | null) => void;
  onMarkAllRead: () => void;
  markingAll: boolean;
  /** closes the panel (e.g. when "See all" is followed) */
  onClose: () => void;
}

/**
 * The bell's panel: the latest notifications (GET /notifications?limit=20), each with its
 * title, body, age and an unread dot, "Mark all read", and the way to /notifications. A
 * non-modal dialog: it takes the focus when it opens; the bell closes it (Escape, a click
 * outside, the focus leaving it).
 */
export function NotificationPanel({ id, unread, onOpen, onMarkAllRead, markingAll, onClose }: NotificationPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // asked again each time it opens: the live count may be a moment behind
  const list = useRouteQuery(gamificationRoutes.notifications, { query: { limit: PANEL_LIMIT } }, { refetchOnMount: 'always' });
  useEffect(() => panel.current?.focus(), []);
  // "Mark all read" turns disabled once nothing is unread: the focus it had stays in the panel
  useEffect(() => {
    if (document.activeElement === document.body) panel.current?.focus();
  }, [unread, markingAll]);
  const now = Date.now();

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="notification-panel"
      className={cn(
        'fixed inset-x-2 top-16 z-40 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none',
        'sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:max-h-[min(36rem,calc(100dvh-6rem))] sm:w-96',
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t('notifications.panel.title')}
        </h2>
        <Button
          variant="link"
          size="sm"
          onClick={onMarkAllRead}
          disabled={unread === 0 || markingAll}
          data-testid="notifications-mark-all-read"
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={list.isFetching || undefined}>
        {list.isPending ? (
          <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-700">
            <Spinner label={false} className="text-primary" />
            {t('notifications.panel.loading')}
          </p>
        ) : list.isError ? (
          <div className="p-3">
            <LoadError error={list.error} title={t('notifications.panel.loadFailed')} onRetry={() => void list.refetch()} />
          </div>
        ) : list.data.notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center" data-testid="notifications-empty">
            <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
              <BellIcon />
            </span>
            <h3 className="font-semibold text-slate-900">{t('notifications.panel.emptyTitle')}</h3>
            <p className="text-sm text-slate-600">{t('notifications.panel.emptyText')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.data.notifications.map((n) => (
              <PanelItem key={n.id} notification={n} now={now} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-slate-200 px-4 py-2.5 text-center">
        <Link
          to="/notifications"
          onClick={onClose}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
          data-testid="notifications-see-all"
        >
          {t('notifications.panel.seeAll')}
        </Link>
      </div>
    </div>
  );
}

function PanelItem({ notification, now, onOpen }: { notification: Notification; now: number; onOpen: NotificationPanelProps['onOpen'] }) {
  const { title, body } = notificationText(notification.type, notification.params);
  const path = appPath(notification.link);
  const content = (
    <>
      <UnreadMarker read={notification.read} />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className={cn('block text-sm break-words text-slate-900', notification.read ? 'font-medium' : 'font-semibold')}>{title}</span>
        <span className="block text-sm break-words text-slate-700">{body}</span>
        <NotificationTime at={notification.created_at} now={now} />
      </span>
    </>
  );
  const classes = cn(itemClasses, !notification.read && 'bg-primary-soft/40');
  return (
    <li
      data-testid="notification-item"
      data-read={String(notification.read)}
      data-type={notification.type}
      data-notification-id={notification.id}
    >
      {path ? (
        <Link to={path} className={classes} onClick={() => onOpen(notification, path)}>
          {content}
        </Link>
      ) : (
        <button type="button" className={classes} onClick={() => onOpen(notification, null)}>
          {content}
        </button>
      )}
    </li>
  );
}
