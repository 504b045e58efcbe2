import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { Confirm2faBody } from './account-requests';
import { usePatchCurrentUser } from './use-patch-current-user';

/**
 * POST /users/enable-2fa: a new secret and its QR code; nothing changes until it is confirmed.
 * While two-factor is on, setting it up again takes a code of the current authenticator.
 */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: (currentCode?: string) => callRoute(identityRoutes.enable2fa, { body: currentCode ? { code: currentCode } : {} }) });
}

/** POST /users/confirm-2fa: from now on sign-in asks for an authenticator code. */
export function useConfirmTwoFactor() {
  const patchUser = usePatchCurrentUser();
  return useMutation({
    mutationFn: (body: Confirm2faBody) => callRoute(identityRoutes.confirm2fa, { body }),
    onSuccess: () => patchUser({ two_factor_enabled: true }),
  });
}
