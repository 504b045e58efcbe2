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
