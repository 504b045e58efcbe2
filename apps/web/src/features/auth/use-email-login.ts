import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { LoginBody } from './auth-requests';
import type { SignedInSession } from './session-storage';

/** Spec 7: cross-portal login first (it also names the portals); on any failure, plain login. */
async function login(body: LoginBody): Promise<SignedInSession> {
  try {
    const answer = await callRoute(identityRoutes.crossPortalLogin, { body });
    return {
      token: answer.access_token,
      user: answer.user,
      institution: answer.institution,
      portals: answer.available_portals,
    };
  } catch {
    const answer = await callRoute(identityRoutes.login, { body });
    return { token: answer.token, user: answer.user };
  }
}

export function useEmailLogin() {
  return useMutation({ mutationFn: login });
}
