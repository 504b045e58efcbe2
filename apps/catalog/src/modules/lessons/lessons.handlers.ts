import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { LessonsService } from './lessons.service.js';

type R = typeof catalogRoutes;

@Injectable()
export class LessonsHandlers {
  constructor(@Inject(LessonsService) private readonly lessons: LessonsService) {}

  @Handles(catalogRoutes.listLessons)
  async list(input: RouteInput<R['listLessons']>, ctx: HandlerContext): Promise<RouteOutput<R['listLessons']>> {
    return this.lessons.listForCourse(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.createLesson)
  async create(input: RouteInput<R['createLesson']>, ctx: HandlerContext): Promise<RouteOutput<R['createLesson']>> {
    return this.lessons.create(callerOf(ctx), input.params.id, input.body);
  }

  @Handles(catalogRoutes.getLesson)
  async get(input: RouteInput<R['getLesson']>, ctx: HandlerContext): Promise<RouteOutput<R['getLesson']>> {
    return this.lessons.get(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.updateLesson)
  async update(input: RouteInput<R['updateLesson']>, ctx: HandlerContext): Promise<RouteOutput<R['updateLesson']>> {
    return this.lessons.update(callerOf(ctx), input.params.id, input.body);
  }

  @Handles(catalogRoutes.deleteLesson)
  async delete(input: RouteInput<R['deleteLesson']>, ctx: HandlerContext): Promise<RouteOutput<R['deleteLesson']>> {
    await this.lessons.delete(callerOf(ctx), input.params.id);
    return { message: 'Lesson deleted successfully!' };
  }

  @Handles(catalogRoutes.bulkUploadLessons)
  async bulkUpload(input: RouteInput<R['bulkUploadLessons']>, ctx: HandlerContext): Promise<RouteOutput<R['bulkUploadLessons']>> {
    const lessons = await this.lessons.bulkUpload(callerOf(ctx), input.body);
    return { message: 'Lessons uploaded successfully!', created: lessons.length, lessons };
  }
}
