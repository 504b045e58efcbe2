import type { RouteOutput, institutionRoutes } from '@lp/contracts';
import type { BrandingRow } from './institutions.repository.js';

type Portal = RouteOutput<typeof institutionRoutes.portalBySubdomain>;
type Brand = 'logo_url' | 'primary_color' | 'secondary_color' | 'custom_text';

/**
 * A verified institution's public face from its lineage (itself first, then its ancestors
 * upwards): branding it does not set itself is inherited from the nearest ancestor that does,
 * when it inherits branding. Null when the portal is not to be shown (unknown, or not verified).
 */
export function portalBranding(lineage: readonly BrandingRow[]): Portal | null {
  const self = lineage[0];
  if (!self || self.verification_status !== 'verified') return null;
  const from = self.inherit_branding ? lineage : [self];
  const pick = (k: Brand) => from.find((r) => r[k] !== null)?.[k] ?? null;
  return {
    institution_id: self.id,
    name: self.name,
    subdomain: self.subdomain,
    logo_url: pick('logo_url'),
    primary_color: pick('primary_color'),
    secondary_color: pick('secondary_color'),
    custom_text: pick('custom_text'),
  };
}
