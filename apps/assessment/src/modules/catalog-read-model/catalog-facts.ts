import { Inject, Injectable } from '@nestjs/common';
import { catalogInternal, type CourseAccessFacts } from '@lp/contracts';
import { confirmWithOwner, RpcClient } from '@lp/bus';
import type { EntityManager } from 'typeorm';
import { LOGGER, type Logger } from '@lp/service-kit';
import { CatalogReadModelRepository, type CourseFacts } from './catalog-read-model.repository.js';

/** The owner's answer comes quickly or not at all: a refusal must not hang. */
const OWNER_TIMEOUT_MS = 2000;

/**
 * Catalog's facts that decide access here (a course exists and who owns it; a learner is
 * enrolled), read your own writes: the read model first, catalog itself on a miss
 * (libs/bus confirmWithOwner; docs/architecture.md, "Read your own writes").
 */
@Injectable()
export class CatalogFacts {
  constructor(
    @Inject(CatalogReadModelRepository) private readonly readModel: CatalogReadModelRepository,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** A course, even one created a moment ago (not kept: course.updated events keep the read model's order). */
  course(courseId: string, tx?: EntityManager): Promise<CourseFacts | null> {
    return confirmWithOwner<CourseFacts>({
      what: `course ${courseId}`,
      local: () => this.readModel.findCourse(courseId, tx),
      owner: async () => {
        const c = (await this.ask(courseId)).course;
        return (
          c && { id: c.id, title: c.title, instructorId: c.instructor_id, institutionId: c.institution_id, isPublished: c.is_published }
        );
      },
      log: this.log,
    });
  }

  /** Whether the user is enrolled, even a moment ago (kept: an enrollment never changes once made). */
  async isEnrolled(courseId: string, userId: string, tx?: EntityManager): Promise<boolean> {
    type Known = true | { enrollmentId: string; enrolledAt: Date };
    const fact = await confirmWithOwner<Known>({
      what: `enrollment of ${userId} in ${courseId}`,
      local: async () => ((await this.readModel.isEnrolled(courseId, userId, tx)) ? true : null),
      owner: async () => {
        const e = (await this.ask(courseId, userId)).enrollment;
        return e ? { enrollmentId: e.enrollment_id, enrolledAt: new Date(e.enrolled_at) } : null;
      },
      remember: async (e) => {
        if (e !== true)
          await this.readModel.insertEnrollment(undefined, { courseId, userId, enrollmentId: e.enrollmentId, enrolledAt: e.enrolledAt });
      },
      log: this.log,
    });
    return fact !== null;
  }

  /**
   * The learner's completion of a course in %, from catalog itself (progress changes with every
   * completed unit and every published lesson, so it is never kept here); 0 when not enrolled.
   * Only asked when a learner starts a course's assessment (the unlocking rule).
   */
  async completion(courseId: string, userId: string): Promise<number> {
    return (await this.ask(courseId, userId)).enrollment?.completion_percentage ?? 0;
  }

  private ask(courseId: string, userId?: string): Promise<CourseAccessFacts> {
    return this.rpc.request<CourseAccessFacts>(
      catalogInternal.accessFacts.subject,
      { course_id: courseId, ...(userId ? { user_id: userId } : {}) },
      { requestId: `facts-${courseId}`, timeoutMs: OWNER_TIMEOUT_MS },
    );
  }
}
