import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { ProgressService } from './progress.service.js';

type R = typeof catalogRoutes;

@Injectable()
export class ProgressHandlers {
  constructor(@Inject(ProgressService) private readonly progress: ProgressService) {}

  @Handles(catalogRoutes.completeLesson)
  async completeLesson(input: RouteInput<R['completeLesson']>, ctx: HandlerContext): Promise<RouteOutput<R['completeLesson']>> {
    return this.progress.completeLesson(callerOf(ctx), input.params.id, input.body.time_spent_minutes, ctx.requestId);
  }

  @Handles(catalogRoutes.markComplete)
  async markComplete(input: RouteInput<R['markComplete']>, ctx: HandlerContext): Promise<RouteOutput<R['markComplete']>> {
    return this.progress.markComplete(callerOf(ctx), input.params.courseId, input.params.itemId, ctx.requestId);
  }

  @Handles(catalogRoutes.courseProgress)
  async courseProgress(input: RouteInput<R['courseProgress']>, ctx: HandlerContext): Promise<RouteOutput<R['courseProgress']>> {
    return this.progress.courseProgress(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.progress)
  async progressOf(input: RouteInput<R['progress']>, ctx: HandlerContext): Promise<RouteOutput<R['progress']>> {
    return this.progress.courseProgress(callerOf(ctx), input.params.courseId);
  }

  @Handles(catalogRoutes.enrollmentProgress)
  async enrollmentProgress(input: RouteInput<R['enrollmentProgress']>, ctx: HandlerContext): Promise<RouteOutput<R['enrollmentProgress']>> {
    return this.progress.enrollmentProgress(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.learnerEnrolledCourses)
  async enrolledCourses(
    _input: RouteInput<R['learnerEnrolledCourses']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['learnerEnrolledCourses']>> {
    return this.progress.enrolledCourses(callerOf(ctx));
  }
}
