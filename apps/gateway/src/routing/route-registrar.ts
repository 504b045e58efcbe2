import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppError, FileRefSchema, type AnyRoute } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import type { RevocationStore, TokenService } from '@lp/auth';
import type { FileStore } from '@lp/storage';
import { authenticate } from './authenticate.js';
import { validateRequest } from './validate.js';
import { readFormBody, type UploadedFileRef } from './form-body.js';
import type { RateLimiter } from './rate-limiter.js';
import { sendAppError } from '../http/errors.js';

export interface RoutingDeps {
  rpc: RpcClient;
  tokens: TokenService;
  revocations: RevocationStore;
  limiter: RateLimiter;
  store: FileStore;
  uploadLimit: number;
  log: Logger;
}

/** `/courses/{id}` -> `/courses/:id` */
export const toFastifyPath = (path: string): string => `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Registers every declared route: authenticate, guard, rate-limit, validate,
 * forward over NATS with the caller in headers, answer. One generic pipeline;
 * adding a route to libs/contracts is all the gateway needs.
 */
export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[], deps: RoutingDeps): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      handler: (request, reply) => handle(route, request, reply, deps),
    });
  }
}

async function handle(route: AnyRoute, request: FastifyRequest, reply: FastifyReply, deps: RoutingDeps): Promise<FastifyReply> {
  let uploads: string[] = [];
  let forwarded = false;
  try {
    const caller = await authenticate(request, route, deps.tokens, deps.revocations);
    if (caller) (request as FastifyRequest & { userId?: string }).userId = caller.userId;
    const rawBody = route.bodyKind === 'form' ? await readFormBody(request, deps.store, deps.uploadLimit) : request.body;
    uploads = storedUploads(rawBody);
    const limit = await deps.limiter.check(route, request.ip, rawBody);
    if (limit) reply.header('x-ratelimit-remaining', String(limit.remaining));
    const input = validateRequest(route, { params: request.params, query: request.query, body: rawBody });
    forwarded = true; // from here on the service owns the uploaded files
    const ctx = { requestId: String(request.id), caller };
    if (route.responseKind === 'file') return await sendFile(reply, await deps.rpc.callRoute(route, input, ctx), deps.store);
    // the service's JSON goes out as it came: no second parse and stringify of large lists
    const body = await deps.rpc.callRouteRaw(route, input, ctx);
    return reply.code(route.successStatus).header('content-type', 'application/json; charset=utf-8').send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  } catch (e) {
    // refused before any service saw the request: nobody else will ever remove these files
    if (!forwarded) await Promise.all(uploads.map((key) => deps.store.remove(key).catch(() => undefined)));
    if (AppError.isAppError(e)) {
      const retry = (e as AppError & { retryAfter?: number }).retryAfter;
      if (retry) reply.header('retry-after', String(retry));
      if (e.status >= 500) request.log.warn({ code: e.code, subject: route.subject }, e.detail);
      return sendAppError(reply, e);
    }
    throw e;
  }
}

function storedUploads(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  return Object.values(body as Record<string, unknown>).flatMap((v) =>
    v && typeof v === 'object' && typeof (v as UploadedFileRef).storage_key === 'string' ? [(v as UploadedFileRef).storage_key] : [],
  );
}

async function sendFile(reply: FastifyReply, data: unknown, store: FileStore): Promise<FastifyReply> {
  const ref = FileRefSchema.parse(data);
  const file = await store.open(ref.storage_key).catch(() => {
    throw AppError.notFound('The file is no longer available');
  });
  const safeName = ref.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', ref.content_type)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .send(file.stream);
}
