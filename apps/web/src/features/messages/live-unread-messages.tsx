import { communityRoutes, LIVE_FEEDS } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useInvalidate } from '../../api/route-hooks';
import { routeKey } from '../../api/route-key';
import { useLiveFeed } from '../community';
import { isMessageTo } from './logic';

/**
 * Keeps the shell's unread-messages count live from the caller's own feed (/api/live/me, the
 * bell's stream: one stream for both): a message to the caller shows on the badge at once and
 * the count is asked again; a reopened stream asks again (events of the gap are not replayed).
 * Reading a conversation lowers it through the inbox's own mark-read. Renders nothing.
 */
export function LiveUnreadMessages({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const reload = useCallback(() => void invalidate([communityRoutes.directMessagesUnread]), [invalidate]);
  useLiveFeed(
    LIVE_FEEDS.me.path,
    (e) => {
      if (!isMessageTo(e, userId)) return;
      queryClient.setQueryData<{ unread: number }>(routeKey(communityRoutes.directMessagesUnread), (old) =>
        old ? { unread: old.unread + 1 } : old,
      );
      reload();
    },
    { onReopen: reload },
  );
  return null;
}
