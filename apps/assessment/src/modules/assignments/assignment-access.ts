import { Inject, Injectable } from '@nestjs/common';
import type { Caller } from '@lp/contracts';
import type { EntityManager } from 'typeorm';
import { assessmentErrors } from '../../common/assessment-errors.js';
import type { CourseFacts } from '../catalog-read-model/catalog-read-model.repository.js';
import { CatalogFacts } from '../catalog-read-model/catalog-facts.js';
import { AssignmentsRepository, type AssignmentView } from './assignments.repository.js';

/** Who manages a course's assignments: its instructor, or an admin. */
export function managesCourse(course: Pick<CourseFacts, 'instructorId'>, caller: Caller): boolean {
  return caller.role === 'admin' || course.instructorId === caller.userId;
}

export interface CourseAccessView {
  course: CourseFacts;
  /** the owner or an admin: sees drafts and everyone's submissions */
  manager: boolean;
}
export interface AssignmentAccessView extends CourseAccessView {
  assignment: AssignmentView;
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

  async course(courseId: string, caller: Caller, tx?: EntityManager): Promise<CourseAccessView> {
    const course = await this.catalog.course(courseId, tx);
    if (!course) throw assessmentErrors.courseNotFound();
    return { course, manager: managesCourse(course, caller) };
  }

  async managedCourse(courseId: string, caller: Caller, tx?: EntityManager): Promise<CourseFacts> {
    const { course, manager } = await this.course(courseId, caller, tx);
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
  async visible(assignmentId: string, caller: Caller, tx?: EntityManager): Promise<AssignmentAccessView> {
    const view = await this.load(assignmentId, caller, tx, 'share');
    if (!view.assignment.isPublished && !view.manager) throw assessmentErrors.assignmentNotFound();
    if (!view.manager && !(await this.catalog.isEnrolled(view.course.id, caller.userId, tx))) throw assessmentErrors.notEnrolled();
    return view;
  }

  /** The assignment for its managers; a draft stays 404 to those who could not see it anyway. */
  async managed(assignmentId: string, caller: Caller, tx?: EntityManager): Promise<AssignmentAccessView> {
    const view = await this.load(assignmentId, caller, tx, 'update');
    if (!view.manager) throw view.assignment.isPublished ? assessmentErrors.notCourseOwner() : assessmentErrors.assignmentNotFound();
    return view;
  }

  /** Inside a transaction (tx given) the assignment row is locked in the given mode. */
  private async load(
    assignmentId: string,
    caller: Caller,
    tx: EntityManager | undefined,
    mode: 'share' | 'update',
  ): Promise<AssignmentAccessView> {
    const assignment = tx ? await this.assignments.lock(tx, assignmentId, mode) : await this.assignments.find(assignmentId);
    if (!assignment) throw assessmentErrors.assignmentNotFound();
    // an assignment is created through a course assessment knows, and the read model never drops courses
    const course = await this.catalog.course(assignment.courseId, tx);
    if (!course) throw assessmentErrors.courseNotFound();
    return { assignment, course, manager: managesCourse(course, caller) };
  }
}
