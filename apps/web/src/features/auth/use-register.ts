import { identityRoutes } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../api/client';
import type { RegisterBody } from './auth-requests';
import type { SignedInSession } from './session-storage';

async function register(body: RegisterBody): Promise<SignedInSession> {
  const answer = await callRoute(identityRoutes.register, { body });
  return { token: answer.token, user: answer.user };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
