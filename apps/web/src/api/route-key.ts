import type { AnyRoute, ServiceName } from '@lp/contracts';

/** What a query sent: the path parameters, the query string and (for a read sent as POST) the body. */
interface RouteKeyRequest {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/**
 * TanStack Query keys are the route's NATS subject plus what was sent, so one route never shares
 * a key with another: `[subject]` when nothing was sent, else `[subject, {params, query, body}]`.
 */
export function routeKey(route: AnyRoute, request: RouteKeyRequest = {}): readonly unknown[] {
  const sent = Object.fromEntries(
    Object.entries({ params: request.params, query: request.query, body: request.body }).filter(([, value]) => value !== undefined),
  );
  return Object.keys(sent).length === 0 ? [route.subject] : [route.subject, sent];
}

/**
 * What a change makes stale: one route's answers, or those of every route whose subject starts
 * with a prefix (`'catalog.'`: all of catalog; `'assessment.assignment.'`: one of its entities).
 */
export type Stale = AnyRoute | `${ServiceName}.` | `${ServiceName}.${string}.`;

/** Whether a query key is made stale by `stale`, unless it is one of the `keep` routes. */
export function isStale(key: readonly unknown[], stale: readonly Stale[], keep: readonly AnyRoute[] = []): boolean {
  const subject = key[0];
  if (typeof subject !== 'string' || keep.some((route) => route.subject === subject)) return false;
  return stale.some((s) => (typeof s === 'string' ? subject.startsWith(s) : s.subject === subject));
}
