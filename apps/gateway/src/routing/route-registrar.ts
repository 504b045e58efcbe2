import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppError, FileRefSchema, PendingReply, type AnyRoute, type SessionGrant, CommonErrorCode } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { DOWNLOAD_LINK_PARAM, type DownloadLinks, type RevocationStore, type TokenService } from '@lp/auth';
import type { FileStore } from '@lp/storage';
import { authenticate } from './authenticate.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './session-cookie.js';
import { validateRequest } from './validate.js';
import { readFormBody, type UploadedFileRef } from './form-body.js';
import type { RateLimiter } from './rate-limiter.js';
import { SignInFailureLimiter } from './sign-in-failures.js';
import type { ApiKeyAuthenticator } from '../auth/api-key.js';
import { sendAppError } from '../http/errors.js';
import { shutDoor } from '../http/dev-doors.js';
import { FILE_RESPONSE_CSP, PDF_FILE_CSP } from '../http/security-headers.js';

/**
 * Types a browser shows in place (a lesson's PDF in its frame, a video, an image). Anything
 * else downloads: the type is whatever the uploader claimed, so HTML or SVG never renders.
 */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp)|video\/(mp4|webm|ogg)|audio\/(mpeg|mp4|ogg|wav|webm))$/;

export interface RoutingDeps {
  rpc: RpcClient;
  tokens: TokenService;
  links: DownloadLinks;
  revocations: RevocationStore;
  limiter: RateLimiter;
  signInFailures: SignInFailureLimiter;
  apiKeys?: ApiKeyAuthenticator;
  store: FileStore;
  uploadLimit: number;
  log: Logger;
  /** whether a development door (a route declared devDoor) answers this request (http/dev-doors.ts) */
  doorOpen: (request: FastifyRequest) => boolean;
}

