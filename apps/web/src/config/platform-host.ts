/**
 * The host every institution's portal lives under as `<subdomain>.<platform host>` (spec 3:
 * "Subdomain forms {subdomain}.{host}").
 *
 * Decision: a deployment names it with VITE_PLATFORM_HOST (read at build time). Without it the
 * SPA derives it from the page's own host, so one build serves both the main site and every
 * portal: a host of three or more labels that is not an IP address is taken as
 * `<subdomain>.<platform host>` (academy.learnhub.example -> learnhub.example), anything shorter
 * is the platform itself. `*.localhost` is read the same way (acme.localhost -> localhost), so
 * portals can be tried locally, browsers sending every *.localhost to this machine. A main site
 * served from a three-label host (app.learnhub.example) must set VITE_PLATFORM_HOST, or its first
 * label would be read as a portal.
 */

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

/** The platform host of a page served from `hostname`, when no setting names it. */
export function derivePlatformHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIpAddress(host)) return host;
  const labels = host.split('.');
  if (labels.length >= 3 || (labels.length === 2 && labels[1] === 'localhost')) return labels.slice(1).join('.');
  return host;
}

/** The portal's subdomain when `hostname` is `<sub>.<platformHost>` (one label; `www` is the main site), else null. */
export function portalSubdomainOf(hostname: string, platformHost: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const suffix = `.${platformHost.toLowerCase()}`;
  if (!host.endsWith(suffix)) return null;
  const sub = host.slice(0, -suffix.length);
  if (sub === '' || sub.includes('.') || sub === 'www') return null;
  return sub;
}

const configured = (import.meta.env?.VITE_PLATFORM_HOST as string | undefined)?.trim().toLowerCase() || null;
const pageHostname = typeof window !== 'undefined' ? window.location.hostname : 'localhost';

export const PLATFORM_HOST: string = configured ?? derivePlatformHost(pageHostname);

/** The portal this page is served for, or null on the main site. */
export const PORTAL_SUBDOMAIN: string | null = portalSubdomainOf(pageHostname, PLATFORM_HOST);

/** The main site's address (same scheme and port as this page), for "back to the main site" links. */
export function mainSiteUrl(): string {
  if (typeof window === 'undefined') return `https://${PLATFORM_HOST}/`;
  const { protocol, port } = window.location;
  return `${protocol}//${PLATFORM_HOST}${port ? `:${port}` : ''}/`;
}
