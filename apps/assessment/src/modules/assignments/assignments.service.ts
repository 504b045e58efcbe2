import { Inject, Injectable } from '@nestjs/common';
import { type Assignment, assessmentInternal, assessmentRoutes, type BotReadRequest, type RouteInput } from '@lp/contracts';
import { Clock, UnitOfWork, Handles, HandlesInternal, currentCaller } from '@lp/service-kit';
import { assessmentErrors } from '../../common/assessment-errors.js';
import { AssignmentAccess } from './assignment-access.js';
import { assignmentChanges, assignmentColumns, toAssignment } from './assignment.mapper.js';
import { AssignmentsRepository } from './assignments.repository.js';
import { SubmissionsRepository } from './submissions.repository.js';

type R = typeof assessmentRoutes;

/**
 * Assignments of a course: its instructor (or an admin) writes them, drafts until published;
 * enrolled learners read the published ones with their own submission.
 */
/** how many assignments the bot's /deadlines lists */
const BOT_DEADLINES = 5;

@Injectable()
export class AssignmentsService {
  constructor(
    @Inject(AssignmentsRepository) private readonly assignments: AssignmentsRepository,
    @Inject(SubmissionsRepository) private readonly submissions: SubmissionsRepository,
    @Inject(AssignmentAccess) private readonly access: AssignmentAccess,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(assessmentRoutes.courseAssignments)
  async listForCourse({ params: { courseId } }: RouteInput<R['courseAssignments']>): Promise<Assignment[]> {
    const caller = currentCaller();
    const { manager } = await this.access.courseForMember(courseId, caller);
    if (manager) return (await this.assignments.listForCourse(courseId, { publishedOnly: false })).map((a) => toAssignment(a, { manager }));
    const [rows, own] = await Promise.all([
      this.assignments.listForCourse(courseId, { publishedOnly: true }),
      this.submissions.listForStudentInCourse(courseId, caller.userId),
    ]);
    return rows.map((a) => toAssignment(a, { manager, own: own.get(a.id) ?? null }));
  }

  @Handles(assessmentRoutes.getAssignment)
  async get({ params: { id } }: RouteInput<R['getAssignment']>): Promise<Assignment> {
    const caller = currentCaller();
    const { assignment, manager } = await this.access.visible(id, caller);
    if (manager) return toAssignment(assignment, { manager });
    return toAssignment(assignment, { manager, own: await this.submissions.findForStudent(id, caller.userId) });
  }

  @Handles(assessmentRoutes.createAssignment)
  async create({ body: input }: RouteInput<R['createAssignment']>): Promise<Assignment> {
    const caller = currentCaller();
    const { course_id: courseId, ...fields } = input;
    const id = await this.uow.run(async (tx) => {
      await this.access.managedCourse(courseId, caller, tx);
      return this.assignments.insert(tx, { ...assignmentColumns(fields), courseId, createdBy: caller.userId }, this.clock.now());
    });
    return toAssignment((await this.assignments.find(id))!, { manager: true });
  }

  @Handles(assessmentRoutes.updateAssignment)
  async update({ params: { id }, body: changes }: RouteInput<R['updateAssignment']>): Promise<Assignment> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      const { assignment } = await this.access.managed(id, caller, tx);
      if (changes.max_points !== undefined) {
        // a grade above max points would make a percentage over 100: re-grade first
        const highest = await this.submissions.highestRawGrade(tx, id);
        if (highest !== null && highest > changes.max_points) throw assessmentErrors.maxPointsBelowGrades(highest);
      }
      await this.assignments.update(tx, id, assignmentChanges(changes), this.clock.now());
      if (changes.due_date !== undefined && new Date(changes.due_date).getTime() !== assignment.dueDate.getTime())
        await this.submissions.rejudgeLateness(tx, id, new Date(changes.due_date));
    });
    return toAssignment((await this.assignments.find(id))!, { manager: true });
  }

  @Handles(assessmentRoutes.deleteAssignment)
  async delete({ params: { id } }: RouteInput<R['deleteAssignment']>): Promise<{ message: string }> {
    const caller = currentCaller();
    await this.uow.run(async (tx) => {
      await this.access.managed(id, caller, tx);
      await this.assignments.delete(tx, id);
    });
    return { message: 'Assignment deleted' };
  }

  /** The Telegram bot's /deadlines: what the user still has to hand in, soonest first. */
  @HandlesInternal(assessmentInternal.botDeadlines)
  async botDeadlines(
    req: BotReadRequest,
  ): Promise<Array<{ assignment_id: string; title: string; course_title: string | null; due_date: string }>> {
    const due = await this.assignments.dueFor(req.user_id, this.clock.now(), BOT_DEADLINES);
    return due.map((a) => ({ assignment_id: a.id, title: a.title, course_title: a.courseTitle, due_date: a.dueDate.toISOString() }));
  }
}
