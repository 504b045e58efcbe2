import { Inject, Injectable } from '@nestjs/common';
import { assessmentRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { TakingService } from './taking.service.js';

type R = typeof assessmentRoutes;

@Injectable()
export class TakingHandlers {
  constructor(@Inject(TakingService) private readonly taking: TakingService) {}

  @Handles(assessmentRoutes.getQuiz)
  async getQuiz(input: RouteInput<R['getQuiz']>, ctx: HandlerContext): Promise<RouteOutput<R['getQuiz']>> {
    return this.taking.getQuiz(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.quizInfo)
  async quizInfo(input: RouteInput<R['quizInfo']>, ctx: HandlerContext): Promise<RouteOutput<R['quizInfo']>> {
    return this.taking.info(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.startMockTest)
  async start(input: RouteInput<R['startMockTest']>, ctx: HandlerContext): Promise<RouteOutput<R['startMockTest']>> {
    return this.taking.start(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.saveProgress)
  async saveProgress(input: RouteInput<R['saveProgress']>, ctx: HandlerContext): Promise<RouteOutput<R['saveProgress']>> {
    return this.taking.saveProgress(callerOf(ctx), input.params.id, input.body);
  }

  @Handles(assessmentRoutes.submitMockTest)
  async submitMockTest(input: RouteInput<R['submitMockTest']>, ctx: HandlerContext): Promise<RouteOutput<R['submitMockTest']>> {
    return this.taking.submit(callerOf(ctx), input.params.id, input.query.session_id, input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.submitQuiz)
  async submitQuiz(input: RouteInput<R['submitQuiz']>, ctx: HandlerContext): Promise<RouteOutput<R['submitQuiz']>> {
    const { session_id, ...rest } = input.body;
    return this.taking.submitQuiz(callerOf(ctx), input.params.id, session_id, rest, ctx.requestId);
  }
}
