import type { IncomingHttpHeaders } from 'node:http';
import { AppError, CommonErrorCode } from '@lp/contracts';
import { devDoorOpen, type DevDoorSettings } from '@lp/service-kit';

/** What the gateway reads off a request to decide (a Fastify request or the raw one under Nest). */
interface DoorCaller {
  socket?: { remoteAddress?: string } | null;
  raw?: { socket?: { remoteAddress?: string } | null };
  headers: IncomingHttpHeaders;
}

/**
 * Whether a development door answers this request: the TCP peer decides, never
 * X-Forwarded-For (even with TRUST_PROXY: a proxy on this machine forwards strangers).
 */
export function doorOpenFor(env: DevDoorSettings, request: DoorCaller): boolean {
  const remoteAddress = request.socket?.remoteAddress ?? request.raw?.socket?.remoteAddress;
  return devDoorOpen(env, { remoteAddress, headers: request.headers });
}

/** A shut door answers as a path that does not exist, so it tells a stranger nothing. */
export const shutDoor = (): AppError => AppError.notFound('Not found', CommonErrorCode.NOT_FOUND);
