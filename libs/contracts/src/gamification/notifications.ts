import type { EventDef } from '../common/event.js';
import { assessmentEvents } from '../assessment/events.js';
import { billingEvents } from '../billing/events.js';
import { catalogEvents } from '../catalog/events.js';
import { communityEvents } from '../community/events.js';
import { institutionEvents } from '../institution/events.js';
import { mentoringEvents } from '../mentoring/events.js';
import { gamificationEvents } from './events.js';
import {
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationSwitch,
  type NotificationType,
} from './notification-schemas.js';

/**
 * Notifications: every type declared once, here. The engagement service (apps/gamification,
 * docs/notifications.md) turns each type's event into a stored in-app notification for its
 * recipients and a delivery per channel the recipient's settings allow; the SPA shows the same
 * texts (NOTIFICATION_TEXTS) in the bell, on /notifications and in the preferences table.
 */

export interface NotificationTypeDef {
  type: string;
  category: NotificationCategory;
  /** the event that makes it (null: made by a schedule, e.g. the study reminder) */
  event: EventDef | null;
  /** the channels it goes to by default; a user may switch each off per type (never in_app) */
  channels: readonly NotificationChannel[];
  /** the account-settings switch that, off, stops it: `email` on the e-mail channel only, the others on every channel but in_app */
  obeys: NotificationSwitch | null;
  /** sent at once even in quiet hours (none so far; sign-in codes and resets keep their own e-mails) */
  security: boolean;
  /**
   * folded into a digest when more than NOTIFICATION_DIGEST.threshold of it pile up for one user
   * within NOTIFICATION_DIGEST.windowMs (per outbound channel; in-app keeps each). Off for
   * reminders, which are due at their moment, and for security messages.
   */
  digest: boolean;
}

const def = <T extends string, E extends EventDef | null>(
  type: T,
  d: Omit<NotificationTypeDef, 'type' | 'security' | 'event' | 'digest'> & { event: E; security?: boolean; digest?: boolean },
) => ({ type, security: false, digest: !d.security, ...d }) as Omit<NotificationTypeDef, 'type' | 'event'> & { type: T; event: E };

const ALL: readonly NotificationChannel[] = NOTIFICATION_CHANNELS;

export const NOTIFICATION_TYPES = {
  enrollment_confirmed: def('enrollment_confirmed', {
    category: 'learning',
    event: catalogEvents.enrollmentCreated,
    channels: ALL,
    obeys: 'email',
  }),
  // to every learner enrolled in the course (the engagement service pages them from catalog)
  course_announcement: def('course_announcement', {
    category: 'learning',
    event: catalogEvents.courseAnnounced,
    channels: ALL,
    obeys: 'email',
  }),
  // a day before an assignment's due date, to each enrolled learner who has not submitted (assessment's sweep); "Assignment Deadlines" off stops it
  assignment_due: def('assignment_due', {
    category: 'reminders',
    event: assessmentEvents.assignmentDueSoon,
    channels: ALL,
    obeys: 'assignmentDeadlines',
    digest: false,
  }),
  payment_completed: def('payment_completed', {
    category: 'payments',
    event: billingEvents.paymentCompleted,
    channels: ALL,
    obeys: 'email',
  }),
  payment_failed: def('payment_failed', { category: 'payments', event: billingEvents.paymentFailed, channels: ALL, obeys: 'email' }),
  session_booked: def('session_booked', { category: 'mentoring', event: mentoringEvents.sessionBooked, channels: ALL, obeys: 'email' }),
  session_confirmed: def('session_confirmed', {
    category: 'mentoring',
    event: mentoringEvents.sessionConfirmed,
    channels: ALL,
    obeys: 'email',
  }),
  session_cancelled: def('session_cancelled', {
    category: 'mentoring',
    event: mentoringEvents.sessionCancelled,
    channels: ALL,
    obeys: 'email',
  }),
  assignment_graded: def('assignment_graded', {
    category: 'learning',
    event: assessmentEvents.submissionGraded,
    channels: ALL,
    obeys: 'email',
  }),
  quiz_graded: def('quiz_graded', { category: 'learning', event: assessmentEvents.attemptReviewed, channels: ALL, obeys: 'email' }),
  answer_posted: def('answer_posted', { category: 'community', event: communityEvents.answerPosted, channels: ALL, obeys: 'email' }),
  answer_accepted: def('answer_accepted', {
    category: 'community',
    event: communityEvents.answerAccepted,
    channels: ALL,
    obeys: 'email',
  }),
  // one per run of unread messages from one person (docs/notifications.md), not one per message
  direct_message: def('direct_message', {
    category: 'community',
    event: communityEvents.directMessageSent,
    channels: ALL,
    obeys: 'email',
  }),
  // community e-mails the invitation itself (its signed link): the app, Telegram and the browser tell an invitee who has an account
  group_invitation: def('group_invitation', {
    category: 'community',
    event: communityEvents.invitationSent,
    channels: ['in_app', 'telegram', 'push'],
    obeys: null,
  }),
  level_up: def('level_up', {
    category: 'achievements',
    event: gamificationEvents.levelReached,
    channels: ['in_app', 'telegram', 'push'],
    obeys: null,
  }),
  badge_earned: def('badge_earned', {
    category: 'achievements',
    event: gamificationEvents.badgeEarned,
    channels: ['in_app', 'telegram', 'push'],
    obeys: null,
  }),
  referral_completed: def('referral_completed', {
    category: 'achievements',
    event: gamificationEvents.referralCompleted,
    channels: ALL,
    obeys: 'email',
  }),
  withdrawal_paid: def('withdrawal_paid', {
    category: 'payments',
    event: billingEvents.withdrawalSettled,
    channels: ALL,
    obeys: 'email',
  }),
  withdrawal_refused: def('withdrawal_refused', {
    category: 'payments',
    event: billingEvents.withdrawalSettled,
    channels: ALL,
    obeys: 'email',
  }),
  institution_verified: def('institution_verified', {
    category: 'account',
    event: institutionEvents.verified,
    channels: ALL,
    obeys: 'email',
  }),
  institution_rejected: def('institution_rejected', {
    category: 'account',
    event: institutionEvents.verified,
    channels: ALL,
    obeys: 'email',
  }),
  // made by a schedule (a confirmed session's reminders), not by an event
  session_reminder_24h: def('session_reminder_24h', { category: 'reminders', event: null, channels: ALL, obeys: 'email', digest: false }),
  session_reminder_1h: def('session_reminder_1h', { category: 'reminders', event: null, channels: ALL, obeys: 'email', digest: false }),
  // once a day at the learner's hour, on a day without activity (notification-reminders.ts); "Study Reminders" off stops it
  study_reminder: def('study_reminder', { category: 'reminders', event: null, channels: ALL, obeys: 'studyReminders', digest: false }),
} as const satisfies { [K in NotificationType]: NotificationTypeDef & { type: K } };
