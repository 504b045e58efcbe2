import { SelfRegisterRoleSchema, type SelfRegisterRole } from '@lp/contracts';

export interface ReturnedSession {
  session_id: string;
  role?: SelfRegisterRole;
}

/** Reads `#session_id=...&role=...`, the way an external sign-in hands the browser back. */
export function readSessionHash(hash: string): ReturnedSession | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const sessionId = params.get('session_id');
  if (!sessionId) return null;
  const role = SelfRegisterRoleSchema.safeParse(params.get('role'));
  return role.success ? { session_id: sessionId, role: role.data } : { session_id: sessionId };
}

export function sessionHash(sessionId: string, role: SelfRegisterRole): string {
  return `#${new URLSearchParams({ session_id: sessionId, role }).toString()}`;
}

/** `#sign_in_error=...`: the gateway sent the browser back from a Google sign-in that did not pass. */
export function readSignInError(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('sign_in_error');
}
