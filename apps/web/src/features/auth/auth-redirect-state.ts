import type { AuthMode } from './auth-modal/auth-mode';

/** What a guard hands to the landing page when it sends a signed-out visitor there. */
export interface AuthRedirectState {
  auth?: AuthMode;
  /** where the visitor was going; only same-site paths are honoured */
  from?: string;
}

function isSameSitePath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

export function readAuthRedirectState(state: unknown): AuthRedirectState {
  if (!state || typeof state !== 'object') return {};
  const { auth, from } = state as Record<string, unknown>;
  return {
    ...(auth === 'login' || auth === 'register' ? { auth } : {}),
    ...(isSameSitePath(from) ? { from } : {}),
  };
}
