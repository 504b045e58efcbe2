/** Browser-stored values named by the spec (section 3): token, current_institution, available_portals. */
export const STORAGE_KEYS = {
  token: 'token',
  currentInstitution: 'current_institution',
  availablePortals: 'available_portals',
} as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function writeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}
