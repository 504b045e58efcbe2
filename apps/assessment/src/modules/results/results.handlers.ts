import { Inject, Injectable } from '@nestjs/common';
import { assessmentRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { EssayReviewService } from './essay-review.service.js';
import { ResultsService } from './results.service.js';

type R = typeof assessmentRoutes;

@Injectable()
export class ResultsHandlers {
  constructor(
    @Inject(ResultsService) private readonly results: ResultsService,
    @Inject(EssayReviewService) private readonly reviews: EssayReviewService,
  ) {}

  @Handles(assessmentRoutes.mockTestResults)
  async mockTestResults(input: RouteInput<R['mockTestResults']>, ctx: HandlerContext): Promise<RouteOutput<R['mockTestResults']>> {
    return this.results.mockTestResults(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.learnerAttempts)
  async learnerAttempts(_input: RouteInput<R['learnerAttempts']>, ctx: HandlerContext): Promise<RouteOutput<R['learnerAttempts']>> {
    return this.results.learnerAttempts(callerOf(ctx));
  }

  @Handles(assessmentRoutes.learnerAnalytics)
  async learnerAnalytics(_input: RouteInput<R['learnerAnalytics']>, ctx: HandlerContext): Promise<RouteOutput<R['learnerAnalytics']>> {
    return this.results.learnerAnalytics(callerOf(ctx));
  }

  @Handles(assessmentRoutes.getAttempt)
  async getAttempt(input: RouteInput<R['getAttempt']>, ctx: HandlerContext): Promise<RouteOutput<R['getAttempt']>> {
    return this.results.attempt(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.courseGrades)
  async courseGrades(input: RouteInput<R['courseGrades']>, ctx: HandlerContext): Promise<RouteOutput<R['courseGrades']>> {
    return this.results.courseGrades(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.reviewAttempt)
  async reviewAttempt(input: RouteInput<R['reviewAttempt']>, ctx: HandlerContext): Promise<RouteOutput<R['reviewAttempt']>> {
    return this.reviews.review(callerOf(ctx), input.params.id, input.body, ctx.requestId);
  }
}
