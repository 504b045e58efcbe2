import { gamificationRoutes, type Notification, type RouteOutput } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidate, useRouteMutation } from '../../api/route-hooks';
import { routeKey } from '../../api/route-key';
import { useToast } from '../../ui';

type NotificationList = RouteOutput<typeof gamificationRoutes.notifications>;

/**
 * After a change the service answered: the bell's count set to the unread count it sent, every
 * list shown (the panel's, the page's) changed at once the same way, then asked again (a
 * notification read on the Unread filter leaves it; the next page fills a deleted one's place).
 */
function useSettle() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useCallback(
    (unread: number, change: (list: Notification[]) => Notification[]) => {
      queryClient.setQueryData(routeKey(gamificationRoutes.unreadNotifications), { unread });
      queryClient.setQueriesData<NotificationList>({ queryKey: [gamificationRoutes.notifications.subject] }, (old) => {
        if (!old) return old;
        const notifications = change(old.notifications);
        return { notifications, unread, total: old.total - (old.notifications.length - notifications.length) };
      });
      void invalidate([gamificationRoutes.notifications]);
    },
    [queryClient, invalidate],
  );
}

/**
 * Marking read (one or all) and deleting, for the bell's panel and /notifications alike. A
 * failure says so in a toast and changes nothing; the calls finish (and the count follows)
 * even when the panel closed or the page was left meanwhile.
 */
export function useNotificationActions() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const settle = useSettle();
  const markRead = useRouteMutation(gamificationRoutes.markNotificationRead, {
    onSuccess: (answer) => settle(answer.unread, (list) => list.map((n) => (n.id === answer.notification.id ? answer.notification : n))),
    onError: () => toast({ title: t('notifications.failures.markRead'), tone: 'error' }),
  });
  const markAllRead = useRouteMutation(gamificationRoutes.markAllNotificationsRead, {
    onSuccess: (answer) => settle(answer.unread, (list) => list.map((n) => (n.read ? n : { ...n, read: true }))),
    onError: () => toast({ title: t('notifications.failures.markAllRead'), tone: 'error' }),
  });
  const remove = useRouteMutation(gamificationRoutes.deleteNotification, {
    onSuccess: (answer, args) => {
      settle(answer.unread, (list) => list.filter((n) => n.id !== args.params.id));
      toast({ title: t('notifications.deleted'), tone: 'success' });
    },
    onError: () => toast({ title: t('notifications.failures.delete'), tone: 'error' }),
  });
  return { markRead, markAllRead, remove };
}
