import { gamificationRoutes, NOTIFICATIONS_PAGE, notificationText, type Notification } from '@lp/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { usePageTitle } from '../../lib/use-page-title';
import {
  Button,
  cn,
  EmptyState,
  focusRing,
  PageHeader,
  Pager,
  ScrollableTabsList,
  ScrollableTabsTrigger,
  Spinner,
  Tabs,
  TabsContent,
} from '../../ui';
import { LoadError, LoadingBlock } from '../../ui/query-state';
import { appPath, filterQuery, NOTIFICATION_FILTERS, notificationFilterFrom, type NotificationFilter } from './logic';
import { BellIcon, TrashIcon } from '../../ui/icons';
import { NotificationTime, UnreadMarker } from './notification-parts';
import { useNotificationActions } from './use-notification-actions';

const PAGE_SIZE = NOTIFICATIONS_PAGE.defaultLimit;

/**
 * /notifications: every notification of the caller, newest first, a page at a time; all of
 * them, the unread ones or one category (the filter is in the URL); each marked read or deleted
 * on its own, or all marked read at once.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const title = t('notifications.menu');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const filter = notificationFilterFrom(params.get('filter'));
  const setFilter = (value: string) => setParams(value === 'all' ? {} : { filter: value }, { replace: true });
  const count = useRouteQuery(gamificationRoutes.unreadNotifications, {});
  const { markAllRead } = useNotificationActions();
  const unread = count.data?.unread ?? 0;

  return (
    <div data-testid="notifications-page" className="space-y-6">
      <PageHeader
        title={title}
        subtitle={t('notifications.page.subtitle')}
        className="mb-0 sm:mb-0"
        actions={
          <Button
            variant="outline"
            className="self-start sm:self-auto"
            onClick={() => !markAllRead.isPending && markAllRead.mutate()}
            disabled={unread === 0}
            aria-busy={markAllRead.isPending || undefined}
            data-testid="notifications-mark-all-read"
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <Tabs value={filter} onValueChange={setFilter}>
        <ScrollableTabsList aria-label={t('notifications.page.filtersLabel')}>
          {NOTIFICATION_FILTERS.map((value) => (
            <ScrollableTabsTrigger key={value} value={value} data-testid={`notifications-filter-${value}`}>
              {t(`notifications.filters.${value}`)}
            </ScrollableTabsTrigger>
          ))}
        </ScrollableTabsList>
        {NOTIFICATION_FILTERS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === filter && <NotificationList key={value} filter={value} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function NotificationList({ filter }: { filter: NotificationFilter }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const list = useRouteQuery(
    gamificationRoutes.notifications,
    { query: { limit: PAGE_SIZE, offset, ...filterQuery(filter) } },
    { placeholderData: keepPreviousData },
  );
  const { markRead, remove } = useNotificationActions();
  const total = list.data?.total ?? 0;
  const rows = list.data?.notifications ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  // the one deleted and where it stood: the focus goes on to the next one (or the empty state)
  const deleted = useRef<{ id: string; index: number } | null>(null);

  // the last one of the last page deleted (or read on Unread): the page before
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && rows.length === 0 && offset > 0) setOffset(Math.max(0, offset - PAGE_SIZE));
  }, [list.data, list.isPlaceholderData, rows.length, offset]);
  useEffect(() => {
    const gone = deleted.current;
    if (!gone || rows.some((n) => n.id === gone.id)) return;
    deleted.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[data-testid="notification-delete"]') ?? [];
    (buttons[Math.min(gone.index, buttons.length - 1)] ?? emptyRef.current)?.focus();
  }, [rows]);

  const markOne = (notification: Notification) => {
    if (!markRead.isPending) markRead.mutate({ params: { id: notification.id } });
  };
  const deleteOne = (notification: Notification, index: number) => {
    if (remove.isPending) return;
    deleted.current = { id: notification.id, index };
    remove.mutate(
      { params: { id: notification.id } },
      {
        onError: () => {
          deleted.current = null;
        },
      },
    );
  };
  const pendingId = (mutation: typeof markRead | typeof remove) => (mutation.isPending ? mutation.variables.params.id : null);

  if (list.isPending) return <LoadingBlock label={t('notifications.panel.loading')} />;
  if (list.isError) return <LoadError error={list.error} title={t('notifications.page.loadFailed')} onRetry={() => void list.refetch()} />;
  if (rows.length === 0) {
    const category = t(`notifications.filters.${filter}`);
    const [title, text] =
      filter === 'all' || filter === 'unread'
        ? [t(`notifications.page.empty.${filter}`), t(`notifications.page.empty.${filter}Text`)]
        : [t('notifications.page.empty.category', { category }), t('notifications.page.empty.categoryText')];
    return (
      <div ref={emptyRef} tabIndex={-1} className="focus:outline-none" data-testid="notifications-empty">
        <EmptyState title={title} description={text} icon={<BellIcon />} />
      </div>
    );
  }

  const now = Date.now();
  return (
    <section className="space-y-4" aria-label={t('notifications.page.listLabel', { filter: t(`notifications.filters.${filter}`) })}>
      <ul
        ref={listRef}
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        aria-busy={list.isFetching || undefined}
        data-testid="notifications-list"
      >
        {rows.map((n, index) => (
          <PageItem
            key={n.id}
            notification={n}
            now={now}
            onMarkRead={() => markOne(n)}
            onDelete={() => deleteOne(n, index)}
            marking={pendingId(markRead) === n.id}
            deleting={pendingId(remove) === n.id}
          />
        ))}
      </ul>
      <Pager
        offset={offset}
        pageSize={PAGE_SIZE}
        total={total}
        onOffset={setOffset}
        busy={list.isFetching}
        label={t('notifications.page.paging')}
        testId="notifications"
      />
    </section>
  );
}

interface PageItemProps {
  notification: Notification;
  now: number;
  onMarkRead: () => void;
  onDelete: () => void;
  /** its call is under way: the button says so but keeps the focus (a disabled one would drop it) */
  marking: boolean;
  deleting: boolean;
}

