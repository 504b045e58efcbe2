import { gamificationRoutes, LIVE_FEEDS, type Notification } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useInvalidate } from '../../api/route-hooks';
import { routeKey } from '../../api/route-key';
import { useLiveFeed } from '../community';
import { createdNotificationOf } from './logic';

type LiveEvent = Parameters<Parameters<typeof useLiveFeed>[1]>[0];

/**
 * Follows the caller's own feed (GET /api/live/me, the stream the level and badge toasts read:
 * one stream for both) for new notifications: the bell's count shows the one the event brought
 * at once, and the count and the lists are asked again (two stores at once may each carry one
 * less than the truth). A reopened stream reloads them (events of the gap are not replayed).
 * Renders nothing.
 */
export function LiveNotifications({ userId, onCreated }: { userId: string; onCreated?: (notification: Notification) => void }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const reload = useCallback(
    () => void invalidate([gamificationRoutes.unreadNotifications, gamificationRoutes.notifications]),
    [invalidate],
  );

  const onEvent = (e: LiveEvent) => {
    const created = createdNotificationOf(e, userId);
    if (!created) return;
    queryClient.setQueryData(routeKey(gamificationRoutes.unreadNotifications), { unread: created.unread });
    reload();
    onCreated?.(created.notification);
  };
  useLiveFeed(LIVE_FEEDS.me.path, onEvent, { onReopen: reload });
  return null;
}
