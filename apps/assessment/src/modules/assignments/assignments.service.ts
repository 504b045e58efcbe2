import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Assignment, AssignmentCreateRequest, AssignmentUpdateRequest, Caller } from '@lp/contracts';
import { Clock, UnitOfWork } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { AssignmentAccess } from './assignment-access.js';
import { toAssignment } from './assignment.mapper.js';
import { AssignmentsRepository } from './assignments.repository.js';
import { SubmissionsRepository } from './submissions.repository.js';

/**
 * Assignments of a course: its instructor (or an admin) writes them, drafts until published;
 * enrolled learners read the published ones with their own submission.
 */
@Injectable()
export class AssignmentsService {
  constructor(
    @Inject(AssignmentsRepository) private readonly assignments: AssignmentsRepository,
    @Inject(SubmissionsRepository) private readonly submissions: SubmissionsRepository,
    @Inject(AssignmentAccess) private readonly access: AssignmentAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async listForCourse(caller: Caller, courseId: string): Promise<Assignment[]> {
    const { manager } = await this.access.courseForMember(courseId, caller);
    if (manager) return (await this.assignments.listForCourse(courseId, { publishedOnly: false })).map((a) => toAssignment(a, { manager }));
    const [rows, own] = await Promise.all([
      this.assignments.listForCourse(courseId, { publishedOnly: true }),
      this.submissions.listForStudentInCourse(courseId, caller.userId),
    ]);
    return rows.map((a) => toAssignment(a, { manager, own: own.get(a.id) ?? null }));
  }

  async get(caller: Caller, id: string): Promise<Assignment> {
    const { assignment, manager } = await this.access.visible(id, caller);
    if (manager) return toAssignment(assignment, { manager });
    return toAssignment(assignment, { manager, own: await this.submissions.findForStudent(id, caller.userId) });
  }

  async create(caller: Caller, input: z.infer<typeof AssignmentCreateRequest>): Promise<Assignment> {
    const { course_id: courseId, ...fields } = input;
    const id = await this.uow.run(async (tx) => {
      await this.access.managedCourse(courseId, caller, tx);
      return this.assignments.insert(tx, { ...fields, courseId, createdBy: caller.userId }, this.clock.now());
    });
    return toAssignment((await this.assignments.find(id))!, { manager: true });
  }

  async update(caller: Caller, id: string, changes: z.infer<typeof AssignmentUpdateRequest>): Promise<Assignment> {
    await this.uow.run(async (tx) => {
      const { assignment } = await this.access.managed(id, caller, tx);
      if (changes.max_points !== undefined) {
        // a grade above max points would make a percentage over 100: re-grade first
        const highest = await this.submissions.highestRawGrade(tx, id);
        if (highest !== null && highest > changes.max_points) throw assessmentErrors.maxPointsBelowGrades(highest);
      }
      await this.assignments.update(tx, id, changes, this.clock.now());
      if (changes.due_date !== undefined && new Date(changes.due_date).getTime() !== assignment.due_date.getTime())
        await this.submissions.rejudgeLateness(tx, id, new Date(changes.due_date));
    });
    return toAssignment((await this.assignments.find(id))!, { manager: true });
  }

  async delete(caller: Caller, id: string): Promise<{ message: string }> {
    await this.uow.run(async (tx) => {
      await this.access.managed(id, caller, tx);
      await this.assignments.delete(tx, id);
    });
    return { message: 'Assignment deleted' };
  }
}
