import { Injectable } from '@nestjs/common';
import { catalogEvents, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { OnEvent, entityManager, queryRows } from '@lp/service-kit';
import type { EntityManager } from 'typeorm';
import { enterSystemScope } from '../../common/tenancy.js';

/** catalog keeps course prices and amounts paid in dollars; its events name no currency */
export const CATALOG_CURRENCY = 'USD';
export const toMinor = (major: number | string): number => Math.round(Number(major) * 100);

/**
 * Keeps the courses and enrollments read models in step with catalog. The kit applies each
 * event once (its inbox); the statements also tolerate events of one course arriving in any
 * order (each event name has its own consumer): an older course event never overwrites a
 * newer one, an enrollment may come before its course, and a completion before its enrollment
 * (it is kept, and the enrollment fills in its details when it arrives). Only institutions'
 * courses are kept, and only for institutions this service knows.
 */
@Injectable()
export class CoursesConsumer {
  @OnEvent(catalogEvents.courseCreated)
  async created(p: EventPayload<typeof catalogEvents.courseCreated>, ctx: EventContext): Promise<void> {
    if (!p.institution_id) return;
    const tx = await systemTx(ctx);
    // an update that came first made the row: it is newer, only the creation time is this event's
    await tx.query(
      `INSERT INTO courses (id, institution_id, title, category, price, is_published, enrollment_count, created_at, updated_at)
       SELECT $1, i.id, $3, $4, $5, $6, (SELECT count(*) FROM enrollments e WHERE e.course_id = $1), $7, $7 FROM institutions i WHERE i.id = $2
       ON CONFLICT (id) DO UPDATE SET created_at = EXCLUDED.created_at`,
      [p.course_id, p.institution_id, p.title, p.category, p.price, p.is_published, p.created_at],
    );
  }

  /** catalog never moves a course to another institution: the owner stays as the creation set it */
  @OnEvent(catalogEvents.courseUpdated)
  async updated(p: EventPayload<typeof catalogEvents.courseUpdated>, ctx: EventContext): Promise<void> {
    if (!p.institution_id) return;
    const tx = await systemTx(ctx);
    await tx.query(
      `INSERT INTO courses (id, institution_id, title, category, price, is_published, enrollment_count, created_at, updated_at)
       SELECT $1, i.id, $3, $4, $5, $6, (SELECT count(*) FROM enrollments e WHERE e.course_id = $1), $7, $7 FROM institutions i WHERE i.id = $2
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, category = EXCLUDED.category, price = EXCLUDED.price,
              is_published = EXCLUDED.is_published, updated_at = EXCLUDED.updated_at
        WHERE courses.updated_at <= EXCLUDED.updated_at`,
      [p.course_id, p.institution_id, p.title, p.category, p.price, p.is_published, p.updated_at],
    );
  }

  /** the enrollment belongs to the course's owner (an enrollment may come before its course: then as catalog says) */
  @OnEvent(catalogEvents.enrollmentCreated)
  async enrolled(p: EventPayload<typeof catalogEvents.enrollmentCreated>, ctx: EventContext): Promise<void> {
    if (!p.institution_id) return;
    const tx = await systemTx(ctx);
    await tx.query(
      `INSERT INTO enrollments (id, course_id, user_id, institution_id, amount_paid_minor, currency, enrolled_at)
       SELECT $1, $2, $3, coalesce(c.institution_id, i.id), $5, $6, $7
         FROM institutions i LEFT JOIN courses c ON c.id = $2 WHERE i.id = $4
       ON CONFLICT (id) DO UPDATE SET amount_paid_minor = EXCLUDED.amount_paid_minor, enrolled_at = EXCLUDED.enrolled_at`,
      [p.enrollment_id, p.course_id, p.user_id, p.institution_id, toMinor(p.amount_paid), CATALOG_CURRENCY, p.enrolled_at],
    );
    await tx.query(`UPDATE courses SET enrollment_count = greatest(enrollment_count, $2) WHERE id = $1`, [p.course_id, p.enrollment_count]);
  }

  @OnEvent(catalogEvents.courseCompleted)
  async completed(p: EventPayload<typeof catalogEvents.courseCompleted>, ctx: EventContext): Promise<void> {
    const tx = await systemTx(ctx);
    const done = await queryRows<{ id: string }>(
      tx,
      `UPDATE enrollments SET completed_at = coalesce(completed_at, $2) WHERE id = $1 RETURNING id`,
      [p.enrollment_id, p.completed_at],
    );
    if (done.length) return;
    // the enrollment's own event has not come yet: the completion is kept for it, of an
    // institution's course only: the one the event names (so the course's own event may come
    // later too), else, for an event written before it named one, the course as known here
    await tx.query(
      `INSERT INTO enrollments (id, course_id, user_id, institution_id, currency, enrolled_at, completed_at)
       SELECT $1, $2, $3, coalesce(c.institution_id, i.id), $5, $4, $4
         FROM (SELECT 1) AS one LEFT JOIN courses c ON c.id = $2 LEFT JOIN institutions i ON i.id = $6
        WHERE coalesce(c.institution_id, i.id) IS NOT NULL
       ON CONFLICT (id) DO UPDATE SET completed_at = coalesce(enrollments.completed_at, EXCLUDED.completed_at)`,
      [p.enrollment_id, p.course_id, p.user_id, p.completed_at, CATALOG_CURRENCY, p.institution_id ?? null],
    );
  }
}

async function systemTx(ctx: EventContext): Promise<EntityManager> {
  const tx = entityManager(ctx.tx);
  await enterSystemScope(tx);
  return tx;
}
