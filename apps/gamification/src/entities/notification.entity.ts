import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationChannel, NotificationParams, NotificationType } from '@lp/contracts';

/**
 * A notification stored for a user (the in-app channel): what the bell counts and the page lists.
 * One per user, type and source (the key): an event redelivered under a new delivery, or two
 * events about the same thing, make it once. Deleting it is the user's to do.
 */
@Entity({ name: 'notifications' })
@Index('notifications_source_key', ['userId', 'type', 'sourceKey'], { unique: true })
@Index('notifications_user_created_idx', ['userId', 'createdAt'])
// the bell's count: the unread ones only
@Index('notifications_unread_idx', ['userId'], { where: 'read_at IS NULL' })
export class NotificationEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text' }) type!: NotificationType;
  /** the values its texts and link use (NOTIFICATION_TEXTS) */
  @Column({ type: 'jsonb' }) params!: NotificationParams;
  /** where it leads in the SPA (a path), or null */
  @Column({ type: 'text', nullable: true }) link!: string | null;
  /** what it is about, as its source says (an event id, or the thing's id where one per thing is the rule) */
  @Column({ type: 'text', name: 'source_key' }) sourceKey!: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'read_at', nullable: true }) readAt!: Date | null;
}

/**
 * One channel's delivery of a notification beyond the app (e-mail now; Telegram and Web Push
 * when the user has them): made with the notification, in its transaction, then handed to the
 * worker as a job whose id is the key (notification, channel), so it is never sent twice.
 * `not_before` holds it through the user's quiet hours.
 */
@Entity({ name: 'notification_deliveries' })
@Index('notification_deliveries_pending_idx', ['createdAt'], { where: `status = 'pending'` })
// the digests' sweep: the held ones, by recipient and channel
@Index('notification_deliveries_held_idx', ['userId', 'channel', 'createdAt'], { where: `status = 'held'` })
// a digest's members, found from the one that carries it
@Index('notification_deliveries_digest_idx', ['digestOf', 'channel'], { where: `digest_of IS NOT NULL` })
@Check('notification_deliveries_status_check', `status IN ('pending', 'held', 'queued', 'digested', 'failed')`)
@Check('notification_deliveries_channel_check', `channel IN ('email', 'telegram', 'push')`)
export class NotificationDeliveryEntity {
  @PrimaryColumn({ type: 'uuid', name: 'notification_id' }) notificationId!: string;
  @PrimaryColumn({ type: 'text' }) channel!: Exclude<NotificationChannel, 'in_app'>;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  /**
   * pending: not handed to the worker yet; queued: its job exists (the worker sends and retries it);
   * held: past the digest threshold, waiting for its digest; digested: went out in the digest of
   * `digest_of` (that delivery's job carries them all).
   */
  @Column({ type: 'text', default: 'pending' }) status!: 'pending' | 'held' | 'queued' | 'digested' | 'failed';
  /** the notification whose delivery on this channel carried this one in its digest */
  @Column({ type: 'uuid', name: 'digest_of', nullable: true }) digestOf!: string | null;
  @Column({ type: 'timestamptz', name: 'not_before' }) notBefore!: Date;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @Column({ type: 'timestamptz', name: 'queued_at', nullable: true }) queuedAt!: Date | null;
}

/** A user's choice for one type and channel, where it differs from the type's default (on). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @PrimaryColumn({ type: 'text' }) type!: NotificationType;
  @PrimaryColumn({ type: 'text' }) channel!: Exclude<NotificationChannel, 'in_app'>;
  @Column({ type: 'boolean' }) enabled!: boolean;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

/**
 * Identity's three switches of a user (identity.user.notification-settings-changed), kept here
 * because the deliveries obey them; no row: identity's defaults, all on. The newest change wins.
 */
@Entity({ name: 'notification_switches' })
export class NotificationSwitchesEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'boolean' }) email!: boolean;
  @Column({ type: 'boolean', name: 'study_reminders' }) studyReminders!: boolean;
  @Column({ type: 'boolean', name: 'assignment_deadlines' }) assignmentDeadlines!: boolean;
  @Column({ type: 'timestamptz', name: 'changed_at' }) changedAt!: Date;
}

/**
 * A notification due later (a session's reminders 24 hours and 1 hour before it): made into a
 * notification by the reminders' sweep once `due_at` has come, then deleted; cancelling its
 * subject (the session) deletes it unsent. One per user, type and source key, as notifications.
 */
@Entity({ name: 'notification_reminders' })
@Index('notification_reminders_key', ['userId', 'type', 'sourceKey'], { unique: true })
@Index('notification_reminders_due_idx', ['dueAt'])
@Index('notification_reminders_subject_idx', ['subject'])
export class NotificationReminderEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'text' }) type!: NotificationType;
  /** what it belongs to (`session:<id>`): a cancellation deletes a subject's reminders */
  @Column({ type: 'text' }) subject!: string;
  @Column({ type: 'text', name: 'source_key' }) sourceKey!: string;
  @Column({ type: 'timestamptz', name: 'due_at' }) dueAt!: Date;
  /** the moment its text speaks of ({{when}}); once it has passed, the reminder is dropped unsent */
  @Column({ type: 'timestamptz', name: 'event_at' }) eventAt!: Date;
  @Column({ type: 'jsonb' }) params!: NotificationParams;
  @Column({ type: 'text', nullable: true }) link!: string | null;
}
