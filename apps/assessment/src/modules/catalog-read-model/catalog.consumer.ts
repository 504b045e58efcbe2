import { Inject, Injectable } from '@nestjs/common';
import { catalogEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { CatalogReadModelRepository } from './catalog-read-model.repository.js';

type CourseEvent = EventPayload<typeof catalogEvents.courseCreated> | EventPayload<typeof catalogEvents.courseUpdated>;

/** Keeps the courses/owners/enrollments read model in step with catalog (course ownership, enrollment checks). */
@Injectable()
export class CatalogConsumer {
  constructor(@Inject(CatalogReadModelRepository) private readonly repo: CatalogReadModelRepository) {}

  @OnEvent(catalogEvents.courseCreated)
  async courseCreated(p: EventPayload<typeof catalogEvents.courseCreated>, ctx: EventContext): Promise<void> {
    await this.upsert(p, ctx);
  }

  @OnEvent(catalogEvents.courseUpdated)
  async courseUpdated(p: EventPayload<typeof catalogEvents.courseUpdated>, ctx: EventContext): Promise<void> {
    await this.upsert(p, ctx);
  }

  @OnEvent(catalogEvents.coursePublished)
  async coursePublished(p: EventPayload<typeof catalogEvents.coursePublished>, ctx: EventContext): Promise<void> {
    await this.repo.markPublished(entityManager(ctx.tx), {
      id: p.course_id,
      title: p.title,
      instructorId: p.instructor_id,
      institutionId: p.institution_id,
    });
  }

  @OnEvent(catalogEvents.enrollmentCreated)
  async enrollmentCreated(p: EventPayload<typeof catalogEvents.enrollmentCreated>, ctx: EventContext): Promise<void> {
    // the course may not be known yet (events of different subjects are not ordered): record what the enrollment tells
    const tx = entityManager(ctx.tx);
    await this.repo.markKnown(tx, {
      id: p.course_id,
      title: p.course_title,
      instructorId: p.instructor_id,
      institutionId: p.institution_id,
    });
    await this.repo.insertEnrollment(tx, {
      courseId: p.course_id,
      userId: p.user_id,
      enrollmentId: p.enrollment_id,
      enrolledAt: new Date(p.enrolled_at),
    });
  }

  private async upsert(p: CourseEvent, ctx: EventContext): Promise<void> {
    await this.repo.upsertCourse(entityManager(ctx.tx), {
      id: p.course_id,
      title: p.title,
      instructorId: p.instructor_id,
      institutionId: p.institution_id,
      isPublished: p.is_published,
    });
  }
}
