import type { AnyRoute } from '@lp/contracts';

/** TanStack Query keys are the route's NATS subject plus what was sent, so one route never shares a key with another. */
export function routeKey(route: AnyRoute, args?: unknown): readonly unknown[] {
  return args === undefined ? [route.subject] : [route.subject, args];
}
