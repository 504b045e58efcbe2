import { gamificationRoutes, type GamificationProfile } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '../../api/route-hooks';
import { routeKey } from '../../api/route-key';

/**
 * PUT /gamification/settings from account settings: the saved answer goes into the caller's
 * profile at once, so a switch or a select shows it without asking again. `boards`: a change that
 * moves the caller on the leaderboards (hiding) asks them again.
 */
export function useUpdateGamificationSettings({ boards = false }: { boards?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useRouteMutation(gamificationRoutes.updateSettings, {
    ...(boards ? { invalidates: ['gamification.'] } : {}),
    onSuccess: (settings) =>
      queryClient.setQueryData<GamificationProfile>(routeKey(gamificationRoutes.me), (old) => (old ? { ...old, settings } : old)),
  });
}
