import { identityRoutes } from '@lp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import { routeKey } from '../../api/route-key';

const statusKey = routeKey(identityRoutes.telegramLinkStatus);

/** While a code is out, the status is polled so the card turns to "linked" once the bot confirms. */
export function useTelegramLinkStatus({ poll }: { poll: boolean }) {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callRoute(identityRoutes.telegramLinkStatus, { signal }),
    refetchInterval: poll ? 5000 : false,
  });
}

export function useGenerateTelegramCode() {
  return useMutation({ mutationFn: () => callRoute(identityRoutes.telegramGenerateLinkCode) });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(identityRoutes.telegramUnlink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