/** `/courses/{id}` -> `/courses/:id` */
export const toFastifyPath = (path: string): string => `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Registers every declared route: authenticate, guard, rate-limit, validate,
 * forward over NATS with the caller in headers, answer. One generic pipeline;
 * adding a route to libs/contracts is all the gateway needs.
 */
export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[], deps: RoutingDeps): void {
  for (const route of routes.filter((r) => r.bodyKind !== 'raw')) {
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      handler: (request, reply) => handle(route, request, reply, deps),
    });
  }
  // raw-body routes (webhooks, signed over their exact bytes) read any body as text, in a scope of their own
  const raw = routes.filter((r) => r.bodyKind === 'raw');
  if (raw.length === 0) return;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: RAW_BODY_LIMIT }, (_request, body, done) => done(null, body));
    for (const route of raw)
      scope.route({
        method: route.method,
        url: toFastifyPath(route.path),
        handler: (request, reply) => handle(route, request, reply, deps),
      });
  });
}

/** A webhook's body is small; anything larger is not one. */
const RAW_BODY_LIMIT = 64 * 1024;

async function handle(route: AnyRoute, request: FastifyRequest, reply: FastifyReply, deps: RoutingDeps): Promise<FastifyReply> {
  let uploads: string[] = [];
  let forwarded = false;
  try {
    if (route.devDoor && !deps.doorOpen(request)) throw shutDoor();
    const caller = await authenticate(request, route, deps);
    if (caller) (request as FastifyRequest & { userId?: string }).userId = caller.userId;
    // multipart is read only where declared, and only once the caller is known and within limits
    if (route.bodyKind !== 'form' && request.isMultipart()) throw unsupportedMediaType();
    const client = route.rateLimit?.per === 'user' && caller ? `user:${caller.userId}` : request.ip;
    if (SignInFailureLimiter.applies(route)) await deps.signInFailures.check(request.ip);
    const limit = await deps.limiter.check(route, client, route.bodyKind === 'form' ? undefined : request.body);
    if (limit) reply.header('x-ratelimit-remaining', String(limit.remaining));
    const rawBody =
      route.bodyKind === 'form'
        ? await readFormBody(request, deps.store, deps.uploadLimit)
        : route.session === 'refresh'
          ? { refresh_token: refreshTokenOf(request) }
          : request.body;
    uploads = storedUploads(rawBody);
    const input = validateRequest(route, {
      params: request.params,
      query: withoutLink(route, request.query),
      body: rawBody,
      headers: request.headers,
    });
    forwarded = true; // from here on the service owns the uploaded files
    const ctx = { requestId: String(request.id), caller, ...(route.timeoutMs ? { timeoutMs: route.timeoutMs } : {}) };
    if (route.responseKind === 'file') return await sendFile(route, reply, await deps.rpc.callRoute(route, input, ctx), deps.store);
    if (route.session === 'start' || route.session === 'refresh')
      return await sendSession(route, reply, await deps.rpc.callRoute(route, input, ctx));
    if (route.background) {
      const out = await deps.rpc.callRoute(route, input, ctx);
      return sendPending(reply, out) ?? reply.code(route.successStatus).send(out);
    }
    // the service's JSON goes out as it came: no second parse and stringify of large lists
    const body = await deps.rpc.callRouteRaw(route, input, ctx);
    if (route.session === 'end') clearRefreshCookie(reply);
    return reply
      .code(route.successStatus)
      .header('content-type', 'application/json; charset=utf-8')
      .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  } catch (e) {
    // refused before any service saw the request: nobody else will ever remove these files
    if (!forwarded) await Promise.all(uploads.map((key) => deps.store.remove(key).catch(() => undefined)));
    // a refresh that failed for good leaves no dead cookie behind
    if (route.session === 'refresh' && AppError.isAppError(e) && e.status === 401) clearRefreshCookie(reply);
    if (AppError.isAppError(e) && e.status === 401 && SignInFailureLimiter.applies(route)) await deps.signInFailures.failed(request.ip);
    if (AppError.isAppError(e)) {
      const retry = (e as AppError & { retryAfter?: number }).retryAfter;
      if (retry) reply.header('retry-after', String(retry));
      if (e.status >= 500) request.log.warn({ code: e.code, subject: route.subject }, e.detail);
      return sendAppError(reply, e);
    }
    throw e;
  }
}

/** The browser's refresh token is its cookie; a client without cookies may send it in the body. */
function refreshTokenOf(request: FastifyRequest): string {
  const fromBody = (request.body as { refresh_token?: unknown } | undefined)?.refresh_token;
  const token = readRefreshCookie(request) ?? (typeof fromBody === 'string' ? fromBody : null);
  if (!token) throw AppError.unauthenticated('Your session has ended. Please sign in again.', CommonErrorCode.SESSION_ENDED);
  return token;
}

/** The link opened the route (authenticate.ts); the service is not asked about it. */
function withoutLink(route: AnyRoute, query: unknown): unknown {
  if (route.responseKind !== 'file' || !query || typeof query !== 'object' || !(DOWNLOAD_LINK_PARAM in query)) return query;
  const { [DOWNLOAD_LINK_PARAM]: _link, ...rest } = query as Record<string, unknown>;
  return rest;
}

/** A session's refresh token goes into the cookie, never into the page's hands. */
function sendSession(route: AnyRoute, reply: FastifyReply, out: unknown): FastifyReply {
  const { refresh_token: token, refresh_expires_in: maxAge, ...visible } = out as Record<string, unknown> & Partial<SessionGrant>;
  if (token && maxAge) setRefreshCookie(reply, token, maxAge);
  return reply.code(route.successStatus).send(visible);
}

const unsupportedMediaType = (): AppError =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This request takes a JSON body, not a file upload');

function storedUploads(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  return Object.values(body as Record<string, unknown>).flatMap((v) =>
    v && typeof v === 'object' && typeof (v as UploadedFileRef).storage_key === 'string' ? [(v as UploadedFileRef).storage_key] : [],
  );
}

/** Background work not done yet: 202 with its progress and Retry-After; the caller asks again. */
function sendPending(reply: FastifyReply, data: unknown): FastifyReply | null {
  const pending = PendingReply.safeParse(data);
  return pending.success
    ? reply.code(202).header('retry-after', String(pending.data.pending.retry_after)).send(pending.data.pending)
    : null;
}

async function sendFile(route: AnyRoute, reply: FastifyReply, data: unknown, store: FileStore): Promise<FastifyReply> {
  const pending = route.background ? sendPending(reply, data) : null;
  if (pending) return pending;
  const ref = FileRefSchema.parse(data);
  const file = await store.open(ref.storage_key).catch(() => {
    throw AppError.notFound('The file is no longer available');
  });
  const safeName = ref.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  const inline = route.fileDisposition === 'inline' && INLINE_TYPES.test(ref.content_type);
  // only where the service says the file is public (a course cover): the rest is per user and never cached
  if (ref.public_cache)
    reply.header('cache-control', `public, max-age=${ref.public_cache.max_age}${ref.public_cache.immutable ? ', immutable' : ''}`);
  return (
    reply
      .header('content-type', ref.content_type)
      .header('content-length', String(file.size))
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${safeName}"`)
      // Chromium shows no PDF in a sandboxed document; a PDF runs no script in our origin anyway
      .header('content-security-policy', ref.content_type === 'application/pdf' ? PDF_FILE_CSP : FILE_RESPONSE_CSP)
      .send(file.stream)
  );
}
