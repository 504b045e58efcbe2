import { Controller, Get, Inject, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ExternalIdentitySchema, identityInternal, sessionHash, signInErrorHash } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { GoogleSignInGuard, REDIRECT, type GuardedRequest } from './google-sign-in.guard.js';
import { clearStateCookie, readStateCookie } from './oauth-state.js';

/**
 * The two legs of Google sign-in, at the HTTP edge (no route of the table: they answer
 * redirects, not JSON). `start?role=` leaves for Google; Google returns to `callback`,
 * where identity keeps the person behind a one-time session id and the browser comes back
 * with `#session_id=...&role=...`, which the SPA exchanges at POST /auth/session as it does
 * the development stand-in's.
 */
@Controller('api/auth/google')
export class GoogleSignInController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Get('start')
  @UseGuards(GoogleSignInGuard)
  start(@Req() req: GuardedRequest, @Res() reply: FastifyReply): FastifyReply {
    return reply.redirect(req[REDIRECT] ?? `/${signInErrorHash('google')}`, 302);
  }

  @Get('callback')
  @UseGuards(GoogleSignInGuard)
  async callback(@Req() req: GuardedRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const cookie = readStateCookie(req);
    clearStateCookie(reply);
    const person = ExternalIdentitySchema.safeParse(req.user);
    if (!person.success || !cookie) return reply.redirect(`/${signInErrorHash('google')}`, 302);
    const { session_id } = await this.rpc.request<z.infer<typeof identityInternal.externalSession.response>>(
      identityInternal.externalSession.subject,
      person.data,
      {
        requestId: String(req.id),
      },
    );
    return reply.redirect(`/${sessionHash(session_id, cookie.role)}`, 302);
  }
}
