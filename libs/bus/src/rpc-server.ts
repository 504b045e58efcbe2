import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  AppError,
  BUS_HEADERS,
  zodIssuesToFieldErrors,
  type AnyRoute,
  type Caller,
  serviceResponseOf,
  type RouteInput,
  type ServiceOutput,
  CommonErrorCode,
} from '@lp/contracts';
import { decode, encode, REPLY_HEADER, type ErrorReply, type RpcRequest } from './wire.js';
import { subjectFor } from './connection.js';
import { CALLER_HEADER, type CallerVerifier } from './caller-assertion.js';
import { runInContext } from './request-context.js';
import { checkWithParts, type WithCheckedParts } from './checked-json.js';

export interface HandlerContext {
  requestId: string;
  /** null on public routes and bus-only calls without a user */
  caller: Caller | null;
  log: Logger;
}

/** A route's handler; a large part of its answer may come already checked and encoded (checked-json.ts). */
export type RouteHandler<R extends AnyRoute> = (input: RouteInput<R>, ctx: HandlerContext) => Promise<WithCheckedParts<ServiceOutput<R>>>;
export type RawHandler = (payload: unknown, ctx: HandlerContext) => Promise<unknown>;

/**
 * Binds handlers to subjects; one queue group per service so replicas share the load.
 * The caller of a request is believed only when its signature verifies (caller-assertion.ts);
 * without a verifier every request is anonymous.
 */
export class RpcServer {
  private readonly subs: Subscription[] = [];
  private inflight = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    private readonly queue: string,
    private readonly log: Logger,
    private readonly verifier: CallerVerifier | null = null,
  ) {}

  /**
   * A route: the declared guard enforced here as well as in the gateway (a request that
   * reached NATS some other way meets the same rule), input validated with the route's
   * schemas, output stripped to the declared response.
   */
  route<R extends AnyRoute>(route: R, handler: RouteHandler<R>): void {
    this.raw(route.subject, async (payload, ctx) => {
      enforceGuard(route, ctx.caller);
      const req = (payload ?? {}) as Partial<RpcRequest>;
      const input = {
        params: parsePart(route.params, req.params, 'params'),
        query: parsePart(route.query, req.query, 'query'),
        body: parsePart(route.body, req.body, 'body'),
        headers: parsePart(route.headers, req.headers, 'headers'),
      } as RouteInput<R>;
      const out = await handler(input, ctx);
      const schema = serviceResponseOf(route);
      const spliced = checkWithParts(schema, out);
      const parsed = spliced ?? schema.safeParse(out);
      if (!parsed.success) {
        ctx.log.error({ issues: parsed.error.issues, subject: route.subject }, 'handler answered outside its contract');
        throw new Error(`response of ${route.subject} does not match its contract`);
      }
      return parsed.data;
    });
  }

  /** A bus-only subject with its own request/response schemas. */
  internal<Req extends z.ZodType, Res extends z.ZodType>(
    def: { subject: string; request: Req; response: Res },
    handler: (payload: z.infer<Req>, ctx: HandlerContext) => Promise<z.infer<Res>>,
  ): void {
    this.raw(def.subject, async (payload, ctx) => {
      const parsed = def.request.safeParse(payload);
      if (!parsed.success) throw AppError.validation(zodIssuesToFieldErrors(parsed.error.issues));
      return def.response.parse(await handler(parsed.data, ctx));
    });
  }

  raw(subject: string, handler: RawHandler): void {
    const sub = this.nc.subscribe(subjectFor(this.prefix, subject), {
      queue: this.queue,
      callback: (err, msg) => {
        if (err) {
          this.log.error({ err, subject }, 'subscription error');
          return;
        }
        this.inflight++;
        void this.dispatch(subject, msg, handler).finally(() => this.inflight--);
      },
    });
    this.subs.push(sub);
  }

  private async dispatch(subject: string, msg: Msg, handler: RawHandler): Promise<void> {
    const requestId = msg.headers?.get(BUS_HEADERS.requestId) || randomUUID();
    // the kit's logger stamps requestId and userId from the context (request-context.ts); made
    // on first use: most requests never log, and a child logger per request costs (bindings, redaction)
    const parent = this.log;
    let child: Logger | null = null;
    const lazy = {
      get log(): Logger {
        return (child ??= parent.child({ subject }));
      },
    };
    let caller: Caller | null = null;
    let body: Uint8Array;
    let ok = true;
    try {
      caller = this.callerOf(msg);
    } catch (e) {
      if (msg.reply) msg.respond(encode(toErrorReply(e, lazy.log)), { headers: replyHeaders(false) });
      return;
    }
    const callerAssertion = caller ? (msg.headers?.get(CALLER_HEADER) ?? undefined) : undefined;
    await runInContext({ requestId, caller, subject, ...(callerAssertion ? { callerAssertion } : {}) }, async () => {
      try {
        const payload = msg.data.length ? decode<unknown>(msg.data) : {};
        body = encode(
          await handler(payload, {
            requestId,
            caller,
            get log() {
              return lazy.log;
            },
          }),
        );
      } catch (e) {
        ok = false;
        body = encode(toErrorReply(e, lazy.log));
      }
      if (msg.reply) msg.respond(body, { headers: replyHeaders(ok) });
    });
  }

  /** A signed caller, verified; an unsigned or forged one is refused (401), never believed. */
  private callerOf(msg: Msg): Caller | null {
    const header = msg.headers?.get(CALLER_HEADER);
    if (!header) return null;
    if (!this.verifier)
      throw AppError.unauthenticated('The caller of this request could not be verified', CommonErrorCode.CALLER_NOT_VERIFIED);
    return this.verifier.verify(header);
  }

  /** Stops taking new requests and waits (bounded) for those in flight. */
  async drain(timeoutMs = 5000): Promise<void> {
    for (const s of this.subs) s.unsubscribe();
    const until = Date.now() + timeoutMs;
    while (this.inflight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) return part === 'body' ? undefined : {};
  // as at the gateway: an absent body is an empty one (its required fields are then listed)
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw AppError.validation(zodIssuesToFieldErrors(r.error.issues, part === 'body' ? '' : part));
  return r.data;
}

/** The gateway's rule, from the same declaration: 401 without a caller, 403 for a role outside the guard. */
export function enforceGuard(route: AnyRoute, caller: Caller | null): void {
  if (route.guard === 'public') return;
  if (!caller) throw AppError.unauthenticated();
  if (route.guard !== 'any' && !route.guard.includes(caller.role)) throw AppError.forbidden('Your role does not have access to this');
}

function replyHeaders(ok: boolean) {
  const h = natsHeaders();
  h.set(REPLY_HEADER, ok ? 'ok' : 'error');
  return h;
}

/** Known errors keep their status; anything else is a 500 with an id, its cause logged, never sent. */
export function toErrorReply(e: unknown, log: Logger): ErrorReply {
  if (AppError.isAppError(e)) return { status: e.status, error: e.toBody() };
  const errorId = randomUUID();
  log.error({ err: e, errorId }, 'unhandled error in handler');
  return {
    status: 500,
    error_id: errorId,
    error: { detail: `Something went wrong on our side. Reference: ${errorId}`, code: 'INTERNAL', errors: [] },
  };
}