function PageItem({ notification, now, onMarkRead, onDelete, marking, deleting }: PageItemProps) {
  const { t } = useTranslation();
  const { title, body } = notificationText(notification.type, notification.params);
  const path = appPath(notification.link);
  const titleClasses = cn('break-words text-slate-900', notification.read ? 'font-medium' : 'font-semibold');

  return (
    <li
      className={cn('flex gap-3 px-4 py-4 sm:px-5', !notification.read && 'bg-primary-soft/40')}
      data-testid="notification-item"
      data-read={String(notification.read)}
      data-type={notification.type}
      data-notification-id={notification.id}
    >
      <UnreadMarker read={notification.read} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm sm:text-base">
          {path ? (
            <Link
              to={path}
              onClick={() => !notification.read && onMarkRead()}
              className={cn(
                titleClasses,
                'rounded-sm underline-offset-4 hover:text-primary hover:underline focus-visible:underline',
                focusRing,
              )}
            >
              {title}
            </Link>
          ) : (
            <span className={titleClasses}>{title}</span>
          )}
        </p>
        <p className="text-sm break-words text-slate-700">{body}</p>
        <NotificationTime at={notification.created_at} now={now} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-start">
        {!notification.read && (
          <Button
            variant="ghost"
            size="sm"
            className="px-2"
            onClick={onMarkRead}
            aria-busy={marking || undefined}
            aria-label={t('notifications.markReadLabel', { title })}
            data-testid="notification-mark-read"
          >
            {t('notifications.markRead')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-slate-600 hover:text-red-700"
          onClick={onDelete}
          aria-busy={deleting || undefined}
          aria-label={t('notifications.deleteLabel', { title })}
          data-testid="notification-delete"
        >
          {deleting ? <Spinner label={false} /> : <TrashIcon />}
        </Button>
      </div>
    </li>
  );
}
