import type { AccessLevel } from '@lp/contracts';

/** An admin membership of the caller: the institution it is of and its access level. */
export interface AdminRoot {
  institutionId: string;
  accessLevel: AccessLevel;
}

/** read: any admin member; write: not readonly; admin: access level admin (keys, plans, billing) */
export type AccessNeed = 'read' | 'write' | 'admin';

/**
 * The admin membership that decides the access to an institution: the nearest one on the way
 * up its path (the institution itself first, then its parent ...); undefined when none.
 */
export function nearestRoot(pathIds: readonly string[], roots: readonly AdminRoot[]): AdminRoot | undefined {
  for (let i = pathIds.length - 1; i >= 0; i--) {
    const root = roots.find((r) => r.institutionId === pathIds[i]);
    if (root) return root;
  }
  return undefined;
}

/**
 * Where the caller's view of an institution starts: the nearest administered institution on
 * its path, narrowed to an API key's own institution when that lies further down (a key acts
 * inside its institution's subtree only). Null when the caller reaches the institution not at all.
 */
export function accessTop(
  pathIds: readonly string[],
  roots: readonly AdminRoot[],
  keyInstitutionId: string | null,
): { via: AdminRoot; top: string } | null {
  const via = nearestRoot(pathIds, roots);
  if (!via) return null;
  if (keyInstitutionId && !pathIds.includes(keyInstitutionId)) return null;
  const top =
    keyInstitutionId && pathIds.indexOf(keyInstitutionId) > pathIds.indexOf(via.institutionId) ? keyInstitutionId : via.institutionId;
  return { via, top };
}

/** Whether an access level meets a need; the refusal's kind when it does not. */
export function accessRefusal(level: AccessLevel, need: AccessNeed): 'readonly' | 'adminRequired' | null {
  if (need !== 'read' && level === 'readonly') return 'readonly';
  if (need === 'admin' && level !== 'admin') return 'adminRequired';
  return null;
}
