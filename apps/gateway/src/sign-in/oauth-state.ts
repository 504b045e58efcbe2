import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInRoleOf, type SelfRegisterRole } from '@lp/contracts';

/** The request's reply, set by the sign-in guard: the state store writes its cookie on it. */
export const REPLY = Symbol('reply');
export type SignInRequest = FastifyRequest & { [REPLY]?: FastifyReply };

const COOKIE = 'lp_google_state';
const COOKIE_PATH = '/api/auth/google';
const MAX_AGE_SECONDS = 600;

/**
 * OAuth's `state`, tied to this browser: a random value in an httpOnly cookie (SameSite=Lax:
 * the return from Google is a top-level navigation from another site), with the role the
 * person chose before leaving. The callback's state must equal the cookie's.
 */
export const cookieStateStore = {
  store(req: SignInRequest, _meta: unknown, done: (err: Error | null, state?: string) => void): void {
    const state = randomBytes(24).toString('base64url');
    const role = signInRoleOf((req.query as Record<string, unknown> | undefined)?.role);
    req[REPLY]?.header(
      'set-cookie',
      `${COOKIE}=${state}.${role}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`,
    );
    done(null, state);
  },
  verify(req: SignInRequest, provided: string, done: (err: Error | null, ok: boolean, info?: { message: string }) => void): void {
    const kept = readStateCookie(req)?.state;
    const ok = !!kept && !!provided && kept.length === provided.length && timingSafeEqual(Buffer.from(kept), Buffer.from(provided));
    done(null, ok, ok ? undefined : { message: 'The sign-in state does not match this browser' });
  },
};

export function readStateCookie(req: FastifyRequest): { state: string; role: SelfRegisterRole } | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== COOKIE) continue;
    const [state, role] = part
      .slice(eq + 1)
      .trim()
      .split('.');
    return state ? { state, role: signInRoleOf(role) } : null;
  }
  return null;
}

export function clearStateCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Lax`);
}
