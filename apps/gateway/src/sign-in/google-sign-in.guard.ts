import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply } from 'fastify';
import { ENV, LOGGER } from '@lp/service-kit';
import { doorOpenFor } from '../http/dev-doors.js';
import type { Logger } from 'pino';
import { signInErrorHash, signInRoleOf } from '@lp/contracts';
import type { GatewayEnv } from '../config/gateway-env.js';
import { REPLY, type SignInRequest } from './oauth-state.js';

/** Where the browser goes next, when the strategy sends it somewhere (to Google, or back). */
export const REDIRECT = Symbol('redirect');
export type GuardedRequest = SignInRequest & { [REDIRECT]?: string; user?: unknown };

/**
 * Runs the Google strategy through @nestjs/passport. Passport answers a redirect by writing
 * on the response itself and never calling back; the guard hands it a response that only
 * catches the address, so the controller sends the redirect through Fastify (with the
 * security headers) and the request never hangs. A refused or failed sign-in leaves
 * `user` empty instead of throwing: the controller sends the browser back with an error.
 * Without a Google client id there is no strategy: in development the browser goes to the
 * local stand-in's page, elsewhere back with "unavailable".
 */
@Injectable()
export class GoogleSignInGuard extends AuthGuard('google') {
  constructor(
    @Inject(ENV) private readonly env: GatewayEnv,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<GuardedRequest>();
    req[REPLY] = context.switchToHttp().getResponse<FastifyReply>();
    if (!this.env.GOOGLE_CLIENT_ID) {
      const role = signInRoleOf((req.query as Record<string, unknown> | undefined)?.role);
      // the stand-in is a development door: a stranger is told Google sign-in is unavailable
      req[REDIRECT] = doorOpenFor(this.env, req as never)
        ? `/auth/dev-google?${new URLSearchParams({ role })}`
        : `/${signInErrorHash('unavailable')}`;
      return true;
    }
    const redirected = new Promise<boolean>((resolve) => {
      (req as GuardedRequest & { [CATCH]?: (url: string) => void })[CATCH] = (url) => {
        req[REDIRECT] = url;
        resolve(true);
      };
    });
    return Promise.race([super.canActivate(context) as Promise<boolean>, redirected]);
  }

  getResponse(context: ExecutionContext): unknown {
    const req = context.switchToHttp().getRequest<GuardedRequest & { [CATCH]?: (url: string) => void }>();
    let location = '';
    return {
      statusCode: 302,
      setHeader: (name: string, value: string) => {
        if (name.toLowerCase() === 'location') location = value;
      },
      end: () => req[CATCH]?.(location),
    };
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    if (err) this.log.warn({ err }, 'Google sign-in failed');
    else if (!user) this.log.info({ info }, 'Google sign-in refused');
    return (err || !user ? null : user) as T;
  }
}

const CATCH = Symbol('catch-redirect');
