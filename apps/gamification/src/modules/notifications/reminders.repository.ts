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

  /**
   * The learners due a study reminder now: their chosen hour (else `defaultHour`) is this hour in
   * their zone (else `platformZone`), they were active within `recentDays` days but not yet today,
   * and they had no reminder today. Answers each one's local date and current streak.
   */
  studyReminderDue(
    now: Date,
    opts: { defaultHour: number; platformZone: string; recentDays: number; limit: number },
  ): Promise<Array<{ user_id: string; local_day: string; current_streak: number }>> {
    return queryRows(
      this.ds,
      `SELECT s.user_id, l.day::text AS local_day, s.current_streak
         FROM user_stats s
         JOIN users u ON u.id = s.user_id AND NOT u.deleted AND u.role = 'learner'
         CROSS JOIN LATERAL (SELECT ($1::timestamptz AT TIME ZONE coalesce(s.time_zone, $2)) AS at) t
         CROSS JOIN LATERAL (SELECT t.at::date AS day) l
        WHERE extract(hour FROM t.at) = coalesce(s.study_reminder_hour, $3)
          AND s.last_active_day >= l.day - $4::int
          AND s.last_active_day < l.day
          AND (s.study_reminded_on IS NULL OR s.study_reminded_on < l.day)
        ORDER BY s.user_id
        LIMIT $5`,
      [now, opts.platformZone, opts.defaultHour, opts.recentDays, opts.limit],
    );
  }

  /** These learners had today's study reminder (their own `day` each), made or held by their switch. */
  async markStudyReminded(tx: EntityManager, rows: ReadonlyArray<{ user_id: string; local_day: string }>): Promise<void> {
    await tx.query(
      `UPDATE user_stats s SET study_reminded_on = r.day FROM unnest($1::uuid[], $2::date[]) AS r(user_id, day) WHERE s.user_id = r.user_id`,
      [rows.map((r) => r.user_id), rows.map((r) => r.local_day)],
    );
  }

  /** A user's reminders still to come, soonest first (tests and the data export). */
  ofUser(userId: string): Promise<NotificationReminderEntity[]> {
    return this.ds.getRepository(NotificationReminderEntity).find({ where: { userId }, order: { dueAt: 'ASC' } });
  }
}
