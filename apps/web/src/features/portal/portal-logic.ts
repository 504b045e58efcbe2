import type { Portal } from '@lp/contracts';
import { isApiError } from '../../api/api-error';

/**
 * The portal to switch to on `<sub>.<platform host>` after sign-in: the host's institution when
 * the user may enter it and it is not already current; null otherwise (no access: they stay in
 * their own portal).
 */
export function autoSwitchTarget(portals: readonly Portal[], hostInstitutionId: string | null | undefined): string | null {
  if (!hostInstitutionId) return null;
  const portal = portals.find((p) => p.institution_id === hostInstitutionId);
  return portal && !portal.is_current ? portal.institution_id : null;
}

/** An unknown (or not yet verified) subdomain: GET /portals/by-subdomain answers 404. */
export function isUnknownPortal(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * One automatic switch per portal and browser tab: when the server keeps reporting another
 * portal as current after a switch, the page must not reload for ever.
 */
const TRIED_KEY = 'portal_auto_switch';

export function alreadyTriedSwitch(storage: Pick<Storage, 'getItem'>, institutionId: string): boolean {
  return storage.getItem(TRIED_KEY) === institutionId;
}

export function rememberSwitchTry(storage: Pick<Storage, 'setItem'>, institutionId: string): void {
  storage.setItem(TRIED_KEY, institutionId);
}
