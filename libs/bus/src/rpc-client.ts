import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { AppError, BUS_HEADERS, type AnyRoute, type Caller, type RouteOutput } from '@lp/contracts';
import { decode, encode, errorFromReply, REPLY_HEADER, type ErrorReply, type RpcRequest } from './wire.js';
import { subjectFor } from './connection.js';
import { CALLER_HEADER, type CallerSigner } from './caller-assertion.js';
import { currentContext } from './request-context.js';

export interface CallContext {
  /** by default the request id of the work in progress (request-context.ts), else a new one */
  requestId?: string;
  caller?: Caller | null;
  /** an already signed caller (a test); by default a service passes on the assertion its own request came with */
  callerAssertion?: string;
  timeoutMs?: number;
}

/**
 * Gateway-to-service (and service-to-service) calls over NATS request-reply. Only a client
 * built with the caller signer (the gateway's, or the development seed's) can call for a
 * user; any other client calls as nobody.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    private readonly defaultTimeoutMs = 10_000,
    private readonly signer: CallerSigner | null = null,
  ) {}

  callRoute<R extends AnyRoute>(route: R, req: RpcRequest, ctx: CallContext = {}): Promise<RouteOutput<R>> {
    return this.request(route.subject, req, ctx) as Promise<RouteOutput<R>>;
  }

  /** The answer's JSON bytes, unparsed: the gateway sends them on as they are. */
  callRouteRaw(route: AnyRoute, req: RpcRequest, ctx: CallContext = {}): Promise<Uint8Array> {
    return this.requestRaw(route.subject, req, ctx);
  }

  async request<T = unknown>(subject: string, payload: unknown, ctx: CallContext = {}): Promise<T> {
    return decode<T>(await this.requestRaw(subject, payload, ctx));
  }

  async requestRaw(subject: string, payload: unknown, ctx: CallContext = {}): Promise<Uint8Array> {
    const h = natsHeaders();
    const current = currentContext();
    h.set(BUS_HEADERS.requestId, ctx.requestId ?? current?.requestId ?? randomUUID());
    // the user a service works for goes on with its call, as the gateway signed it
    const assertion = ctx.callerAssertion ?? (ctx.caller === undefined ? current?.callerAssertion : undefined);
    if (assertion) h.set(CALLER_HEADER, assertion);
    else if (ctx.caller) {
      if (!this.signer) throw new Error(`a call to ${subject} for a user needs the caller signing key`);
      h.set(CALLER_HEADER, this.signer.sign(ctx.caller));
    }
    let msg;
    try {
      msg = await this.nc.request(subjectFor(this.prefix, subject), encode(payload), {
        timeout: ctx.timeoutMs ?? this.defaultTimeoutMs,
        headers: h,
      });
    } catch (e) {
      throw translateNatsError(e, subject);
    }
    if (msg.headers?.get(REPLY_HEADER) === 'ok') return msg.data;
    throw errorFromReply(decode<ErrorReply>(msg.data));
  }
}

function translateNatsError(e: unknown, subject: string): AppError {
  const service = subject.split('.')[0] ?? 'service';
  const name = e instanceof Error ? e.name : '';
  const msg = e instanceof Error ? e.message : String(e);
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause.name : '';
  if (name === 'NoRespondersError' || cause === 'NoRespondersError' || /no responders/i.test(msg)) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', `The ${service} service is not available right now. Please try again shortly.`);
  }
  if (name === 'TimeoutError' || cause === 'TimeoutError' || /timeout/i.test(msg)) {
    return new AppError(504, 'SERVICE_TIMEOUT', `The ${service} service did not answer in time. Please try again.`);
  }
  return new AppError(503, 'SERVICE_UNAVAILABLE', 'The service is not reachable right now. Please try again shortly.');
}
