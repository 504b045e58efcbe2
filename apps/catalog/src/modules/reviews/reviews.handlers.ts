import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { ReviewsService } from './reviews.service.js';

type R = typeof catalogRoutes;

@Injectable()
export class ReviewsHandlers {
  constructor(@Inject(ReviewsService) private readonly reviews: ReviewsService) {}

  @Handles(catalogRoutes.listReviews)
  async list(input: RouteInput<R['listReviews']>, ctx: HandlerContext): Promise<RouteOutput<R['listReviews']>> {
    return this.reviews.list(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.createReview)
  async create(input: RouteInput<R['createReview']>, ctx: HandlerContext): Promise<RouteOutput<R['createReview']>> {
    return this.reviews.create(callerOf(ctx), input.params.id, input.body);
  }
}
