import 'reflect-metadata';
import type { z } from 'zod';
import type { AnyRoute, EventDef, InternalDef } from '@lp/contracts';
import type { EventContext, HandlerContext, HandlerOptions, RouteHandler } from '@lp/bus';

export const ROUTE_META = Symbol('lp:route');
export const INTERNAL_META = Symbol('lp:internal');
export const EVENT_META = Symbol('lp:event');
export const EVENT_OPTIONS_META = Symbol('lp:event-options');
export const EXPORT_META = Symbol('lp:export');

/**
 * Binds a method to a route of libs/contracts; the method's types follow from the declaration.
 * A method may carry several (two paths for one operation, e.g. quizzes and mock tests).
 */
export function Handles<R extends AnyRoute>(route: R) {
  // `{ value?: ... }`, not TypedPropertyDescriptor: a method may answer a narrower type than the route allows
  return (target: object, key: string | symbol, _desc: { value?: RouteHandler<R> }): void => {
    Reflect.defineMetadata(ROUTE_META, [...routesOf(target, key), route], target, key);
  };
}

/** The routes a method is bound to. */
export function routesOf(target: object, key: string | symbol): AnyRoute[] {
  return (Reflect.getMetadata(ROUTE_META, target, key) as AnyRoute[] | undefined) ?? [];
}

/** Binds a method to a bus-only subject (no HTTP route). */
export function HandlesInternal<Req extends z.ZodType, Res extends z.ZodType>(def: InternalDef<Req, Res>) {
  return (
    target: object,
    key: string | symbol,
    // the context is optional: the caller and request id travel in the request context too
    _desc: { value?: (payload: z.infer<Req>, ctx: HandlerContext) => Promise<z.infer<Res>> },
  ): void => {
    Reflect.defineMetadata(INTERNAL_META, def, target, key);
  };
}

/**
 * Consumes an event; runs inside the inbox transaction given in ctx.tx. `opts.concurrency`:
 * transactions of this event at once, for handlers whose effects commute (HandlerOptions).
 */
export function OnEvent<E extends EventDef>(event: E, opts: HandlerOptions = {}) {
  return (
    target: object,
    key: string | symbol,
    // `{ value?: ... }`: a consumer that needs only the payload leaves the context out
    _desc: { value?: (payload: z.infer<E['schema']>, ctx: EventContext) => Promise<void> },
  ): void => {
    Reflect.defineMetadata(EVENT_META, event, target, key);
    Reflect.defineMetadata(EVENT_OPTIONS_META, opts, target, key);
  };
}

/** The service's part of a user's data export: (userId) => a JSON-able record. */
export function ExportsUserData() {
  return (
    target: object,
    key: string | symbol,
    _desc: TypedPropertyDescriptor<(userId: string) => Promise<Record<string, unknown>>>,
  ): void => {
    Reflect.defineMetadata(EXPORT_META, true, target, key);
  };
}
