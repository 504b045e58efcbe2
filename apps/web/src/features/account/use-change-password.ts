import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { ChangePasswordBody } from './account-requests';

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => callRoute(identityRoutes.changePassword, { body }) });
}
