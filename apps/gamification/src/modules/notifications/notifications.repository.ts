import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { fromRow, queryRows, type Db } from '@lp/service-kit';
import { PLATFORM_TIME_ZONE, type NotificationParams, type NotificationType, type OutboundChannel } from '@lp/contracts';
import { NotificationEntity, NotificationPreferenceEntity, NotificationSwitchesEntity } from '../../entities/notification.entity.js';
import { SWITCHES_ON, type Switches } from './delivery-plan.js';
import { DIGEST_LINK, type DigestContent } from './delivery-text.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  params: NotificationParams;
  link: string | null;
  sourceKey: string;
}

/** How long an e-mail waits for the address of a recipient the users read model has not heard of yet (identity's event is late). */
export const UNKNOWN_RECIPIENT_WAIT_MS = 60 * 60 * 1000;

/** What a delivery's recipient is, as this service knows them. */
export interface RecipientRow {
  userId: string;
  /** null for a deleted account, or one the users read model has not heard of yet (see `known`) */
  email: string | null;
  /**
   * the users read model has heard of the account: an event about someone new (an enrollment just
   * after the sign-up) can arrive before identity's registration, and their e-mail then waits for it
   */
  known: boolean;
  timeZone: string | null;
  switches: Switches;
  /** subscribed to Web Push in at least one browser */
  push: boolean;
  /** a linked Telegram chat with the user's Telegram switch on */
  telegram: boolean;
}

/** A pending delivery with what its message needs. */
export interface PendingDelivery {
  notificationId: string;
  channel: OutboundChannel;
  userId: string;
  notBefore: Date;
  type: NotificationType;
  params: NotificationParams;
  link: string | null;
  email: string | null;
  name: string | null;
  timeZone: string;
  /** the notifications it carries when it is a digest (its members, folded into it), else null */
  digest: DigestContent | null;
}

/** A recipient's held deliveries of one type on one channel, due to go out as one digest. */
export interface DueDigest {
  userId: string;
  type: NotificationType;
  channel: OutboundChannel;
  timeZone: string;
}

