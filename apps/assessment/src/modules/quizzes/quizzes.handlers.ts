import { Inject, Injectable } from '@nestjs/common';
import { assessmentRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { QuizzesService } from './quizzes.service.js';

type R = typeof assessmentRoutes;

/** Authoring and listing; quiz and mock-test routes share one model, so they share the service calls. */
@Injectable()
export class QuizzesHandlers {
  constructor(@Inject(QuizzesService) private readonly quizzes: QuizzesService) {}

  @Handles(assessmentRoutes.createQuiz)
  async createQuiz(input: RouteInput<R['createQuiz']>, ctx: HandlerContext): Promise<RouteOutput<R['createQuiz']>> {
    return this.quizzes.create(callerOf(ctx), input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.createMockTest)
  async createMockTest(input: RouteInput<R['createMockTest']>, ctx: HandlerContext): Promise<RouteOutput<R['createMockTest']>> {
    return this.quizzes.create(callerOf(ctx), input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.updateQuiz)
  async updateQuiz(input: RouteInput<R['updateQuiz']>, ctx: HandlerContext): Promise<RouteOutput<R['updateQuiz']>> {
    return this.quizzes.update(callerOf(ctx), input.params.id, input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.updateMockTest)
  async updateMockTest(input: RouteInput<R['updateMockTest']>, ctx: HandlerContext): Promise<RouteOutput<R['updateMockTest']>> {
    return this.quizzes.update(callerOf(ctx), input.params.id, input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.deleteQuiz)
  async deleteQuiz(input: RouteInput<R['deleteQuiz']>, ctx: HandlerContext): Promise<RouteOutput<R['deleteQuiz']>> {
    return this.quizzes.delete(callerOf(ctx), input.params.id, ctx.requestId);
  }

  @Handles(assessmentRoutes.deleteMockTest)
  async deleteMockTest(input: RouteInput<R['deleteMockTest']>, ctx: HandlerContext): Promise<RouteOutput<R['deleteMockTest']>> {
    return this.quizzes.delete(callerOf(ctx), input.params.id, ctx.requestId);
  }

  @Handles(assessmentRoutes.addQuestion)
  async addQuestion(input: RouteInput<R['addQuestion']>, ctx: HandlerContext): Promise<RouteOutput<R['addQuestion']>> {
    return this.quizzes.addQuestion(callerOf(ctx), input.params.id, input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.manageQuiz)
  async manageQuiz(input: RouteInput<R['manageQuiz']>, ctx: HandlerContext): Promise<RouteOutput<R['manageQuiz']>> {
    return this.quizzes.manage(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.myQuizzes)
  async myQuizzes(_input: RouteInput<R['myQuizzes']>, ctx: HandlerContext): Promise<RouteOutput<R['myQuizzes']>> {
    return this.quizzes.mine(callerOf(ctx));
  }

  @Handles(assessmentRoutes.courseQuizzes)
  async courseQuizzes(input: RouteInput<R['courseQuizzes']>, ctx: HandlerContext): Promise<RouteOutput<R['courseQuizzes']>> {
    return this.quizzes.byCourse(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.listMockTests)
  async listMockTests(input: RouteInput<R['listMockTests']>, ctx: HandlerContext): Promise<RouteOutput<R['listMockTests']>> {
    return this.quizzes.discover(callerOf(ctx), input.query);
  }
}
