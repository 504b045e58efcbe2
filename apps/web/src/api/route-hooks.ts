import type { AnyRoute, RouteOutput, RouteRequest } from '@lp/contracts';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryFunctionContext,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute, type LooseArgs, type RouteArgs } from './client';
import { isStale, routeKey, type Stale } from './route-key';

const call = callRoute as (route: AnyRoute, args?: LooseArgs) => Promise<unknown>;

type Params<Rt extends AnyRoute> = RouteRequest<Rt>['params'];

/**
 * A query's request, read off the route like callRoute's: a path parameter may still be
 * unknown (undefined, e.g. a route param not there yet), which holds the query back until it is.
 */
type QueryRequest<Rt extends AnyRoute> = Omit<RouteArgs<Rt>, 'params'> &
  ([Params<Rt>] extends [undefined] ? { params?: undefined } : { params: { [K in keyof Params<Rt>]: Params<Rt>[K] | undefined } });

type RouteQueryOptions<Rt extends AnyRoute, TData = RouteOutput<Rt>> = Omit<
  UseQueryOptions<RouteOutput<Rt>, Error, TData>,
  'queryKey' | 'queryFn' | 'enabled'
> & { enabled?: boolean };

/** The options of one route's query (key, fetch, enabled), for useQuery, useQueries or queryClient.fetchQuery. */
export function routeQuery<Rt extends AnyRoute, TData = RouteOutput<Rt>>(
  route: Rt,
  request: QueryRequest<Rt>,
  options: RouteQueryOptions<Rt, TData> = {},
) {
  const args = request as LooseArgs;
  const ready = Object.values(args.params ?? {}).every((value) => value !== undefined);
  return {
    ...options,
    queryKey: routeKey(route, args),
    queryFn: ({ signal }: QueryFunctionContext) => call(route, { ...args, signal }) as Promise<RouteOutput<Rt>>,
    enabled: ready && (options.enabled ?? true),
  };
}

/** GETs one declared route, keyed by its subject and what it sends (see routeKey). */
export function useRouteQuery<Rt extends AnyRoute, TData = RouteOutput<Rt>>(
  route: Rt,
  request: QueryRequest<Rt>,
  options?: RouteQueryOptions<Rt, TData>,
) {
  return useQuery(routeQuery(route, request, options));
}

// `{} extends T` asks "is every field of T optional?": then mutate() needs no argument.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type MutationArgs<Rt extends AnyRoute> = {} extends RouteArgs<Rt> ? RouteArgs<Rt> | void : RouteArgs<Rt>;

interface RouteMutationOptions<Rt extends AnyRoute, TContext = unknown> extends Omit<
  UseMutationOptions<RouteOutput<Rt>, Error, MutationArgs<Rt>, TContext>,
  'mutationFn'
> {
  /** the answers a success makes stale: they are asked again (active ones at once) */
  invalidates?: readonly Stale[];
  /** answers not asked again although `invalidates` covers them (reading them opens a new quiz session) */
  keeps?: readonly AnyRoute[];
}

/** Calls one declared route; `mutate` takes what callRoute takes (params, query, body). */
export function useRouteMutation<Rt extends AnyRoute, TContext = unknown>(route: Rt, options: RouteMutationOptions<Rt, TContext> = {}) {
  const { invalidates, keeps, onSuccess, ...rest } = options;
  const invalidate = useInvalidate();
  return useMutation<RouteOutput<Rt>, Error, MutationArgs<Rt>, TContext>({
    ...rest,
    mutationFn: (args) => call(route, args ?? undefined) as Promise<RouteOutput<Rt>>,
    onSuccess: (...success) => {
      if (invalidates) void invalidate(invalidates, keeps);
      return onSuccess?.(...success);
    },
  });
}

/** Marks answers stale after a change made outside useRouteMutation; the shown ones are asked again. */
export function useInvalidate(): (stale: readonly Stale[], keep?: readonly AnyRoute[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (stale, keep) => queryClient.invalidateQueries({ predicate: (query) => isStale(query.queryKey, stale, keep) }),
    [queryClient],
  );
}
