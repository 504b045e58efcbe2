import { Inject, Injectable } from '@nestjs/common';
import { assessmentRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { AssignmentsService } from './assignments.service.js';
import { SubmissionsService } from './submissions.service.js';

type R = typeof assessmentRoutes;

@Injectable()
export class AssignmentsHandlers {
  constructor(
    @Inject(AssignmentsService) private readonly assignments: AssignmentsService,
    @Inject(SubmissionsService) private readonly submissions: SubmissionsService,
  ) {}

  @Handles(assessmentRoutes.courseAssignments)
  async byCourse(input: RouteInput<R['courseAssignments']>, ctx: HandlerContext): Promise<RouteOutput<R['courseAssignments']>> {
    return this.assignments.listForCourse(callerOf(ctx), input.params.courseId);
  }

  @Handles(assessmentRoutes.createAssignment)
  async create(input: RouteInput<R['createAssignment']>, ctx: HandlerContext): Promise<RouteOutput<R['createAssignment']>> {
    return this.assignments.create(callerOf(ctx), input.body);
  }

  @Handles(assessmentRoutes.getAssignment)
  async get(input: RouteInput<R['getAssignment']>, ctx: HandlerContext): Promise<RouteOutput<R['getAssignment']>> {
    return this.assignments.get(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.updateAssignment)
  async update(input: RouteInput<R['updateAssignment']>, ctx: HandlerContext): Promise<RouteOutput<R['updateAssignment']>> {
    return this.assignments.update(callerOf(ctx), input.params.id, input.body);
  }

  @Handles(assessmentRoutes.deleteAssignment)
  async delete(input: RouteInput<R['deleteAssignment']>, ctx: HandlerContext): Promise<RouteOutput<R['deleteAssignment']>> {
    return this.assignments.delete(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.listSubmissions)
  async submissionsOf(input: RouteInput<R['listSubmissions']>, ctx: HandlerContext): Promise<RouteOutput<R['listSubmissions']>> {
    return this.submissions.list(callerOf(ctx), input.params.id);
  }

  @Handles(assessmentRoutes.gradeSubmission)
  async grade(input: RouteInput<R['gradeSubmission']>, ctx: HandlerContext): Promise<RouteOutput<R['gradeSubmission']>> {
    return this.submissions.grade(callerOf(ctx), input.params.id, input.body, ctx.requestId);
  }

  @Handles(assessmentRoutes.submitAssignment)
  async submit(input: RouteInput<R['submitAssignment']>, ctx: HandlerContext): Promise<RouteOutput<R['submitAssignment']>> {
    return this.submissions.submit(callerOf(ctx), input.params.id, input.body);
  }
}
