import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { SessionExchangeBody } from './auth-requests';
import type { SignedInSession } from './session-storage';

async function exchange(body: SessionExchangeBody): Promise<SignedInSession> {
  const answer = await callRoute(identityRoutes.sessionExchange, { body });
  return { token: answer.session_token, user: answer.user };
}

/** POST /auth/session: trades the external sign-in's session_id for a platform token. */
export function useSessionExchange() {
  return useMutation({ mutationFn: exchange });
}
