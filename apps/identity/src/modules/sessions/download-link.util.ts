import { ALL_ROUTES, type AnyRoute } from '@lp/contracts';

const toPattern = (route: AnyRoute): RegExp =>
  new RegExp(`^/api${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

/** Only file routes can be opened by a link: a link is never a general-purpose token. */
const FILE_ROUTES = ALL_ROUTES.filter((r) => r.method === 'GET' && r.responseKind === 'file').map((r) => ({
  route: r,
  pattern: toPattern(r),
}));

export function fileRouteOf(path: string): AnyRoute | null {
  return FILE_ROUTES.find((f) => f.pattern.test(path))?.route ?? null;
}
