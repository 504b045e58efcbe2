import type { Portal, User } from '@lp/contracts';
import { STORAGE_KEYS, writeToken } from '../../api/token-store';

export type InstitutionRef = User['institution'];

export interface SignedInSession {
  token: string;
  user: User;
  /** the portal (institution) the token is scoped to; defaults to the user's own */
  institution?: InstitutionRef;
  portals?: Portal[];
}

/** Stores the three browser-kept values of the spec. */
export function storeSession({ token, user, institution, portals }: SignedInSession): void {
  writeToken(token);
  localStorage.setItem(STORAGE_KEYS.currentInstitution, JSON.stringify(institution ?? user.institution));
  localStorage.setItem(STORAGE_KEYS.availablePortals, JSON.stringify(portals ?? user.available_portals));
}

export function storePortalSwitch(token: string, institution: InstitutionRef, portals: Portal[]): void {
  writeToken(token);
  localStorage.setItem(STORAGE_KEYS.currentInstitution, JSON.stringify(institution));
  localStorage.setItem(STORAGE_KEYS.availablePortals, JSON.stringify(portals));
}

export function clearStoredSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}
