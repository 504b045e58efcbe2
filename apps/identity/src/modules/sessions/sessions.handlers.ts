import { Inject, Injectable } from '@nestjs/common';
import { AppError, identityRoutes, type RouteInput, type RouteOutput, type ServiceOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { DOWNLOAD_LINK_PARAM, DOWNLOAD_LINK_TTL_SECONDS, DownloadLinks } from '@lp/auth';
import { Handles, callerOf } from '@lp/service-kit';
import { SessionsService, sessionGrantOf } from './sessions.service.js';
import { fileRouteOf } from './download-link.util.js';

type R = typeof identityRoutes;

@Injectable()
export class SessionsHandlers {
  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(DownloadLinks) private readonly links: DownloadLinks,
  ) {}

  @Handles(identityRoutes.refresh)
  async refresh(input: RouteInput<R['refresh']>, _ctx: HandlerContext): Promise<ServiceOutput<R['refresh']>> {
    const issued = await this.sessions.refresh(input.body.refresh_token);
    return { token: issued.token, expires_in: issued.expiresIn, ...sessionGrantOf(issued) };
  }

  /** Whether the caller may read the file is the owning service's question, asked when the link is opened. */
  @Handles(identityRoutes.downloadLink)
  async downloadLink(input: RouteInput<R['downloadLink']>, ctx: HandlerContext): Promise<RouteOutput<R['downloadLink']>> {
    const path = input.body.path;
    if (!fileRouteOf(path)) throw AppError.validation([{ path: 'path', message: 'Not a file of the platform' }], 'Not a file of the platform');
    const link = this.links.sign(callerOf(ctx), path);
    return { url: `${path}?${DOWNLOAD_LINK_PARAM}=${encodeURIComponent(link)}`, expires_in: DOWNLOAD_LINK_TTL_SECONDS };
  }
}
