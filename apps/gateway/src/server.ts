import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import { ALL_LIVE_FEEDS, ALL_ROUTES } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { DownloadLinks, RevocationStore, TokenService } from '@lp/auth';
import type { FileStore } from '@lp/storage';
import { createLogger, devDoorsEnabled, NATS, REDIS } from '@lp/service-kit';
import { FILE_STORE, GatewayModule } from './gateway.module.js';
import { loadGatewayEnv, type GatewayEnv } from './config/gateway-env.js';
import { GatewayExceptionFilter } from './http/exception.filter.js';
import { handleError } from './http/errors.js';
import { answerClientError } from './http/client-errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { requestLogger } from './http/request-logger.js';
import { doorOpenFor } from './http/dev-doors.js';
import { registerRoutes } from './routing/route-registrar.js';
import { RateLimiter } from './routing/rate-limiter.js';
import { SignInFailureLimiter } from './routing/sign-in-failures.js';
import { registerHealth } from './health/health.js';
import { mountDevMailbox } from './dev-mailbox/dev-mailbox.js';
import { buildOpenApi } from './docs/openapi.js';
import { registerSpa } from './static/spa.js';
import { registerLiveFeeds } from './live/live-routes.js';
import { ApiKeyAuthenticator } from './auth/api-key.js';

export interface Gateway {
  app: NestFastifyApplication;
  url: string;
  close(): Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/**
 * How long a shutdown waits for requests in flight. A download that its client stopped
 * reading keeps its connection busy for ever; after this the remaining connections are cut,
 * so a deploy or a Ctrl-C never hangs (kubernetes' own grace period is 30 s).
 */
const SHUTDOWN_GRACE_MS = 10_000;

/** Builds and starts the gateway; tests call this with their own env and port 0. */
export async function createGateway(overrides: Record<string, string | undefined> = {}): Promise<Gateway> {
  const env: GatewayEnv = loadGatewayEnv(overrides);
  const logger = createLogger('gateway', env.LOG_LEVEL, env.NODE_ENV);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // one line per request, written by the onResponse hook below, instead of fastify's two
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // no pino child per request (http/request-logger.ts)
    childLoggerFactory: (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
      requestLogger(parent as Logger, bindings, options),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: false,
    // the router's own refusals (a malformed or overlong address) in our error shape too
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => handleError(error, request, reply),
    // what Node's parser refuses before Fastify (an address over 16 KB: 431) in our shape and headers
    clientErrorHandler: answerClientError,
    // a caller's request id is kept when it looks like one, so a trace spans systems
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.create(overrides), adapter, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Our error shape for Fastify's own errors (bad JSON, body too large), set before any route:
  // a Fastify route keeps the error handler in force when it was registered, and with the SPA
  // plugin registered the routes came before Nest's handler and answered Fastify's own shape.
  fastify.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));

  fastify.addHook('preClose', (done) => {
    setTimeout(() => fastify.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    done();
  });

  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const userId = (request as typeof request & { userId?: string }).userId;
    request.log.info(
      { method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime), userId },
      'request completed',
    );
  });
  // development doors are not part of a production API: not documented there (and shut)
  const published = devDoorsEnabled(env) ? ALL_ROUTES : ALL_ROUTES.filter((r) => !r.devDoor);
  await registerSecurityHeaders(fastify);
  await fastify.register(multipart);
  await fastify.register(swagger, { mode: 'static', specification: { document: buildOpenApi(published, ALL_LIVE_FEEDS) as never } });
  // the docs page brings inline scripts of its own: it sends a CSP with their hashes
  await fastify.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerHealth(fastify, app.get(RpcClient));
  mountDevMailbox(fastify, app, env);
  registerRoutes(fastify, ALL_ROUTES, {
    rpc: app.get(RpcClient),
    tokens: app.get(TokenService),
    links: app.get(DownloadLinks),
    revocations: app.get(RevocationStore),
    limiter: app.get(RateLimiter),
    signInFailures: new SignInFailureLimiter(
      app.get(REDIS),
      env.BUS_PREFIX,
      env.RATE_LIMIT_SCALE === 0 ? 0 : env.SIGN_IN_FAILURES_PER_ADDRESS,
      env.SIGN_IN_FAILURE_WINDOW_SECONDS,
    ),
    apiKeys: new ApiKeyAuthenticator(
      app.get(RpcClient),
      new RateLimiter(app.get(REDIS), env.BUS_PREFIX, env.RATE_LIMIT_SCALE === 0 ? 0 : 1),
    ),
    store: app.get<FileStore>(FILE_STORE),
    uploadLimit: env.UPLOAD_LIMIT_BYTES,
    log: logger,
    doorOpen: (request) => doorOpenFor(env, request),
  });
  registerLiveFeeds(fastify, ALL_LIVE_FEEDS, {
    rpc: app.get(RpcClient),
    tokens: app.get(TokenService),
    links: app.get(DownloadLinks),
    revocations: app.get(RevocationStore),
    nc: app.get(NATS),
    prefix: env.BUS_PREFIX,
    log: logger,
    timing: { recheckMs: env.LIVE_RECHECK_MS },
  });
  const hasSpa = await registerSpa(fastify, env.WEB_DIST);
  app.useGlobalFilters(new GatewayExceptionFilter(hasSpa));

  await app.listen(env.PORT, env.HOST);
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
