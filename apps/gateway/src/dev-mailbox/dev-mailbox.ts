import type { INestApplicationContext } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { DevMailbox, isDevelopmentLike, REDIS, type BaseEnv, type DevMailboxMessage } from '@lp/service-kit';
import { sendAppError, sendError } from '../http/errors.js';
import { doorOpenFor, shutDoor } from '../http/dev-doors.js';

export type DevMailboxEntry = Omit<DevMailboxMessage, 'raw'>;

/**
 * The development mailbox over HTTP: the e-mails the worker did not send because no SMTP
 * server is set (libs/service-kit dev-mailbox.ts), for a developer to open an invitation link.
 * Not a product route, so not in the contracts: registered only in development and tests
 * (in production the paths do not exist: 404 like any unknown /api path), and a development
 * door: it answers only this machine unless LP_DEV_DOORS=1 (http/dev-doors.ts), since the
 * mails in it hold sign-in links.
 */
export function registerDevMailbox(
  app: FastifyInstance,
  mailbox: Pick<DevMailbox, 'list' | 'get'>,
  env: { NODE_ENV: string; LP_DEV_DOORS?: string },
): boolean {
  if (!isDevelopmentLike(env.NODE_ENV)) return false;
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!doorOpenFor(env, request)) return sendAppError(reply, shutDoor());
  };
  app.get('/api/dev/mailbox', { onRequest: guard }, async (_request, reply) => {
    const messages: DevMailboxEntry[] = (await mailbox.list()).map(({ raw: _raw, ...entry }) => entry);
    return reply.header('cache-control', 'no-store').send({ messages });
  });
  app.get<{ Params: { id: string } }>('/api/dev/mailbox/:id', { onRequest: guard }, async (request, reply) => {
    const message = await mailbox.get(request.params.id);
    if (!message) return sendError(reply, 404, { detail: 'No such message in the development mailbox', code: 'NOT_FOUND', errors: [] });
    return reply.header('cache-control', 'no-store').send(message);
  });
  return true;
}

/** The gateway's wiring: its Redis (shared with the worker) under the run's prefix. */
export function mountDevMailbox(
  app: FastifyInstance,
  nest: Pick<INestApplicationContext, 'get'>,
  env: Pick<BaseEnv, 'NODE_ENV' | 'BUS_PREFIX' | 'LP_DEV_DOORS'>,
): boolean {
  if (!isDevelopmentLike(env.NODE_ENV)) return false;
  return registerDevMailbox(app, new DevMailbox(nest.get<Redis>(REDIS), env.BUS_PREFIX), env);
}
