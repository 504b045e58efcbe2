import { identityRoutes, type Portal, type RouteOutput, type User } from '@lp/contracts';
import { useRouteMutation, useRouteQuery } from '../../api/route-hooks';
import { PRODUCT_NAME } from '../../config/product';
import { storePortalSwitch } from '../auth';

/** Spec 3: when the portal list cannot be loaded, the switcher shows the one current portal. */
export function currentPortalOf(user: User): Portal {
  return {
    institution_id: user.institution?.id ?? '',
    name: user.institution?.name ?? PRODUCT_NAME,
    subdomain: user.institution?.subdomain ?? null,
    role: user.role,
    is_primary: true,
    is_current: true,
  };
}

export function usePortals(user: User): { portals: Portal[]; loading: boolean } {
  const query = useRouteQuery(identityRoutes.portalContext, {}, { retry: false });
  const loaded = query.data?.available_portals ?? [];
  return { portals: loaded.length > 0 ? loaded : [currentPortalOf(user)], loading: query.isPending };
}

/** Keeps a switch's answer as the session: its token, its institution, and the portals with it current. */
export function storeSwitchedPortal(
  answer: RouteOutput<typeof identityRoutes.switchPortal>,
  portals: Portal[],
  targetInstitutionId: string,
): void {
  const updated = portals.map((p) => ({ ...p, is_current: p.institution_id === targetInstitutionId }));
  storePortalSwitch(answer.access_token, answer.institution, updated);
}

/** Switching replaces the stored token and reloads, so every screen starts again in the new portal. */
export function useSwitchPortal(portals: Portal[]) {
  return useRouteMutation(identityRoutes.switchPortal, {
    onSuccess: (answer, { body }) => {
      storeSwitchedPortal(answer, portals, body.target_institution_id);
      window.location.reload();
    },
  });
}
