import { Injectable } from '@nestjs/common';
import { catalogEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent } from '@lp/service-kit';

const UPSERT_TITLE = `INSERT INTO course_stats (course_id, title) VALUES ($1, $2)
  ON CONFLICT (course_id) DO UPDATE SET title = EXCLUDED.title, updated_at = now()`;
// the event carries the count after this enrollment: GREATEST keeps the read model right
// whatever order the events arrive in
const UPSERT_ENROLLMENTS = `INSERT INTO course_stats (course_id, title, enrollment_count) VALUES ($1, $2, $3)
  ON CONFLICT (course_id) DO UPDATE SET enrollment_count = GREATEST(course_stats.enrollment_count, EXCLUDED.enrollment_count), updated_at = now()`;

/** Feeds the admin analytics read model (`course_stats`) from catalog's events. */
@Injectable()
export class CatalogStatsConsumer {
  @OnEvent(catalogEvents.courseCreated)
  async courseCreated(e: EventPayload<typeof catalogEvents.courseCreated>, { tx }: EventContext): Promise<void> {
    await tx.query(UPSERT_TITLE, [e.course_id, e.title]);
  }

  @OnEvent(catalogEvents.courseUpdated)
  async courseUpdated(e: EventPayload<typeof catalogEvents.courseUpdated>, { tx }: EventContext): Promise<void> {
    await tx.query(UPSERT_TITLE, [e.course_id, e.title]);
  }

  @OnEvent(catalogEvents.enrollmentCreated)
  async enrollmentCreated(e: EventPayload<typeof catalogEvents.enrollmentCreated>, { tx }: EventContext): Promise<void> {
    await tx.query(UPSERT_ENROLLMENTS, [e.course_id, e.course_title, e.enrollment_count]);
  }
}
