import { Inject, Injectable } from '@nestjs/common';
import { catalogEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager } from '@lp/service-kit';
import { AdminRepository } from './admin.repository.js';

/** Feeds the admin analytics read model (`course_stats`) from catalog's events, in the event's transaction. */
@Injectable()
export class CatalogStatsConsumer {
  constructor(@Inject(AdminRepository) private readonly stats: AdminRepository) {}

  @OnEvent(catalogEvents.courseCreated)
  async courseCreated(e: EventPayload<typeof catalogEvents.courseCreated>, { tx }: EventContext): Promise<void> {
    await this.stats.upsertCourseTitle(entityManager(tx), e.course_id, e.title);
  }

  @OnEvent(catalogEvents.courseUpdated)
  async courseUpdated(e: EventPayload<typeof catalogEvents.courseUpdated>, { tx }: EventContext): Promise<void> {
    await this.stats.upsertCourseTitle(entityManager(tx), e.course_id, e.title);
  }

  @OnEvent(catalogEvents.enrollmentCreated)
  async enrollmentCreated(e: EventPayload<typeof catalogEvents.enrollmentCreated>, { tx }: EventContext): Promise<void> {
    await this.stats.raiseEnrollmentCount(entityManager(tx), e.course_id, e.course_title, e.enrollment_count);
  }
}
