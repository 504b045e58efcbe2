import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';

export function useDeleteAccount() {
  return useMutation({ mutationFn: () => callRoute(identityRoutes.deleteAccount) });
}
