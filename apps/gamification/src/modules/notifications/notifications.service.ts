import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  AppError,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DIGEST,
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_NAMES,
  PLATFORM_TIME_ZONE,
  formatWallTime,
  gamificationEvents,
  gamificationRoutes,
  type Notification,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationType,
  type OutboundChannel,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { currentRequestId, writeEventsEach } from '@lp/bus';
import { Clock, ExportsUserData, Handles, UnitOfWork, currentCaller } from '@lp/service-kit';
import { TransactionQueues, type TransactionQueue } from '../../common/transaction-queues.js';
import { gamificationErrors } from '../../common/gamification-errors.js';
import type { NotificationEntity } from '../../entities/notification.entity.js';
import { SWITCHES_ON, notBefore, outboundChannels, wanted, type Recipient } from './delivery-plan.js';
import { NotificationDeliveries } from './notification-deliveries.js';
import type { NotificationItem } from './notification-sources.js';
import { NotificationsRepository } from './notifications.repository.js';

type R = typeof gamificationRoutes;

interface Asked extends NotificationItem {
  type: NotificationType;
  requestId: string | undefined;
}

const typesOf = (category: NotificationCategory): NotificationType[] =>
  NOTIFICATION_TYPE_NAMES.filter((t) => NOTIFICATION_TYPES[t].category === category);

export const toNotification = (n: NotificationEntity): Notification => ({
  id: n.id,
  type: n.type,
  category: NOTIFICATION_TYPES[n.type].category,
  params: n.params,
  link: n.link,
  read: n.readAt !== null,
  created_at: n.createdAt.toISOString(),
});

/**
 * The notification centre: notifications made from events (the consumers `notify` inside the
 * event's transaction; the whole transaction's are stored together just before it commits, in
 * a fixed number of statements), each with a delivery per outbound channel its recipient's
 * switches and choices allow, held through their quiet hours; a `notification.created` event
 * per new one for the bell; and the caller's routes (list, count, read, delete, preferences).
 */
@Injectable()
export class NotificationsService {
  private readonly asked: TransactionQueue<Asked>;

