import { communityRoutes } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useInvalidate } from '../../../api/route-hooks';
import { routeKey } from '../../../api/route-key';
import type { GroupMessage } from '@lp/contracts';
import { messageFromEvent, withMessage } from '../format';
import { liveFeedPath, useLiveFeed, type LiveEvent } from '../live';

/** The messages list's cache key (the list is asked for with no query: the latest 50). */
export const messagesKey = (groupId: string) => routeKey(communityRoutes.groupMessages, { params: { id: groupId } });

/** Adds one message to the shown list, once (the sender has it from its POST answer and from the feed). */
export function useAddMessage(): (message: GroupMessage) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message) =>
      queryClient.setQueryData<GroupMessage[]>(messagesKey(message.group_id), (list) => (list ? withMessage(list, message) : list)),
    [queryClient],
  );
}

/**
 * A group's live feed while its workspace is open (members only): a new message joins the list,
 * a new Group Discussions post reloads the posts; after a drop both lists are reloaded.
 */
export function useGroupLiveFeed(groupId: string | null): void {
  const addMessage = useAddMessage();
  const invalidate = useInvalidate();
  const onEvent = (e: LiveEvent) => {
    if (e.event === 'community.message.posted') {
      const message = messageFromEvent(e.data);
      if (message && message.group_id === groupId) addMessage(message);
    } else if (e.event === 'community.forum-post.created') {
      void invalidate([communityRoutes.groupPosts]);
    }
  };
  useLiveFeed(groupId ? liveFeedPath.studyGroup(groupId) : null, onEvent, {
    onReopen: () => void invalidate([communityRoutes.groupMessages, communityRoutes.groupPosts]),
  });
}
