import { Inject, Injectable } from '@nestjs/common';
import { catalogRoutes, type RouteInput, type RouteOutput } from '@lp/contracts';
import type { HandlerContext } from '@lp/bus';
import { Handles, callerOf } from '@lp/service-kit';
import { AnalyticsService } from './analytics.service.js';
import { StudentsService } from './students.service.js';

type R = typeof catalogRoutes;

/** The instructor dashboard, course analytics and the institution's course figures. */
@Injectable()
export class InstructorHandlers {
  constructor(
    @Inject(AnalyticsService) private readonly analytics: AnalyticsService,
    @Inject(StudentsService) private readonly students: StudentsService,
  ) {}

  @Handles(catalogRoutes.instructorOverview)
  async overview(_input: RouteInput<R['instructorOverview']>, ctx: HandlerContext): Promise<RouteOutput<R['instructorOverview']>> {
    return this.analytics.overview(callerOf(ctx));
  }

  @Handles(catalogRoutes.courseAnalytics)
  async courseAnalytics(input: RouteInput<R['courseAnalytics']>, ctx: HandlerContext): Promise<RouteOutput<R['courseAnalytics']>> {
    return this.analytics.course(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.instructorCourseAnalytics)
  async instructorCourseAnalytics(
    input: RouteInput<R['instructorCourseAnalytics']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['instructorCourseAnalytics']>> {
    return this.analytics.course(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.institutionCourseAnalytics)
  async institutionAnalytics(
    _input: RouteInput<R['institutionCourseAnalytics']>,
    ctx: HandlerContext,
  ): Promise<RouteOutput<R['institutionCourseAnalytics']>> {
    return this.analytics.institution(callerOf(ctx));
  }

  @Handles(catalogRoutes.contentLibrary)
  async contentLibrary(_input: RouteInput<R['contentLibrary']>, ctx: HandlerContext): Promise<RouteOutput<R['contentLibrary']>> {
    return this.analytics.contentLibrary(callerOf(ctx));
  }

  @Handles(catalogRoutes.instructorStudents)
  async listStudents(_input: RouteInput<R['instructorStudents']>, ctx: HandlerContext): Promise<RouteOutput<R['instructorStudents']>> {
    return this.students.students(callerOf(ctx));
  }

  @Handles(catalogRoutes.instructorAtRisk)
  async atRisk(_input: RouteInput<R['instructorAtRisk']>, ctx: HandlerContext): Promise<RouteOutput<R['instructorAtRisk']>> {
    return this.students.atRisk(callerOf(ctx));
  }

  @Handles(catalogRoutes.intervention)
  async intervention(input: RouteInput<R['intervention']>, ctx: HandlerContext): Promise<RouteOutput<R['intervention']>> {
    const r = await this.students.intervene(callerOf(ctx), input.params.id, input.query.course_id, input.query.intervention_type);
    return { message: 'Intervention message sent successfully!', intervention_id: r.interventionId, message_id: r.messageId };
  }

  @Handles(catalogRoutes.instructorMessages)
  async messages(_input: RouteInput<R['instructorMessages']>, ctx: HandlerContext): Promise<RouteOutput<R['instructorMessages']>> {
    return this.students.listMessages(callerOf(ctx));
  }

  @Handles(catalogRoutes.markMessageRead)
  async markRead(input: RouteInput<R['markMessageRead']>, ctx: HandlerContext): Promise<RouteOutput<R['markMessageRead']>> {
    return this.students.markRead(callerOf(ctx), input.params.id);
  }

  @Handles(catalogRoutes.sendMessage)
  async send(input: RouteInput<R['sendMessage']>, ctx: HandlerContext): Promise<RouteOutput<R['sendMessage']>> {
    return this.students.send(callerOf(ctx), input.body);
  }
}