  constructor(
    @Inject(NotificationsRepository) private readonly repo: NotificationsRepository,
    @Inject(NotificationDeliveries) private readonly deliveries: NotificationDeliveries,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TransactionQueues) queues: TransactionQueues,
  ) {
    this.asked = queues.beforeCommit<Asked>((tx, list) => this.store(tx, list));
  }

  /** Notifications of `type` for these items, stored with the rest of `tx`'s just before it commits. */
  notify(tx: EntityManager, type: NotificationType, items: readonly NotificationItem[]): void {
    const requestId = currentRequestId();
    for (const item of items) this.asked.add(tx, { ...item, type, requestId });
  }

  private async store(tx: EntityManager, list: readonly Asked[]): Promise<void> {
    if (!list.length) return;
    const userIds = [...new Set(list.map((a) => a.userId))].sort();
    const [people, choices] = await Promise.all([this.repo.recipients(tx, userIds), this.repo.choices(userIds, tx)]);
    const recipientOf = (userId: string): Recipient & { timeZone: string } => {
      const p = people.get(userId);
      // someone the read model has not heard of yet (identity's registration behind the event) gets the e-mail once it has
      const reachable = new Set<OutboundChannel>(p?.email || p?.known === false ? ['email'] : []);
      if (p?.push) reachable.add('push');
      if (p?.telegram) reachable.add('telegram');
      return {
        switches: p?.switches ?? SWITCHES_ON,
        choices: choices.get(userId) ?? new Map(),
        reachable,
        timeZone: p?.timeZone ?? PLATFORM_TIME_ZONE,
      };
    };
    const kept = list.filter((a) => wanted(NOTIFICATION_TYPES[a.type], recipientOf(a.userId)));
    const made = await this.repo.insertMany(
      tx,
      kept.map((a) => ({
        userId: a.userId,
        type: a.type,
        params: a.when ? { ...a.params, when: formatWallTime(a.when, recipientOf(a.userId).timeZone) } : a.params,
        link: a.link,
        sourceKey: a.sourceKey,
      })),
    );
    if (!made.length) return;
    const now = this.clock.now();
    const held = await this.pastDigestThreshold(tx, made);
    const outbound = made.flatMap((n) => {
      const def = NOTIFICATION_TYPES[n.type];
      const r = recipientOf(n.userId);
      return outboundChannels(def, r).map((channel) => ({
        notificationId: n.id,
        channel,
        userId: n.userId,
        notBefore: notBefore(now, r.timeZone, def.security),
        status: held.has(n.id) ? ('held' as const) : ('pending' as const),
      }));
    });
    await this.repo.insertDeliveries(tx, outbound);
    const unread = await this.repo.unreadCounts(tx, [...new Set(made.map((n) => n.userId))]);
    const requestOf = new Map(kept.map((a) => [`${a.userId}|${a.type}|${a.sourceKey}`, a.requestId]));
    await writeEventsEach(
      tx,
      gamificationEvents.notificationCreated,
      made.map((n) => ({
        payload: { v: 1, user_id: n.userId, notification: toNotification(n), unread: unread.get(n.userId) ?? 0 },
        requestId: requestOf.get(`${n.userId}|${n.type}|${n.sourceKey}`),
      })),
    );
    const dueNow = outbound.filter((d) => d.status === 'pending');
    if (dueNow.length) this.deliveries.afterCommit(tx, [...new Set(dueNow.map((d) => d.notificationId))]);
  }

  /**
   * The new notifications whose deliveries wait for a digest: of a type that has them, each one
   * after the first NOTIFICATION_DIGEST.threshold its recipient got within the window (those of
   * this transaction counted in their order). NotificationDeliveries folds them when due.
   */
  private async pastDigestThreshold(tx: EntityManager, made: readonly NotificationEntity[]): Promise<Set<string>> {
    const digestible = made.filter((n) => NOTIFICATION_TYPES[n.type].digest);
    if (!digestible.length) return new Set();
    const { threshold, windowMs } = NOTIFICATION_DIGEST;
    const earlier = await this.repo.recentCounts(
      tx,
      digestible,
      made.map((n) => n.id),
      windowMs,
    );
    const counted = new Map<string, number>();
    const held = new Set<string>();
    for (const n of digestible) {
      const key = `${n.userId}|${n.type}`;
      const nth = (counted.get(key) ?? earlier.get(key) ?? 0) + 1;
      counted.set(key, nth);
      if (nth > threshold) held.add(n.id);
    }
    return held;
  }

  // ------------------------------------------------------------------ the caller's routes

  @Handles(gamificationRoutes.notifications)
  async list({ query }: RouteInput<R['notifications']>): Promise<RouteOutput<R['notifications']>> {
    const userId = currentCaller().userId;
    const [{ rows, total }, unread] = await Promise.all([
      this.repo.page(userId, {
        unreadOnly: query.unread === 'true',
        types: query.category ? typesOf(query.category) : null,
        limit: query.limit,
        offset: query.offset,
      }),
      this.repo.unreadCount(userId),
    ]);
    return { notifications: rows.map(toNotification), total, unread };
  }

  @Handles(gamificationRoutes.unreadNotifications)
  async unreadCount(): Promise<RouteOutput<R['unreadNotifications']>> {
    return { unread: await this.repo.unreadCount(currentCaller().userId) };
  }

  @Handles(gamificationRoutes.markNotificationRead)
  async markRead({ params }: RouteInput<R['markNotificationRead']>): Promise<RouteOutput<R['markNotificationRead']>> {
    const userId = currentCaller().userId;
    return this.uow.run(async (tx) => {
      const n = await this.repo.markRead(tx, userId, params.id);
      if (!n) throw gamificationErrors.notificationNotFound();
      return { notification: toNotification(n), unread: await this.repo.unreadCount(userId, tx) };
    });
  }

  @Handles(gamificationRoutes.markAllNotificationsRead)
  async markAllRead(): Promise<RouteOutput<R['markAllNotificationsRead']>> {
    const userId = currentCaller().userId;
    return this.uow.run(async (tx) => ({ marked: await this.repo.markAllRead(tx, userId), unread: 0 }));
  }

  @Handles(gamificationRoutes.deleteNotification)
  async delete({ params }: RouteInput<R['deleteNotification']>): Promise<RouteOutput<R['deleteNotification']>> {
    const userId = currentCaller().userId;
    return this.uow.run(async (tx) => {
      if (!(await this.repo.delete(tx, userId, params.id))) throw gamificationErrors.notificationNotFound();
      return { message: 'Notification deleted', unread: await this.repo.unreadCount(userId, tx) };
    });
  }

  @Handles(gamificationRoutes.notificationPreferences)
  async preferences(): Promise<RouteOutput<R['notificationPreferences']>> {
    return this.preferencesOf(currentCaller().userId);
  }

  @Handles(gamificationRoutes.updateNotificationPreferences)
  async updatePreferences({
    body,
  }: RouteInput<R['updateNotificationPreferences']>): Promise<RouteOutput<R['updateNotificationPreferences']>> {
    const userId = currentCaller().userId;
    const unused = body.changes.flatMap((c, i) =>
      (NOTIFICATION_TYPES[c.type].channels as readonly NotificationChannel[]).includes(c.channel)
        ? []
        : [{ path: `changes.${i}.channel`, message: 'This notification is not sent on that channel' }],
    );
    if (unused.length) throw AppError.validation(unused);
    // one row per type and channel: the last change of a pair wins (one statement cannot touch a row twice)
    const last = [...new Map(body.changes.map((c) => [`${c.type}|${c.channel}`, c])).values()];
    await this.uow.run((tx) => this.repo.saveChoices(tx, userId, last));
    return this.preferencesOf(userId);
  }

  private async preferencesOf(userId: string): Promise<RouteOutput<R['notificationPreferences']>> {
    const [switches, choices] = await Promise.all([this.repo.switches(userId), this.repo.choices([userId])]);
    const mine = choices.get(userId) ?? new Map<string, boolean>();
    // in the order of the page's filters, then the catalogue's
    const ordered = NOTIFICATION_CATEGORIES.flatMap((c) => typesOf(c));
    return {
      preferences: ordered.map((type) => {
        const def = NOTIFICATION_TYPES[type];
        const enabled = Object.fromEntries(
          def.channels.map((c: NotificationChannel) => [c, c === 'in_app' ? true : (mine.get(`${type}|${c}`) ?? true)]),
        );
        return {
          type,
          category: def.category,
          channels: [...def.channels],
          enabled,
          obeys: def.obeys,
          switch_on: def.obeys === null ? true : switches[def.obeys],
        };
      }),
    };
  }

  /** The notifications part of "Download my data". */
  @ExportsUserData()
  async exportUserData(userId: string): Promise<Record<string, unknown>> {
    const rows = await this.repo.ofUser(userId);
    return { notifications: rows.map(toNotification) };
  }
}
