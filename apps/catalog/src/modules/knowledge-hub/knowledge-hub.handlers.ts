import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { KnowledgeHubService } from './knowledge-hub.service.js';

type R = typeof catalogRoutes;

@Injectable()
export class KnowledgeHubHandlers {
  constructor(@Inject(KnowledgeHubService) private readonly hub: KnowledgeHubService) {}

  @Handles(catalogRoutes.listResources)
  async list(input: RouteInput<R['listResources']>, _ctx: HandlerContext): Promise<RouteOutput<R['listResources']>> {
    return this.hub.list(input.query);
  }

  @Handles(catalogRoutes.createResource)
  async create(input: RouteInput<R['createResource']>, ctx: HandlerContext): Promise<RouteOutput<R['createResource']>> {
    return this.hub.create(callerOf(ctx), input.body);
  }

  @Handles(catalogRoutes.resourceFile)
  async file(input: RouteInput<R['resourceFile']>, _ctx: HandlerContext): Promise<RouteOutput<R['resourceFile']>> {
    return this.hub.file(input.params.id);
  }
}
