import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { ContentService } from './content.service.js';

type R = typeof catalogRoutes;

@Injectable()
export class ContentHandlers {
  constructor(@Inject(ContentService) private readonly content: ContentService) {}

  @Handles(catalogRoutes.listContent)
  async list(input: RouteInput<R['listContent']>, ctx: HandlerContext): Promise<RouteOutput<R['listContent']>> {
    return { content_items: await this.content.list(callerOf(ctx), input.params.id) };
  }

  @Handles(catalogRoutes.addContent)
  async add(input: RouteInput<R['addContent']>, ctx: HandlerContext): Promise<RouteOutput<R['addContent']>> {
    return this.content.add(callerOf(ctx), input.params.id, input.body);
  }

  @Handles(catalogRoutes.contentFile)
  async file(input: RouteInput<R['contentFile']>, ctx: HandlerContext): Promise<RouteOutput<R['contentFile']>> {
    return this.content.file(callerOf(ctx), input.params.id, input.params.itemId);
  }
}
