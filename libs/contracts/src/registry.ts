import type { AnyRoute } from './common/route.js';
import type { EventDef } from './common/event.js';
import { identityRoutes } from './identity/routes.js';
import { identityEvents } from './identity/events.js';
import { catalogRoutes } from './catalog/routes.js';
import { catalogEvents } from './catalog/events.js';
import { assessmentRoutes } from './assessment/routes.js';
import { assessmentEvents } from './assessment/events.js';
import { billingEvents } from './billing/events.js';

/** Every HTTP route of the platform, grouped by owning service. */
export const routesByService = {
  identity: identityRoutes,
  catalog: catalogRoutes,
  assessment: assessmentRoutes,
} as const;

export const ALL_ROUTES: readonly AnyRoute[] = Object.values(routesByService).flatMap((g) => Object.values(g) as AnyRoute[]);

export const ALL_EVENTS: readonly EventDef[] = [
  ...Object.values(identityEvents),
  ...Object.values(catalogEvents),
  ...Object.values(assessmentEvents),
  // declared here, emitted by billing once it lands (catalog consumes it today)
  ...Object.values(billingEvents),
];

export function findEvent(name: string): EventDef | undefined {
  return ALL_EVENTS.find((e) => e.name === name);
}
