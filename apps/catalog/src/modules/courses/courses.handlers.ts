import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { CoursesService } from './courses.service.js';

type R = typeof catalogRoutes;

@Injectable()
export class CoursesHandlers {
  constructor(@Inject(CoursesService) private readonly courses: CoursesService) {}

  @Handles(catalogRoutes.listCourses)
  async list(input: RouteInput<R['listCourses']>, ctx: HandlerContext): Promise<RouteOutput<R['listCourses']>> {
    return this.courses.list(callerOf(ctx), input.query);
  }

  @Handles(catalogRoutes.createCourse)
  async create(input: RouteInput<R['createCourse']>, ctx: HandlerContext): Promise<RouteOutput<R['createCourse']>> {
    return this.courses.create(callerOf(ctx), input.body, ctx.requestId);
  }

  @Handles(catalogRoutes.getCourse)
  async get(input: RouteInput<R['getCourse']>, ctx: HandlerContext): Promise<RouteOutput<R['getCourse']>> {
    return this.courses.get(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.updateCourse)
  async update(input: RouteInput<R['updateCourse']>, ctx: HandlerContext): Promise<RouteOutput<R['updateCourse']>> {
    return this.courses.update(callerOf(ctx), input.params.id, input.body, ctx.requestId);
  }

  @Handles(catalogRoutes.instructorCourses)
  async instructorCourses(_input: RouteInput<R['instructorCourses']>, ctx: HandlerContext): Promise<RouteOutput<R['instructorCourses']>> {
    return this.courses.listOwned({ instructorId: callerOf(ctx).userId });
  }

  /** The current institution's courses; a user without one sees their own. */
  @Handles(catalogRoutes.institutionCourses)
  async institutionCourses(
    _input: RouteInput<R['institutionCourses']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['institutionCourses']>> {
    const caller = callerOf(ctx);
    return this.courses.listOwned(caller.institutionId ? { institutionId: caller.institutionId } : { instructorId: caller.userId });
  }
}
