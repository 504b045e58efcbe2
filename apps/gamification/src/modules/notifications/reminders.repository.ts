import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { fromRow, queryRows } from '@lp/service-kit';
import { NotificationReminderEntity } from '../../entities/notification.entity.js';
import type { ReminderItem } from './session-reminders.js';

/** Data access for the notifications due later; no rules here. */
@Injectable()
export class RemindersRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Keeps these reminders; one already kept for the same user, type and source is moved to the new time. */
  async schedule(tx: EntityManager, items: readonly ReminderItem[]): Promise<void> {
    if (!items.length) return;
    await tx.query(
      `INSERT INTO notification_reminders (user_id, type, subject, source_key, due_at, event_at, params, link)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::jsonb[], $8::text[])
       ON CONFLICT (user_id, type, source_key)
       DO UPDATE SET subject = EXCLUDED.subject, due_at = EXCLUDED.due_at, event_at = EXCLUDED.event_at, params = EXCLUDED.params, link = EXCLUDED.link`,
      [
        items.map((i) => i.userId),
        items.map((i) => i.type),
        items.map((i) => i.subject),
        items.map((i) => i.sourceKey),
        items.map((i) => i.dueAt),
        items.map((i) => i.eventAt),
        items.map((i) => JSON.stringify(i.params)),
        items.map((i) => i.link),
      ],
    );
  }

  /** Deletes a subject's reminders not made yet (a cancelled session's); answers how many. */
  async cancel(tx: EntityManager, subject: string): Promise<number> {
    const gone = await queryRows(tx, 'DELETE FROM notification_reminders WHERE subject = $1 RETURNING id', [subject]);
    return gone.length;
  }

  /**
   * Takes up to `limit` reminders due by `now` out of the table, locked so that another replica's
   * sweep skips them (SKIP LOCKED): the caller makes them into notifications in the same
   * transaction, so a crash before its commit leaves them to the next sweep.
   */
  async takeDue(tx: EntityManager, now: Date, limit: number): Promise<NotificationReminderEntity[]> {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      `DELETE FROM notification_reminders WHERE id IN (
         SELECT id FROM notification_reminders WHERE due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED
       ) RETURNING *`,
      [now, limit],
    );
    return rows.map((r) => fromRow(tx, NotificationReminderEntity, r));
  }

  /** A user's reminders still to come, soonest first (tests and the data export). */
  ofUser(userId: string): Promise<NotificationReminderEntity[]> {
    return this.ds.getRepository(NotificationReminderEntity).find({ where: { userId }, order: { dueAt: 'ASC' } });
  }
}
