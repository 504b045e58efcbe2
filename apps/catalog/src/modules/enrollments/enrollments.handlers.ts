import { Inject, Injectable } from '@nestjs/common';
import { catalogInternal } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import type { z } from 'zod';
import { HandlesInternal, iso, num } from '@lp/service-kit';
import { catalogErrors } from '../../common/catalog-errors.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { EnrollmentsRepository } from './enrollments.repository.js';

type Pricing = typeof catalogInternal.coursePricing;
type AccessFacts = typeof catalogInternal.accessFacts;

@Injectable()
export class EnrollmentsHandlers {
  constructor(
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(EnrollmentsRepository) private readonly repo: EnrollmentsRepository,
  ) {}

  /** Bus only: the owner's word on a course and an enrollment, for a read model that has not caught up. */
  @HandlesInternal(catalogInternal.accessFacts)
  async accessFacts(payload: z.infer<AccessFacts['request']>, _ctx: HandlerContext): Promise<z.infer<AccessFacts['response']>> {
    const [c, e] = await Promise.all([
      this.courses.findById(payload.course_id),
      payload.user_id ? this.repo.find(payload.course_id, payload.user_id) : Promise.resolve(null),
    ]);
    return {
      course: c ? { id: c.id, title: c.title, instructor_id: c.instructor_id, institution_id: c.institution_id, is_published: c.is_published } : null,
      enrollment: e ? { enrollment_id: e.id, enrolled_at: iso(e.enrolled_at) } : null,
    };
  }

  /** Bus only: billing takes a course's price from here, never from the browser. */
  @HandlesInternal(catalogInternal.coursePricing)
  async pricing(payload: z.infer<Pricing['request']>, _ctx: HandlerContext): Promise<z.infer<Pricing['response']>> {
    const c = await this.courses.findById(payload.course_id);
    if (!c) throw catalogErrors.courseNotFound();
    return { course_id: c.id, title: c.title, price: num(c.price), instructor_id: c.instructor_id, is_published: c.is_published };
  }
}
