import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '@lp/auth';

/**
 * The refresh token lives only in this cookie: httpOnly (no script reads it), Secure (only
 * over TLS; browsers treat http://localhost as secure too), SameSite=Strict (no other site
 * makes the browser send it) and sent only to /api/auth, where the refresh route reads it.
 */
export function setRefreshCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${token}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; HttpOnly; Secure; SameSite=Strict`,
  );
}

export function clearRefreshCookie(reply: FastifyReply): void {
  setRefreshCookie(reply, '', 0);
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
