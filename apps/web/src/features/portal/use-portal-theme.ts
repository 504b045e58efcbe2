import { institutionRoutes, type Branding, type User } from '@lp/contracts';
import { useEffect } from 'react';
import { useRouteQuery } from '../../api/route-hooks';
import { applyThemeVariables, themeVariables } from './theme';

/** What a portal shows of its institution: its name and white-label settings. */
export interface PortalBrand extends Branding {
  institution_id: string;
  name: string;
}

/** Branding changes rarely; a portal's look must not flicker back on every window focus. */
const BRANDING_STALE_MS = 5 * 60_000;

const brandOf = (source: PortalBrand | null | undefined): PortalBrand | null =>
  source
    ? {
        institution_id: source.institution_id,
        name: source.name,
        logo_url: source.logo_url,
        primary_color: source.primary_color,
        secondary_color: source.secondary_color,
        custom_text: source.custom_text,
      }
    : null;

/**
 * The branding of the signed-in user's current institution. Its admin reads the institution
 * itself (GET /institutions/{id}: the settings as just saved, even while pending verification);
 * any other member, or an admin whose read is refused (a portal they only belong to), reads the
 * public portal branding by subdomain, which answers for verified institutions only.
 */
export function usePortalBranding(user: User | null): PortalBrand | null {
  const institution = user?.institution ?? null;
  const asAdmin = user?.role === 'institution' && institution !== null;
  const own = useRouteQuery(
    institutionRoutes.get,
    { params: { id: institution?.id } },
    { enabled: asAdmin, retry: false, staleTime: BRANDING_STALE_MS },
  );
  const subdomain = institution?.subdomain ?? '';
  const byHost = useRouteQuery(
    institutionRoutes.portalBySubdomain,
    { query: { subdomain } },
    { enabled: institution !== null && subdomain !== '' && (!asAdmin || own.isError), retry: false, staleTime: BRANDING_STALE_MS },
  );
  if (!institution) return null;
  if (asAdmin && own.data) return brandOf({ ...own.data, institution_id: own.data.id });
  return brandOf(byHost.data);
}

/** Puts a portal's colours on the document root while `brand` is shown; the product's come back after. */
export function useApplyBrandColours(brand: Pick<Branding, 'primary_color' | 'secondary_color'> | null): void {
  const primary = brand?.primary_color ?? null;
  const secondary = brand?.secondary_color ?? null;
  useEffect(() => {
    const style = document.documentElement.style;
    applyThemeVariables(style, themeVariables({ primary_color: primary, secondary_color: secondary }));
    return () => applyThemeVariables(style, {});
  }, [primary, secondary]);
}

/** The shell's white-label theme: fetched for the current institution and applied to the whole SPA. */
export function usePortalTheme(user: User | null): PortalBrand | null {
  const brand = usePortalBranding(user);
  useApplyBrandColours(brand);
  return brand;
}
