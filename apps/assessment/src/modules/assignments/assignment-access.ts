import { Inject, Injectable } from '@nestjs/common';
import type { Caller } from '@lp/contracts';
import type { Db } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import type { CourseRow } from '../catalog-read-model/catalog-read-model.repository.js';
import { CatalogFacts } from '../catalog-read-model/catalog-facts.js';
import { AssignmentsRepository, type AssignmentRow } from './assignments.repository.js';

/** Who manages a course's assignments: its instructor, or an admin. */
export function managesCourse(course: Pick<CourseRow, 'instructor_id'>, caller: Caller): boolean {
  return caller.role === 'admin' || course.instructor_id === caller.userId;
}

export interface CourseAccessView {
  course: CourseRow;
  /** the owner or an admin: sees drafts and everyone's submissions */
  manager: boolean;
}
export interface AssignmentAccessView extends CourseAccessView {
  assignment: AssignmentRow;
}

/**
 * The access rules of assignments, in one place. Visibility first: an unknown course is 404,
 * an unknown assignment or a draft is 404 for anyone but its managers. Then permission:
 * managing needs the course's ownership (403 NOT_COURSE_OWNER), learning an enrollment
 * (403 NOT_ENROLLED).
 */
@Injectable()
export class AssignmentAccess {
  constructor(
    @Inject(CatalogFacts) private readonly catalog: CatalogFacts,
    @Inject(AssignmentsRepository) private readonly assignments: AssignmentsRepository,
  ) {}

  async course(courseId: string, caller: Caller, db?: Db): Promise<CourseAccessView> {
    const course = await this.catalog.course(courseId, db);
    if (!course) throw assessmentErrors.courseNotFound();
    return { course, manager: managesCourse(course, caller) };
  }

  async managedCourse(courseId: string, caller: Caller, db?: Db): Promise<CourseRow> {
    const { course, manager } = await this.course(courseId, caller, db);
    if (!manager) throw assessmentErrors.notCourseOwner();
    return course;
  }

  /** A manager, or an enrolled learner (403 otherwise). */
  async courseForMember(courseId: string, caller: Caller): Promise<CourseAccessView> {
    const view = await this.course(courseId, caller);
    if (!view.manager && !(await this.catalog.isEnrolled(courseId, caller.userId))) throw assessmentErrors.notEnrolled();
    return view;
  }

  /** The assignment as the caller may see it: managers always, enrolled learners once published. */
  async visible(assignmentId: string, caller: Caller, db?: Db): Promise<AssignmentAccessView> {
    const view = await this.load(assignmentId, caller, db, 'share');
    if (!view.assignment.is_published && !view.manager) throw assessmentErrors.assignmentNotFound();
    if (!view.manager && !(await this.catalog.isEnrolled(view.course.id, caller.userId, db))) throw assessmentErrors.notEnrolled();
    return view;
  }

  /** The assignment for its managers; a draft stays 404 to those who could not see it anyway. */
  async managed(assignmentId: string, caller: Caller, db?: Db): Promise<AssignmentAccessView> {
    const view = await this.load(assignmentId, caller, db, 'update');
    if (!view.manager) throw view.assignment.is_published ? assessmentErrors.notCourseOwner() : assessmentErrors.assignmentNotFound();
    return view;
  }

  /** Inside a transaction (db given) the assignment row is locked in the given mode. */
  private async load(assignmentId: string, caller: Caller, db: Db | undefined, mode: 'share' | 'update'): Promise<AssignmentAccessView> {
    const assignment = db ? await this.assignments.lock(db, assignmentId, mode) : await this.assignments.find(assignmentId);
    if (!assignment) throw assessmentErrors.assignmentNotFound();
    // an assignment is created through a course assessment knows, and the read model never drops courses
    const course = await this.catalog.course(assignment.course_id, db);
    if (!course) throw assessmentErrors.courseNotFound();
    return { assignment, course, manager: managesCourse(course, caller) };
  }
}
