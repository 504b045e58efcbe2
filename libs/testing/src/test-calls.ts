import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AnyRoute, Caller, RouteOutput, RouteRequest } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';

/** Calls a route's subject the way the gateway does: validated parts, the caller in headers. */
export function callRoute<R extends AnyRoute>(
  client: RpcClient,
  route: R,
  req: Partial<RouteRequest<R>> = {},
  caller: Caller | null = null,
): Promise<RouteOutput<R>> {
  return client.callRoute(route, { params: req.params ?? {}, query: req.query ?? {}, body: req.body }, { requestId: `test-${randomUUID()}`, caller });
}

/** Calls a bus-only subject (seed, bot, pricing ...). */
export function callInternal<Req extends z.ZodType, Res extends z.ZodType>(
  client: RpcClient,
  def: { subject: string; request: Req; response: Res },
  payload: z.input<Req>,
): Promise<z.infer<Res>> {
  return client.request<z.infer<Res>>(def.subject, payload, { requestId: `test-${randomUUID()}` });
}
