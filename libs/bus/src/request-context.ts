import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError, type Caller } from '@lp/contracts';

/**
 * Who a piece of work is for and which request it belongs to, carried by the runtime
 * (AsyncLocalStorage) from where a request or an event enters a service to everything it
 * awaits: the logger stamps it on each line, writeEvent stores the request id beside the
 * event, RpcClient passes both on, UnitOfWork hands them to PostgreSQL. Nothing passes them
 * by hand.
 */
export interface RequestContext {
  readonly requestId: string;
  /** the signed-in user; null on public routes, bus-only calls and events */
  readonly caller: Caller | null;
  /** the caller's signed assertion as received, so a call onward carries the gateway's signature */
  readonly callerAssertion?: string;
  /** the subject or event being handled, for the logs */
  readonly subject?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and all it awaits) inside `ctx`. */
export function runInContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The context of the work in progress, if any (none at boot or in a timer started outside a request). */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The signed-in caller of a guarded route; a 401 when the work has none (the route's guard refused it before). */
export function currentCaller(): Caller {
  const caller = storage.getStore()?.caller;
  if (!caller) throw AppError.unauthenticated();
  return caller;
}

/** The caller when there is one: public routes that answer more to a signed-in user. */
export function optionalCaller(): Caller | null {
  return storage.getStore()?.caller ?? null;
}
