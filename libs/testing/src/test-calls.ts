import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AnyRoute, Caller, RouteOutput, RouteRequest } from '@lp/contracts';
import { CallerSigner, type RpcClient } from '@lp/bus';
import { DEV_CALLER_KEYS } from '@lp/service-kit';

/** Tests sign callers as the gateway would, with the development key pair the services accept under NODE_ENV=test. */
export const testCallerSigner = new CallerSigner(DEV_CALLER_KEYS.privateKey);

/** Calls a route's subject the way the gateway does: validated parts, the caller signed. */
export function callRoute<R extends AnyRoute>(
  client: RpcClient,
  route: R,
  req: Partial<RouteRequest<R>> = {},
  caller: Caller | null = null,
): Promise<RouteOutput<R>> {
  return client.callRoute(
    route,
    { params: req.params ?? {}, query: req.query ?? {}, body: req.body, headers: req.headers ?? {} },
    { requestId: `test-${randomUUID()}`, ...(caller ? { callerAssertion: testCallerSigner.sign(caller) } : {}) },
  );
}

/** Calls a bus-only subject (seed, bot, pricing ...). */
export function callInternal<Req extends z.ZodType, Res extends z.ZodType>(
  client: RpcClient,
  def: { subject: string; request: Req; response: Res },
  payload: z.input<Req>,
): Promise<z.infer<Res>> {
  return client.request<z.infer<Res>>(def.subject, payload, { requestId: `test-${randomUUID()}` });
}
