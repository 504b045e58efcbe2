import { Inject, Injectable } from '@nestjs/common';
import { catalogInternal, catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import type { z } from 'zod';
import { Handles, HandlesInternal, callerOf, num } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsService } from './enrollments.service.js';

type R = typeof catalogRoutes;
type Pricing = typeof catalogInternal.coursePricing;

@Injectable()
export class EnrollmentsHandlers {
  constructor(
    @Inject(EnrollmentsService) private readonly enrollments: EnrollmentsService,
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
  ) {}

  @Handles(catalogRoutes.checkEnrollment)
  async check(input: RouteInput<R['checkEnrollment']>, ctx: HandlerContext): Promise<RouteOutput<R['checkEnrollment']>> {
    return this.enrollments.check(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.enroll)
  async enroll(input: RouteInput<R['enroll']>, ctx: HandlerContext): Promise<RouteOutput<R['enroll']>> {
    return this.enrollments.enroll(callerOf(ctx), input.params.id, ctx.requestId);
  }

  /** Bus only: billing takes a course's price from here, never from the browser. */
  @HandlesInternal(catalogInternal.coursePricing)
  async pricing(payload: z.infer<Pricing['request']>, _ctx: HandlerContext): Promise<z.infer<Pricing['response']>> {
    const c = await this.courses.findById(payload.course_id);
    if (!c) throw catalogErrors.courseNotFound();
    return { course_id: c.id, title: c.title, price: num(c.price), instructor_id: c.instructor_id, is_published: c.is_published };
  }
}
