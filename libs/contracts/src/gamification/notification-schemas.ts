import { z } from 'zod';
import { IdSchema, IsoDate } from '../common/ids.js';

/**
 * Notifications' shapes (the types themselves, with their events, are in notifications.ts; this
 * file imports no event, so gamification's events can carry a notification).
 */

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'telegram', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** Channels that leave the platform: each is a delivery job (the in-app one is the stored row itself). */
export const OUTBOUND_CHANNELS = ['email', 'telegram', 'push'] as const satisfies readonly NotificationChannel[];
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number];

/**
 * Identity's three switches of account settings (PUT /users/notification-settings), which keep
 * their meaning: `email` off stops every e-mail but security ones; `studyReminders` off stops the
 * daily study reminder on every channel; `assignmentDeadlines` off stops deadline reminders on
 * every channel. A type names the switch it obeys.
 */
export const NOTIFICATION_SWITCHES = ['email', 'studyReminders', 'assignmentDeadlines'] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

/**
 * The outbound channels an account switch that is off holds back from a type that obeys it:
 * `email` holds the e-mail only; the reminders' switches hold every channel (the reminder is not
 * made at all, in-app included). The one rule the deliveries and the preferences card both use.
 */
export function heldBySwitch(obeys: NotificationSwitch | null, switches: Record<NotificationSwitch, boolean>): readonly OutboundChannel[] {
  if (obeys === null || switches[obeys]) return [];
  return obeys === 'email' ? ['email'] : OUTBOUND_CHANNELS;
}

/** The /notifications page's filter groups. */
export const NOTIFICATION_CATEGORIES = ['learning', 'mentoring', 'community', 'payments', 'achievements', 'reminders'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NotificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);

/** Every notification type; notifications.ts declares each one (its event, channels, switch) under the same key. */
export const NOTIFICATION_TYPE_NAMES = [
  'enrollment_confirmed',
  'payment_completed',
  'payment_failed',
  'session_booked',
  'session_confirmed',
  'session_cancelled',
  'assignment_graded',
  'quiz_graded',
  'answer_posted',
  'answer_accepted',
  'level_up',
  'badge_earned',
  'referral_completed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPE_NAMES)[number];
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPE_NAMES);

/**
 * What each type says, in English, as i18next templates (`{{name}}`): the SPA's bell and page,
 * the e-mail's subject and first line, the Telegram message. One catalogue for both sides.
 * `extra`: a sentence added to the body when its parameter is there (a refund, a reward).
 */
export interface NotificationText {
  title: string;
  body: string;
  extra?: Record<string, string>;
}
export const NOTIFICATION_TEXTS: Record<NotificationType, NotificationText> = {
  enrollment_confirmed: { title: 'Enrolled in {{course_title}}', body: 'You are enrolled. Your first lesson is waiting.' },
  payment_completed: { title: 'Payment received', body: 'Your payment of {{amount}} went through.' },
  payment_failed: { title: 'Payment not completed', body: 'Your payment of {{amount}} was {{status}}. Nothing was charged.' },
  session_booked: { title: 'Session booked: {{title}}', body: 'A learner booked a session with you for {{when}}.' },
  session_confirmed: { title: 'Session confirmed: {{title}}', body: 'The session on {{when}} is confirmed. The meeting link is ready.' },
  session_cancelled: {
    title: 'Session cancelled: {{title}}',
    body: 'The session on {{when}} was cancelled.',
    extra: { refund: '{{refund}} was refunded to your wallet.' },
  },
  assignment_graded: { title: 'Assignment graded: {{assignment_title}}', body: 'Your grade: {{grade}}.' },
  quiz_graded: { title: 'Quiz graded', body: 'Your essays were graded: your score is {{score}}%.' },
  answer_posted: { title: 'New answer to your question', body: '{{author_name}} answered your question.' },
  answer_accepted: { title: 'Your answer was accepted', body: 'The asker accepted your answer. Well done!' },
  level_up: { title: 'Level {{level}} reached', body: 'You reached level {{level}} with {{total_xp}} XP.' },
  badge_earned: { title: 'Badge earned: {{badge_name}}', body: 'You earned the {{badge_name}} badge.' },
  referral_completed: {
    title: 'Your referral completed',
    body: 'A friend you invited completed their first lesson.',
    extra: { reward: 'You received {{reward}} in your wallet.' },
  },
};

/** A notification's parameters: the values its texts and link use (strings and numbers only). */
export const NotificationParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

/** A template filled with a notification's parameters (a missing one is left empty). */
export function fillTemplate(template: string, params: NotificationParams): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** A notification's title and body as the catalogue says them, its extras added where their parameter is there. */
export function notificationText(type: NotificationType, params: NotificationParams): { title: string; body: string } {
  const t = NOTIFICATION_TEXTS[type];
  const extras = Object.entries(t.extra ?? {})
    .filter(([k]) => params[k] !== undefined && params[k] !== '')
    .map(([, template]) => fillTemplate(template, params));
  return { title: fillTemplate(t.title, params), body: [fillTemplate(t.body, params), ...extras].join(' ') };
}

export const NotificationSchema = z.object({
  id: IdSchema,
  type: NotificationTypeSchema,
  category: NotificationCategorySchema,
  params: NotificationParamsSchema,
  /** where the notification leads in the SPA (a path), or null */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: IsoDate,
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATIONS_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

export const NotificationsQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
  category: NotificationCategorySchema.optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE.maxLimit).default(NOTIFICATIONS_PAGE.defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});
export const NotificationsResponse = z.object({
  notifications: z.array(NotificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export const UnreadCountResponse = z.object({ unread: z.number().int() });
export const MarkReadResponse = z.object({ notification: NotificationSchema, unread: z.number().int() });
export const MarkAllReadResponse = z.object({ marked: z.number().int(), unread: z.number().int() });

/** One type's channels for the caller: what is on, and what the account switches hold off. */
export const NotificationPreferenceSchema = z.object({
  type: NotificationTypeSchema,
  category: NotificationCategorySchema,
  /** the channels this type can use */
  channels: z.array(NotificationChannelSchema),
  /** the caller's choice per channel (in_app always on) */
  enabled: z.partialRecord(NotificationChannelSchema, z.boolean()),
  /** the account-settings switch it obeys, and whether that switch is on */
  obeys: z.enum(NOTIFICATION_SWITCHES).nullable(),
  switch_on: z.boolean(),
});
export const NotificationPreferencesResponse = z.object({ preferences: z.array(NotificationPreferenceSchema) });
export const NotificationPreferencesUpdate = z.object({
  changes: z
    .array(z.object({ type: NotificationTypeSchema, channel: z.enum(OUTBOUND_CHANNELS), enabled: z.boolean() }))
    .min(1)
    .max(NOTIFICATION_TYPE_NAMES.length * OUTBOUND_CHANNELS.length),
});

/**
 * Quiet hours, in the recipient's own time zone: a delivery due between `startHour`:00 and
 * `endHour`:00 waits until `endHour`:00 (security messages do not wait). In-app notifications
 * are stored at once whatever the hour.
 */
export const NOTIFICATION_QUIET_HOURS = { startHour: 22, endHour: 7 } as const;
