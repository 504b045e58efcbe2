import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import {
  AppError,
  IdParams,
  LIVE_STREAM,
  communityLiveInternal,
  zodIssuesToFieldErrors,
  type AnyRoute,
  type Caller,
  type LiveAccessSubject,
  type LiveFeed,
} from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { authenticate, extractToken, type AuthDeps } from '../routing/authenticate.js';
import { toFastifyPath } from '../routing/route-registrar.js';
import { sendAppError } from '../http/errors.js';
import { LiveHub, type LiveClient } from './live-hub.js';
import { LiveFanout } from './live-fanout.js';
import { sseComment, sseRetry } from './sse.js';

export interface LiveDeps extends AuthDeps {
  rpc: RpcClient;
  nc: NatsConnection;
  prefix: string;
  log: Logger;
  /** tests shorten these */
  timing?: Partial<Timing>;
}

type Timing = { [K in keyof typeof LIVE_STREAM]: number };

/**
 * The live feeds of libs/contracts (community/live.ts) as server-sent event streams. Every
 * refusal (401, 403, 404, 429) is an ordinary JSON answer in the error shape, made before
 * the stream starts; the stream then goes out through Fastify's reply like any body, so the
 * security headers and the request log apply to it too.
 */
export function registerLiveFeeds(app: FastifyInstance, feeds: readonly LiveFeed[], deps: LiveDeps): LiveHub {
  const timing: Timing = { ...LIVE_STREAM, ...deps.timing };
  const hub = new LiveHub(feeds, timing.maxPerUser);
  const fanout = new LiveFanout(deps.nc, deps.prefix, hub, deps.log);
  fanout.start([...new Map(feeds.flatMap((f) => f.events).map((e) => [e.name, e])).values()]);
  for (const feed of feeds) {
    app.route({
      method: 'GET',
      url: toFastifyPath(feed.path),
      // a HEAD would open a stream nobody reads
      exposeHeadRoute: false,
      handler: (request, reply) => open(feed, request, reply, deps, hub, timing),
    });
  }
  // open streams would hold the shutdown for its whole grace period
  app.addHook('preClose', (done) => {
    fanout.stop();
    hub.endAll();
    done();
  });
  return hub;
}

async function open(
  feed: LiveFeed,
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LiveDeps,
  hub: LiveHub,
  timing: Timing,
): Promise<FastifyReply> {
  let release: (() => void) | null = null;
  let caller: Caller;
  let session: { issuedAt: number; expiresAt: number };
  let id: string | null = null;
  try {
    // the routes' own check: the bearer header only (never a token in the URL), revocation, role
    const known = await authenticate(request, { guard: feed.guard, responseKind: 'json' } as AnyRoute, deps);
    if (!known) throw AppError.unauthenticated('Authentication required');
    caller = known;
    (request as FastifyRequest & { userId?: string }).userId = caller.userId;
    session = deps.tokens.verify(extractToken(request) ?? '');
    // a `self` feed follows the caller's own events: the key is who the token says, nobody else to ask
    if (feed.key) id = feed.access === 'self' ? caller.userId : idOf(request.params);
    release = hub.reserve(caller.userId);
    if (feed.access && feed.access !== 'self' && id) await askAccess(deps, feed.access, id, caller, String(request.id));
  } catch (e) {
    release?.();
    if (AppError.isAppError(e)) {
      if (e.status >= 500) request.log.warn({ code: e.code, feed: feed.name }, e.detail);
      return sendAppError(reply, e);
    }
    throw e;
  }

  const stream = new PassThrough();
  // a write racing a client that just went away is nothing to report
  stream.on('error', () => undefined);
  let ended = false;
  const timers: NodeJS.Timeout[] = [];
  const client: LiveClient = {
    userId: caller.userId,
    write: (frame) => {
      if (!ended && !stream.destroyed) stream.write(frame);
      return stream.writableLength + reply.raw.writableLength;
    },
    end: () => finish(),
  };
  const remove = hub.add(feed, id, client);
  function finish(): void {
    if (ended) return;
    ended = true;
    remove();
    release?.();
    for (const t of timers) clearTimeout(t);
    if (!stream.destroyed) stream.end();
  }
  reply.raw.on('close', finish);

  // the stream carries the token it was opened with: it ends when the token does, and the client reconnects with a fresh one
  timers.push(setTimeout(finish, Math.max(0, session.expiresAt * 1000 - Date.now())));
  const keepAlive = setInterval(() => client.write(sseComment('keep-alive')), timing.keepAliveMs);
  timers.push(keepAlive);
  // signed out, or no longer a member: the stream ends within a recheck; the first one is spread so streams opened together do not ask together
  const recheck = async (): Promise<void> => {
    if (ended) return;
    if (await stillAllowed(deps, feed, id, caller, session.issuedAt, String(request.id)))
      timers.push(setTimeout(() => void recheck(), timing.recheckMs));
    else finish();
  };
  timers.push(setTimeout(() => void recheck(), timing.recheckMs * (0.5 + Math.random() / 2)));

  stream.write(sseRetry(timing.retryMs));
  // registered before this is written: an event posted after the client read it reaches the client
  stream.write(sseComment('ready'));
  return (
    reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // a proxy (nginx) would otherwise hold the frames back to fill its buffer
      .header('x-accel-buffering', 'no')
      .send(stream)
  );
}

function idOf(params: unknown): string {
  const r = IdParams.safeParse(params);
  if (!r.success) throw AppError.validation(zodIssuesToFieldErrors(r.error.issues, 'params'), 'The id in the path is not valid');
  return r.data.id;
}

async function askAccess(deps: LiveDeps, subject: LiveAccessSubject, id: string, caller: Caller, requestId: string): Promise<void> {
  await deps.rpc.request(communityLiveInternal.access.subject, { subject, id, user_id: caller.userId }, { requestId, caller: null });
}

/** A failed check (community or Redis not answering) keeps the stream: only a refusal ends it. */
async function stillAllowed(
  deps: LiveDeps,
  feed: LiveFeed,
  id: string | null,
  caller: Caller,
  issuedAt: number,
  requestId: string,
): Promise<boolean> {
  try {
    if (await deps.revocations.isRevoked(caller.userId, caller.sessionId, issuedAt)) return false;
    if (feed.access && feed.access !== 'self' && id) await askAccess(deps, feed.access, id, caller, requestId);
    return true;
  } catch (e) {
    return !(AppError.isAppError(e) && (e.status === 403 || e.status === 404 || e.status === 401));
  }
}
