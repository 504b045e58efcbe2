import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Caller } from '@lp/contracts';
import { catalogErrors } from '../../common/catalog-errors.js';
import type { CourseEntity } from '../../entities/course.entity.js';
import type { EnrollmentEntity } from '../../entities/enrollment.entity.js';
import { EnrollmentsRepository } from '../enrollments/enrollments.repository.js';
import { CoursesRepository } from './courses.repository.js';

/**
 * Who manages a course: its instructor, or (for an institution's course) a user of role
 * institution signed in to that institution.
 */
export function isCourseOwner(course: Pick<CourseEntity, 'instructorId' | 'institutionId'>, caller: Caller): boolean {
  if (course.instructorId === caller.userId) return true;
  return caller.role === 'institution' && course.institutionId !== null && course.institutionId === caller.institutionId;
}

export interface CourseView {
  course: CourseEntity;
  owner: boolean;
}

/**
 * The access rules of a course, in one place. Visibility comes first: a draft is 404 for
 * anyone but its owner (and learners enrolled before it was unpublished). Then permission: managing needs ownership (403), learning needs
 * an enrollment (403).
 */
@Injectable()
export class CourseAccess {
  constructor(
    @Inject(CoursesRepository) private readonly courses: CoursesRepository,
    @Inject(EnrollmentsRepository) private readonly enrollments: EnrollmentsRepository,
  ) {}

  async visible(courseId: string, caller: Caller, tx?: EntityManager): Promise<CourseView> {
    const course = await this.courses.findById(courseId, tx);
    if (!course) throw catalogErrors.courseNotFound();
    const owner = isCourseOwner(course, caller);
    // an unpublished course stays open to those already enrolled in it
    if (!course.isPublished && !owner && !(await this.enrollments.find(courseId, caller.userId, tx))) throw catalogErrors.courseNotFound();
    return { course, owner };
  }

  async owned(courseId: string, caller: Caller, tx?: EntityManager): Promise<CourseEntity> {
    const { course, owner } = await this.visible(courseId, caller, tx);
    if (!owner) throw catalogErrors.notCourseOwner();
    return course;
  }

  /** The owner, or an enrolled learner (their enrollment is answered). */
  async learnerOrOwner(courseId: string, caller: Caller): Promise<CourseView & { enrollment: EnrollmentEntity | null }> {
    const view = await this.visible(courseId, caller);
    if (view.owner) return { ...view, enrollment: null };
    const enrollment = await this.enrollments.find(courseId, caller.userId);
    if (!enrollment) throw catalogErrors.notEnrolled();
    return { ...view, enrollment };
  }

  /** An enrolled learner only (the owner does not enroll in their own course). */
  async enrolled(courseId: string, caller: Caller): Promise<CourseView & { enrollment: EnrollmentEntity }> {
    const view = await this.visible(courseId, caller);
    const enrollment = await this.enrollments.find(courseId, caller.userId);
    if (!enrollment) throw catalogErrors.notEnrolled();
    return { ...view, enrollment };
  }
}
