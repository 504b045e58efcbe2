import type { User } from '@lp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserKey } from '../auth';

/** Applies a confirmed server change to the local copy of the signed-in user. */
export function usePatchCurrentUser(): (patch: Partial<User>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (patch: Partial<User>) => queryClient.setQueryData<User>(currentUserKey, (user) => (user ? { ...user, ...patch } : user)),
    [queryClient],
  );
}
