/** The portal feature's public entry: an institution's branded portal and switching between a user's portals. */
export { PortalBrandLogo } from './portal-brand-logo';
export { SubdomainPortal } from './subdomain-portal';
export { storeSwitchedPortal, usePortals, useSwitchPortal } from './use-portals';
