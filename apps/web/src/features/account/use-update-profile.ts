import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import { useSession } from '../auth/session-context';
import type { ProfileBody } from './account-requests';

/** PUT /users/profile; on success the local user becomes the server's answer. */
export function useUpdateProfile() {
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: (body: ProfileBody) => callRoute(identityRoutes.updateProfile, { body }),
    onSuccess: (answer) => updateUser(answer.user),
  });
}