/** Data access for notifications, their deliveries, the users' choices and switches; no rules here. */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Stores notifications in one statement; answers those new (a key seen before makes none). */
  async insertMany(tx: EntityManager, rows: readonly NewNotification[]): Promise<NotificationEntity[]> {
    if (!rows.length) return [];
    // raw: one statement stores the lot and says which rows were new (a repeated key makes none)
    const inserted = await queryRows<Record<string, unknown>>(
      tx,
      `INSERT INTO notifications (user_id, type, params, link, source_key)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::text[])
       ON CONFLICT (user_id, type, source_key) DO NOTHING
       RETURNING *`,
      [
        rows.map((r) => r.userId),
        rows.map((r) => r.type),
        rows.map((r) => JSON.stringify(r.params)),
        rows.map((r) => r.link),
        rows.map((r) => r.sourceKey),
      ],
    );
    return inserted.map((r) => fromRow(tx, NotificationEntity, r));
  }

  /** The accounts (not deleted) that have this e-mail address, whatever its case (an invitee's). */
  async accountsWithEmail(tx: EntityManager, email: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(tx, 'SELECT id FROM users WHERE lower(email) = lower($1) AND NOT deleted', [email]);
    return rows.map((r) => r.id);
  }

  /** The recipients' e-mail, time zone and switches, in one query. */
  async recipients(tx: EntityManager, userIds: readonly string[]): Promise<Map<string, RecipientRow>> {
    const rows = await queryRows<{
      id: string;
      email: string | null;
      time_zone: string | null;
      email_on: boolean | null;
      study_reminders: boolean | null;
      assignment_deadlines: boolean | null;
      push: boolean;
      telegram: boolean;
      known: boolean;
    }>(
      tx,
      `SELECT x.id, CASE WHEN u.deleted THEN NULL ELSE u.email END AS email, u.id IS NOT NULL AS known, s.time_zone,
              w.email AS email_on, w.study_reminders, w.assignment_deadlines,
              EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = x.id) AS push,
              EXISTS (SELECT 1 FROM telegram_chats t WHERE t.user_id = x.id AND t."on") AS telegram
         FROM unnest($1::uuid[]) AS x(id)
         LEFT JOIN users u ON u.id = x.id
         LEFT JOIN user_stats s ON s.user_id = x.id
         LEFT JOIN notification_switches w ON w.user_id = x.id`,
      [userIds],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          userId: r.id,
          email: r.email,
          known: r.known,
          timeZone: r.time_zone,
          push: r.push,
          telegram: r.telegram,
          // the three are written together: no row, identity's defaults
          switches:
            r.email_on === null
              ? SWITCHES_ON
              : { email: r.email_on, studyReminders: r.study_reminders!, assignmentDeadlines: r.assignment_deadlines! },
        },
      ]),
    );
  }

  /** The users' choices that differ from the default, as user -> "type|channel" -> enabled. */
  async choices(userIds: readonly string[], db: Db = this.ds): Promise<Map<string, Map<string, boolean>>> {
    const rows = await queryRows<{ user_id: string; type: string; channel: string; enabled: boolean }>(
      db,
      'SELECT user_id, type, channel, enabled FROM notification_preferences WHERE user_id = ANY($1::uuid[])',
      [userIds],
    );
    const out = new Map<string, Map<string, boolean>>();
    for (const r of rows) out.set(r.user_id, (out.get(r.user_id) ?? new Map()).set(`${r.type}|${r.channel}`, r.enabled));
    return out;
  }

  async insertDeliveries(
    tx: EntityManager,
    rows: ReadonlyArray<{ notificationId: string; channel: OutboundChannel; userId: string; notBefore: Date; status: 'pending' | 'held' }>,
  ): Promise<void> {
    if (!rows.length) return;
    await tx.query(
      `INSERT INTO notification_deliveries (notification_id, channel, user_id, not_before, status)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::timestamptz[], $5::text[]) ON CONFLICT DO NOTHING`,
      [
        rows.map((r) => r.notificationId),
        rows.map((r) => r.channel),
        rows.map((r) => r.userId),
        rows.map((r) => r.notBefore),
        rows.map((r) => r.status),
      ],
    );
  }

  /** How many notifications of each (user, type) were made within the last `windowMs`, leaving out `except` (those just made), as "user|type" -> count. */
  async recentCounts(
    tx: EntityManager,
    pairs: ReadonlyArray<{ userId: string; type: NotificationType }>,
    except: readonly string[],
    windowMs: number,
  ): Promise<Map<string, number>> {
    if (!pairs.length) return new Map();
    const rows = await queryRows<{ user_id: string; type: string; n: number }>(
      tx,
      `SELECT n.user_id, n.type, count(*)::int AS n
         FROM (SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[])) AS k(user_id, type)
         JOIN notifications n ON n.user_id = k.user_id AND n.type = k.type
        WHERE n.created_at > now() - make_interval(secs => $3::float8 / 1000) AND NOT (n.id = ANY($4::uuid[]))
        GROUP BY n.user_id, n.type`,
      [pairs.map((p) => p.userId), pairs.map((p) => p.type), windowMs, except],
    );
    return new Map(rows.map((r) => [`${r.user_id}|${r.type}`, r.n]));
  }

  /** Recipients whose held deliveries of a type on a channel began at least `windowMs` ago: their digest is due. */
  async dueDigests(windowMs: number, limit: number): Promise<DueDigest[]> {
    const rows = await queryRows<{ user_id: string; type: NotificationType; channel: OutboundChannel; time_zone: string | null }>(
      this.ds,
      `SELECT g.user_id, g.type, g.channel, s.time_zone
         FROM (SELECT d.user_id, n.type, d.channel
                 FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
                WHERE d.status = 'held'
                GROUP BY d.user_id, n.type, d.channel
               HAVING min(d.created_at) <= now() - make_interval(secs => $1::float8 / 1000)
                LIMIT $2) g
         LEFT JOIN user_stats s ON s.user_id = g.user_id`,
      [windowMs, limit],
    );
    return rows.map((r) => ({ userId: r.user_id, type: r.type, channel: r.channel, timeZone: r.time_zone ?? PLATFORM_TIME_ZONE }));
  }

  /**
   * Folds a recipient's held deliveries of a type on a channel into one: the newest becomes
   * pending again, due at `notBefore`, and carries the others (digested, digest_of it). Rows
   * another process holds are skipped (they fold there). Answers the carrier's notification, or
   * null when nothing was held any more.
   */
  async foldDigest(tx: EntityManager, g: DueDigest, notBefore: Date): Promise<string | null> {
    const held = await queryRows<{ notification_id: string }>(
      tx,
      `SELECT d.notification_id
         FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
        WHERE d.status = 'held' AND d.user_id = $1 AND d.channel = $2 AND n.type = $3
        ORDER BY d.created_at DESC, d.notification_id DESC
          FOR UPDATE OF d SKIP LOCKED`,
      [g.userId, g.channel, g.type],
    );
    const [carrier, ...members] = held.map((h) => h.notification_id);
    if (!carrier) return null;
    await tx.query(
      `UPDATE notification_deliveries SET status = 'digested', digest_of = $1
        WHERE channel = $2 AND notification_id = ANY($3::uuid[])`,
      [carrier, g.channel, members],
    );
    await tx.query(`UPDATE notification_deliveries SET status = 'pending', not_before = $3 WHERE notification_id = $1 AND channel = $2`, [
      carrier,
      g.channel,
      notBefore,
    ]);
    return carrier;
  }

  /** Each user's unread count. */
  async unreadCounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await queryRows<{ user_id: string; n: number }>(
      db,
      `SELECT x.id AS user_id, (SELECT count(*) FROM notifications n WHERE n.user_id = x.id AND n.read_at IS NULL) AS n
         FROM unnest($1::uuid[]) AS x(id)`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.n]));
  }

  async unreadCount(userId: string, db: Db = this.ds): Promise<number> {
    return (await this.unreadCounts(db, [userId])).get(userId) ?? 0;
  }

  /** A page of the user's notifications, newest first, with how many match. */
  async page(
    userId: string,
    filter: { unreadOnly: boolean; types: readonly NotificationType[] | null; limit: number; offset: number },
  ): Promise<{ rows: NotificationEntity[]; total: number }> {
    const qb = this.ds
      .getRepository(NotificationEntity)
      .createQueryBuilder('n')
      .where('n.user_id = :userId', { userId })
      .orderBy('n.created_at', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .take(filter.limit)
      .skip(filter.offset);
    if (filter.unreadOnly) qb.andWhere('n.read_at IS NULL');
    if (filter.types) qb.andWhere('n.type = ANY(:types)', { types: filter.types });
    const [rows, total] = await qb.getManyAndCount();
    return { rows, total };
  }

  /** Marks the user's notification read (kept as it was when read before); null when it is not theirs or gone. */
  async markRead(tx: EntityManager, userId: string, id: string): Promise<NotificationEntity | null> {
    await tx.getRepository(NotificationEntity).update({ id, userId, readAt: IsNull() }, { readAt: () => 'now()' });
    return tx.getRepository(NotificationEntity).findOne({ where: { id, userId } });
  }

  /** Marks every unread notification of the user read; answers how many. */
  async markAllRead(tx: EntityManager, userId: string): Promise<number> {
    const r = await tx.getRepository(NotificationEntity).update({ userId, readAt: IsNull() }, { readAt: () => 'now()' });
    return r.affected ?? 0;
  }

  /** Deletes the user's notification with its deliveries; false when it is not theirs or gone. */
  async delete(tx: EntityManager, userId: string, id: string): Promise<boolean> {
    const r = await tx.getRepository(NotificationEntity).delete({ id, userId });
    if (!r.affected) return false;
    await tx.query('DELETE FROM notification_deliveries WHERE notification_id = $1', [id]);
    return true;
  }

  /** The user's switches as kept here (identity's defaults when none came yet). */
  async switches(userId: string): Promise<Switches> {
    const row = await this.ds.getRepository(NotificationSwitchesEntity).findOne({ where: { userId } });
    return row ? { email: row.email, studyReminders: row.studyReminders, assignmentDeadlines: row.assignmentDeadlines } : SWITCHES_ON;
  }

  /** Keeps identity's switches; an older change than the one kept changes nothing. */
  async saveSwitches(tx: EntityManager, userId: string, s: Switches, changedAt: Date): Promise<void> {
    await tx
      .createQueryBuilder()
      .insert()
      .into(NotificationSwitchesEntity)
      .values({ userId, email: s.email, studyReminders: s.studyReminders, assignmentDeadlines: s.assignmentDeadlines, changedAt })
      .orUpdate(['email', 'study_reminders', 'assignment_deadlines', 'changed_at'], ['user_id'], {
        overwriteCondition: { where: 'notification_switches.changed_at <= EXCLUDED.changed_at' },
      })
      .execute();
  }

  async saveChoices(
    tx: EntityManager,
    userId: string,
    changes: ReadonlyArray<{ type: NotificationType; channel: OutboundChannel; enabled: boolean }>,
  ): Promise<void> {
    await tx.getRepository(NotificationPreferenceEntity).upsert(
      changes.map((c) => ({ userId, type: c.type, channel: c.channel, enabled: c.enabled, updatedAt: new Date() })),
      ['userId', 'type', 'channel'],
    );
  }

  /**
   * Deliveries still pending (not handed to the worker) with what their message needs; `ids` limits them to these notifications.
   * An e-mail to someone the users read model has not heard of yet waits for their address (the sweep takes it once
   * identity's registration arrived), for at most UNKNOWN_RECIPIENT_WAIT_MS; then it comes without one and fails.
   */
  async pending(filter: { ids?: readonly string[]; olderThan?: Date; limit: number }): Promise<PendingDelivery[]> {
    const rows = await queryRows<{
      notification_id: string;
      channel: OutboundChannel;
      user_id: string;
      not_before: Date;
      type: NotificationType;
      params: NotificationParams;
      link: string | null;
      email: string | null;
      name: string | null;
      time_zone: string | null;
      folded: number;
      since: Date | null;
      recent: NotificationParams[] | null;
    }>(
      this.ds,
      `SELECT d.notification_id, d.channel, d.user_id, d.not_before, n.type, n.params, n.link,
              CASE WHEN u.deleted THEN NULL ELSE u.email END AS email, u.name, s.time_zone,
              g.folded, g.since, g.recent
         FROM notification_deliveries d
         JOIN notifications n ON n.id = d.notification_id
         LEFT JOIN users u ON u.id = d.user_id
         LEFT JOIN user_stats s ON s.user_id = d.user_id
         -- a digest's members (none for a delivery of its own)
         LEFT JOIN LATERAL (
              SELECT count(*)::int AS folded, min(m.created_at) AS since,
                     jsonb_agg(mn.params ORDER BY m.created_at DESC, m.notification_id DESC) AS recent
                FROM notification_deliveries m JOIN notifications mn ON mn.id = m.notification_id
               WHERE m.digest_of = d.notification_id AND m.channel = d.channel) g ON true
        WHERE d.status = 'pending'
          AND ($1::uuid[] IS NULL OR d.notification_id = ANY($1::uuid[]))
          AND ($2::timestamptz IS NULL OR d.created_at < $2)
          AND NOT (d.channel = 'email' AND u.id IS NULL AND d.created_at > now() - make_interval(secs => $4::int / 1000.0))
        ORDER BY d.created_at
        LIMIT $3`,
      [filter.ids ?? null, filter.olderThan ?? null, filter.limit, UNKNOWN_RECIPIENT_WAIT_MS],
    );
    return rows.map((r) => ({
      notificationId: r.notification_id,
      channel: r.channel,
      userId: r.user_id,
      notBefore: r.not_before,
      type: r.type,
      params: r.params,
      // a digest leads to the page that lists what it carries
      link: r.folded ? DIGEST_LINK : r.link,
      email: r.email,
      name: r.name,
      timeZone: r.time_zone ?? PLATFORM_TIME_ZONE,
      digest: r.folded ? { count: r.folded + 1, since: r.since!, params: [r.params, ...(r.recent ?? [])] } : null,
    }));
  }

  /** Records deliveries as handed to the worker (queued) or impossible (failed: no address any more). */
  async settle(keys: ReadonlyArray<{ notificationId: string; channel: OutboundChannel }>, status: 'queued' | 'failed'): Promise<void> {
    if (!keys.length) return;
    await this.ds.query(
      `UPDATE notification_deliveries d SET status = $3, queued_at = CASE WHEN $3 = 'queued' THEN now() ELSE d.queued_at END
         FROM unnest($1::uuid[], $2::text[]) AS k(notification_id, channel)
        WHERE d.notification_id = k.notification_id AND d.channel = k.channel AND d.status = 'pending'`,
      [keys.map((k) => k.notificationId), keys.map((k) => k.channel), status],
    );
  }

  /** Everything kept of a user's notifications: their rows, deliveries, choices, switches and push subscriptions (an account being deleted); answers the deliveries it dropped. */
  async forgetUser(tx: EntityManager, userId: string): Promise<Array<{ notificationId: string; channel: OutboundChannel }>> {
    const queued = await queryRows<{ notification_id: string; channel: OutboundChannel }>(
      tx,
      `DELETE FROM notification_deliveries WHERE user_id = $1 RETURNING notification_id, channel, status`,
      [userId],
    );
    for (const table of [
      'notifications',
      'notification_preferences',
      'notification_switches',
      'push_subscriptions',
      'notification_reminders',
      'telegram_chats',
    ])
      await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    return queued.map((d) => ({ notificationId: d.notification_id, channel: d.channel }));
  }

  /** The user's whole notification history (their data export). */
  ofUser(userId: string): Promise<NotificationEntity[]> {
    return this.ds.getRepository(NotificationEntity).find({ where: { userId }, order: { createdAt: 'DESC' } });
  }
}
