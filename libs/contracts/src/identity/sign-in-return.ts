import { SelfRegisterRoleSchema, type SelfRegisterRole } from '../common/roles.js';

/**
 * How an external sign-in hands the browser back, in the URL hash (never sent to a server):
 * `#session_id=...&role=...` when the provider vouched for the person (the SPA exchanges it at
 * POST /auth/session), `#sign_in_error=...` when it did not. Written by the gateway's Google
 * callback and the development stand-in's page, read by the SPA.
 */
export interface ReturnedSession {
  session_id: string;
  role?: SelfRegisterRole;
}

/** The role a sign-in was started for: a self-registration role, learner when missing or unknown. */
export const signInRoleOf = (value: unknown): SelfRegisterRole => SelfRegisterRoleSchema.catch('learner').parse(value);

export function sessionHash(sessionId: string, role: SelfRegisterRole): string {
  return `#${new URLSearchParams({ session_id: sessionId, role }).toString()}`;
}

export function signInErrorHash(reason: 'google' | 'unavailable'): string {
  return `#${new URLSearchParams({ sign_in_error: reason }).toString()}`;
}

export function readSessionHash(hash: string): ReturnedSession | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const sessionId = params.get('session_id');
  if (!sessionId) return null;
  const role = SelfRegisterRoleSchema.safeParse(params.get('role'));
  return role.success ? { session_id: sessionId, role: role.data } : { session_id: sessionId };
}

export function readSignInError(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('sign_in_error');
}
