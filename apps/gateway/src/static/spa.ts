import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from '../http/errors.js';

/** Serves the built SPA at one URL with the API; answers whether there is one. */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  const root = resolve(webDist);
  const hasSpa = existsSync(resolve(root, 'index.html'));
  if (hasSpa) await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
  return hasSpa;
}

/** Unknown /api paths get the error shape; any other GET is a client-side route of the SPA. */
export function notFound(request: FastifyRequest, reply: FastifyReply, hasSpa: boolean): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || request.method !== 'GET' || !hasSpa) {
    return sendError(reply, 404, { detail: `No route ${request.method} ${path}`, code: 'ROUTE_NOT_FOUND', errors: [] });
  }
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}
