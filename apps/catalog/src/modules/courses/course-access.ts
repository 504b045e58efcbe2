import { Inject, Injectable } from '@nestjs/common';
import type { Caller } from '@lp/contracts';
import { catalogErrors } from '../../common/catalog-errors.js';
import type { Db } from '@lp/service-kit';
import { EnrollmentsRepository, type EnrollmentRow } from '../enrollments/enrollments.repository.js';
import { CoursesRepository } from './courses.repository.js';
import type { CourseRow } from './course.mapper.js';

/**
 * Who manages a course: its instructor, or (for an institution's course) a user of role
 * institution signed in to that institution.
 */
export function isCourseOwner(course: Pick<CourseRow, 'instructor_id' | 'institution_id'>, caller: Caller): boolean {
  if (course.instructor_id === caller.userId) return true;
  return caller.role === 'institution' && course.institution_id !== null && course.institution_id === caller.institutionId;
}

export interface CourseView {
  course: CourseRow;
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

  async visible(courseId: string, caller: Caller, db?: Db): Promise<CourseView> {
    const course = await this.courses.findById(courseId, db);
    if (!course) throw catalogErrors.courseNotFound();
    const owner = isCourseOwner(course, caller);
    // an unpublished course stays open to those already enrolled in it
    if (!course.is_published && !owner && !(await this.enrollments.find(courseId, caller.userId, db))) throw catalogErrors.courseNotFound();
    return { course, owner };
  }

  async owned(courseId: string, caller: Caller, db?: Db): Promise<CourseRow> {
    const { course, owner } = await this.visible(courseId, caller, db);
    if (!owner) throw catalogErrors.notCourseOwner();
    return course;
  }

  /** The owner, or an enrolled learner (their enrollment is answered). */
  async learnerOrOwner(courseId: string, caller: Caller): Promise<CourseView & { enrollment: EnrollmentRow | null }> {
    const view = await this.visible(courseId, caller);
    if (view.owner) return { ...view, enrollment: null };
    const enrollment = await this.enrollments.find(courseId, caller.userId);
    if (!enrollment) throw catalogErrors.notEnrolled();
    return { ...view, enrollment };
  }

  /** An enrolled learner only (the owner does not enroll in their own course). */
  async enrolled(courseId: string, caller: Caller): Promise<CourseView & { enrollment: EnrollmentRow }> {
    const view = await this.visible(courseId, caller);
    const enrollment = await this.enrollments.find(courseId, caller.userId);
    if (!enrollment) throw catalogErrors.notEnrolled();
    return { ...view, enrollment };
  }
}
