import { identityRoutes, type RouteRequest } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';

type ComingSoonBody = RouteRequest<typeof identityRoutes.comingSoonSubscribe>['body'];

export function useComingSoonSubscribe() {
  return useMutation({ mutationFn: (body: ComingSoonBody) => callRoute(identityRoutes.comingSoonSubscribe, { body }) });
}
