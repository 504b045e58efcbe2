import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { DevProviderBody } from './auth-requests';

/** The local development provider that stands in for Google; answers a session_id. */
export function useDevProviderSession() {
  return useMutation({ mutationFn: (body: DevProviderBody) => callRoute(identityRoutes.devProviderSession, { body }) });
}
