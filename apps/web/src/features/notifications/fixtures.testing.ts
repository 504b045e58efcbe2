import {
  gamificationRoutes,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationParams,
  type NotificationType,
  type RouteOutput,
  type User,
} from '@lp/contracts';

import { Reply, type ApiStub } from '../../testing/app-harness';
import { aUser } from '../../testing/users';

/** Tests only: the shapes the notification screens read, as the service answers them. */

export const ME_ID = '99999999-8888-4777-8666-555555555555';
export const OTHER_ID = '11111111-2222-4333-8444-555555555555';

export const learner: User = aUser({ id: ME_ID });

export const notificationId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Parameters each type's texts read, so a rendered title is a real one. */
const PARAMS: Record<NotificationType, NotificationParams> = {
  enrollment_confirmed: { course_title: 'Intro to Chemistry' },
  course_announcement: { course_title: 'Intro to Chemistry', title: 'Lab moved', preview: 'The lab is on Friday this week.' },
  assignment_due: { assignment_title: 'Essay 1', when: '2 December, 23:59', course_title: 'Intro to Chemistry' },
  payment_completed: { amount: '250.00 ETB' },
  payment_failed: { amount: '250.00 ETB', status: 'declined' },
  session_booked: { title: 'Career chat', when: '1 December, 10:00' },
  session_confirmed: { title: 'Career chat', when: '1 December, 10:00' },
  session_cancelled: { title: 'Career chat', when: '1 December, 10:00' },
  assignment_graded: { assignment_title: 'Essay 1', grade: 'A' },
  quiz_graded: { score: 80 },
  answer_posted: { author_name: 'Abebe' },
  answer_accepted: {},
  direct_message: { sender_name: 'Abebe', preview: 'Are you coming to the study session?' },
  group_invitation: { group_name: 'Chemistry circle', invited_by_name: 'Abebe', message: '' },
  level_up: { level: 4, total_xp: 700 },
  badge_earned: { badge_name: 'On Fire' },
  referral_completed: {},
  withdrawal_paid: { amount: '25.00 USD', description: 'Withdrawal to Telebirr +251911223344' },
  withdrawal_refused: { amount: '25.00 USD', description: 'Withdrawal to Telebirr +251900000000' },
  institution_verified: { name: 'Addis Learning Group' },
  institution_rejected: { name: 'Hawassa Training Center', notes: '' },
  session_reminder_24h: { title: 'Career chat', when: '2 December, 10:00' },
  session_reminder_1h: { title: 'Career chat', when: '10:00' },
  study_reminder: { streak: 3 },
};

/** One notification, `minutesAgo` old (from the real clock: the relative times are read as a person would). */
export function notification(n: number, type: NotificationType, extra: Partial<Notification> = {}, minutesAgo = 5): Notification {
  return {
    id: notificationId(n),
    type,
    category: NOTIFICATION_TYPES[type].category,
    params: PARAMS[type],
    link: null,
    read: false,
    created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...extra,
  };
}

export type NotificationList = RouteOutput<typeof gamificationRoutes.notifications>;

/** A page of GET /notifications: the unread count is that of `notifications` unless given. */
export function listOf(notifications: Notification[], extra: Partial<NotificationList> = {}): NotificationList {
  return { notifications, total: notifications.length, unread: notifications.filter((n) => !n.read).length, ...extra };
}

/**
 * The notification routes answered from one list the test holds, as the service would (newest
 * first as given, the filters, the page, the unread count after each change). `fail` makes a
 * route answer 503 while it holds the route's subject.
 */
export function serveNotifications(api: ApiStub, initial: Notification[]) {
  const state = { items: [...initial], fail: new Set<string>() };
  const unread = () => state.items.filter((n) => !n.read).length;
  const down = (subject: string) =>
    state.fail.has(subject) ? new Reply(503, { detail: 'Gamification is not answering.', code: 'SERVICE_UNAVAILABLE' }) : null;
  const missing = new Reply(404, { detail: 'Notification not found', code: 'NOT_FOUND' });
  api
    .on(gamificationRoutes.notifications, (call) => {
      const failed = down(gamificationRoutes.notifications.subject);
      if (failed) return failed;
      const category = call.query.get('category');
      const shown = state.items.filter((n) => (call.query.get('unread') !== 'true' || !n.read) && (!category || n.category === category));
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 20);
      return { notifications: shown.slice(offset, offset + limit), total: shown.length, unread: unread() };
    })
    .on(gamificationRoutes.unreadNotifications, () => down(gamificationRoutes.unreadNotifications.subject) ?? { unread: unread() })
    .on(gamificationRoutes.markNotificationRead, (call) => {
      const failed = down(gamificationRoutes.markNotificationRead.subject);
      if (failed) return failed;
      const found = state.items.find((n) => n.id === call.params.id);
      if (!found) return missing;
      const read = { ...found, read: true };
      state.items = state.items.map((n) => (n.id === read.id ? read : n));
      return { notification: read, unread: unread() };
    })
    .on(gamificationRoutes.markAllNotificationsRead, () => {
      const failed = down(gamificationRoutes.markAllNotificationsRead.subject);
      if (failed) return failed;
      const marked = unread();
      state.items = state.items.map((n) => ({ ...n, read: true }));
      return { marked, unread: 0 };
    })
    .on(gamificationRoutes.deleteNotification, (call) => {
      const failed = down(gamificationRoutes.deleteNotification.subject);
      if (failed) return failed;
      if (!state.items.some((n) => n.id === call.params.id)) return missing;
      state.items = state.items.filter((n) => n.id !== call.params.id);
      return { message: 'Notification deleted', unread: unread() };
    });
  return state;
}
