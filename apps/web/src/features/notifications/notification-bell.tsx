import { gamificationRoutes, notificationText, type Notification, type User } from '@lp/contracts';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useRouteQuery } from '../../api/route-hooks';
import { cn, focusRing } from '../../ui';
import { LiveNotifications } from './lazy-live-notifications';
import { badgeText } from './logic';
import { NotificationPanel } from './notification-panel';
import { BellIcon } from '../../ui/icons';
import { useNotificationActions } from './use-notification-actions';

/**
 * The shell header's bell for every signed-in user: the unread count (GET
 * /notifications/unread-count), kept live by the caller's own feed, and the panel of the latest
 * notifications it opens. Quiet when the service cannot answer: no count, the panel says why.
 */
export function NotificationBell({ user }: { user: User }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const count = useRouteQuery(gamificationRoutes.unreadNotifications, {});
  const unread = count.data?.unread ?? 0;
  const { markRead, markAllRead } = useNotificationActions();

  // another page closes it
  useEffect(() => setOpen(false), [pathname]);

  // a press anywhere outside closes it, leaving the focus where the press put it
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = () => {
    if (!open) void count.refetch();
    setOpen(!open);
  };
  const closeToBell = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    closeToBell();
  };
  // Tab past the panel's last control (or Shift+Tab before the bell) closes it
  const onBlur = (event: FocusEvent) => {
    if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  // a linked one is a link: it leads on by itself, and the panel closes behind it
  const openNotification = (notification: Notification, path: string | null) => {
    if (!notification.read) markRead.mutate({ params: { id: notification.id } });
    if (path) setOpen(false);
  };
  const announce = useCallback(
    (notification: Notification) =>
      setAnnouncement(t('notifications.bell.announce', { title: notificationText(notification.type, notification.params).title })),
    [t],
  );

  return (
    <div ref={wrapper} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unread > 0 ? t('notifications.bell.labelUnread', { count: unread }) : t('notifications.bell.label')}
        onClick={toggle}
        className={cn(
          'relative inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
          open && 'bg-slate-100',
          focusRing,
        )}
        data-testid="notification-bell"
        data-unread={unread}
      >
        <BellIcon className="size-6" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 h-5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white tabular-nums"
            data-testid="notification-bell-count"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <NotificationPanel
          id={panelId}
          unread={unread}
          onOpen={openNotification}
          onMarkAllRead={() => markAllRead.mutate()}
          markingAll={markAllRead.isPending}
          onClose={() => setOpen(false)}
        />
      )}
      <span role="status" className="sr-only">
        {announcement}
      </span>
      <LiveNotifications userId={user.id} onCreated={announce} />
    </div>
  );
}
