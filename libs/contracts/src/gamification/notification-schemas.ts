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
export const NOTIFICATION_CATEGORIES = ['learning', 'mentoring', 'community', 'payments', 'achievements', 'reminders', 'account'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NotificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);

/** Every notification type; notifications.ts declares each one (its event, channels, switch) under the same key. */
export const NOTIFICATION_TYPE_NAMES = [
  'enrollment_confirmed',
  'course_announcement',
  'assignment_due',
  'payment_completed',
  'payment_failed',
  'session_booked',
  'session_confirmed',
  'session_cancelled',
  'assignment_graded',
  'quiz_graded',
  'answer_posted',
  'answer_accepted',
  'direct_message',
  'group_invitation',
  'level_up',
  'badge_earned',
  'referral_completed',
  'withdrawal_paid',
  'withdrawal_refused',
  'institution_verified',
  'institution_rejected',
  'session_reminder_24h',
  'session_reminder_1h',
  'study_reminder',
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
  course_announcement: { title: 'New announcement in {{course_title}}', body: '{{title}}: {{preview}}' },
  assignment_due: {
    title: 'Due soon: {{assignment_title}}',
    body: '{{assignment_title}} is due on {{when}} and you have not handed it in yet.',
    extra: { course_title: 'Course: {{course_title}}.' },
  },
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
  direct_message: { title: 'New message from {{sender_name}}', body: '{{preview}}' },
  group_invitation: {
    title: 'Invitation to {{group_name}}',
    body: '{{invited_by_name}} invited you to join the study group {{group_name}}.',
    extra: { message: '"{{message}}"' },
  },
  level_up: { title: 'Level {{level}} reached', body: 'You reached level {{level}} with {{total_xp}} XP.' },
  badge_earned: { title: 'Badge earned: {{badge_name}}', body: 'You earned the {{badge_name}} badge.' },
  referral_completed: {
    title: 'Your referral completed',
    body: 'A friend you invited completed their first lesson.',
    extra: { reward: 'You received {{reward}} in your wallet.' },
  },
  withdrawal_paid: { title: 'Withdrawal paid', body: '{{amount}} was paid out: {{description}}.' },
  withdrawal_refused: {
    title: 'Withdrawal not paid',
    body: 'The payout of {{amount}} was refused ({{description}}). The amount is back in your wallet.',
  },
  institution_verified: { title: '{{name}} is verified', body: 'Your institution was verified. Its portal is open to your members.' },
  institution_rejected: {
    title: '{{name}} was not verified',
    body: 'Your institution could not be verified.',
    extra: { notes: 'The reviewer wrote: {{notes}}' },
  },
  session_reminder_24h: { title: 'Tomorrow: {{title}}', body: 'Your mentoring session is on {{when}}.' },
  study_reminder: {
    title: 'Time for a little learning',
    body: 'You have not learned anything today yet. A lesson or a quiz takes a few minutes.',
    extra: { streak: 'Keep your {{streak}}-day streak going.' },
  },
  session_reminder_1h: {
    title: 'In one hour: {{title}}',
    body: 'Your mentoring session starts at {{when}}. The meeting link is on your sessions page.',
  },
};

/**
 * Each type's name, in English: the preferences table's rows and a digest's subject. The SPA's
 * catalogue (apps/web/src/i18n/en-notifications.json, "types") says the same, checked by a test.
 */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  enrollment_confirmed: 'Enrollment confirmed',
  course_announcement: 'Course announcement',
  assignment_due: 'Assignment due soon',
  payment_completed: 'Payment received',
  payment_failed: 'Payment not completed',
  session_booked: 'Session booked',
  session_confirmed: 'Session confirmed',
  session_cancelled: 'Session cancelled',
  assignment_graded: 'Assignment graded',
  quiz_graded: 'Quiz graded',
  answer_posted: 'New answer to your question',
  answer_accepted: 'Answer accepted',
  direct_message: 'New direct message',
  group_invitation: 'Study group invitation',
  level_up: 'Level reached',
  badge_earned: 'Badge earned',
  referral_completed: 'Referral completed',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_refused: 'Withdrawal not paid',
  institution_verified: 'Institution verified',
  institution_rejected: 'Institution not verified',
  session_reminder_24h: 'Session tomorrow',
  session_reminder_1h: 'Session in one hour',
  study_reminder: 'Daily study reminder',
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
 * An e-mail's unsubscribe link (RFC 8058): the token names the recipient and the type, signed by
 * the service, so the link works without signing in and for as long as the type exists.
 */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(400) });
/** What the link stops, for the page that asks before it does (a link scanner's GET changes nothing). */
export const UnsubscribeLinkResponse = z.object({
  type: NotificationTypeSchema,
  category: NotificationCategorySchema,
  /** whether that type's e-mails still reach the recipient */
  subscribed: z.boolean(),
});
/**
 * A mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form; the
 * platform's own page posts nothing. Other text fields are ignored; a file is refused, since a
 * public route must not take uploads nobody would ever remove.
 */
export const OneClickUnsubscribeBody = z.record(z.string().max(100), z.string().max(200));
export const UnsubscribeResponse = UnsubscribeLinkResponse.extend({ message: z.string() });

/**
 * Quiet hours, in the recipient's own time zone: a delivery due between `startHour`:00 and
 * `endHour`:00 waits until `endHour`:00 (security messages do not wait). In-app notifications
 * are stored at once whatever the hour.
 */
export const NOTIFICATION_QUIET_HOURS = { startHour: 22, endHour: 7 } as const;

/**
 * Digests (docs/notifications.md, "Digests"): the first `threshold` notifications of one type a
 * user gets within `windowMs` go out one by one on each outbound channel; the ones after are held
 * and go out together as one message per channel, `windowMs` after the first one held.
 */
export const NOTIFICATION_DIGEST = { threshold: 5, windowMs: 60 * 60 * 1000 } as const;
/** A digest's message: how many of one type, then each one's title (the newest first, at most `listed`). */
export const NOTIFICATION_DIGEST_TEXT = {
  title: '{{count}} new notifications: {{type_title}}',
  body: 'You have {{count}} new notifications of this kind since {{since}}:',
  more: 'and {{count}} more.',
  listed: 10,
} as const;

/**
 * Browser Web Push (docs/notifications.md, "Web Push"): a browser's PushSubscription as its
 * toJSON() gives it. A push service is https; plain http only on this machine's own address,
 * where the tests' push-service double listens, and the service refuses even that in production.
 */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
export const isLoopbackUrl = (url: string): boolean => {
  try {
    return LOOPBACK_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
};
const Base64Url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`);
export const PushEndpoint = z
  .url({ protocol: /^https?$/, error: 'Must be a push service URL (https://...)' })
  .max(2048)
  // an ftp:// or malformed one is the URL check's to name; this names a plain http:// one elsewhere than this machine
  .refine((u) => !u.startsWith('http://') || isLoopbackUrl(u), 'Must be an https:// URL');
export const PushSubscriptionBody = z.object({
  endpoint: PushEndpoint,
  /** what the browser says; push services expire subscriptions themselves (a 410 then removes it) */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** the browser's P-256 public key, uncompressed (65 bytes: 87 base64url characters) */
    p256dh: Base64Url('keys.p256dh', 86, 88),
    /** the 16-byte authentication secret (22 base64url characters) */
    auth: Base64Url('keys.auth', 22, 24),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
export const PushPublicKeyResponse = z.object({
  /** whether this server sends browser notifications (its VAPID keys are set) */
  enabled: z.boolean(),
  /** the VAPID public key a browser subscribes with (base64url), null when push is off */
  public_key: z.string().nullable(),
  /** how many browsers of the caller are subscribed */
  subscriptions: z.number().int(),
});
export const PushUnsubscribeQuery = z.object({ endpoint: z.string().min(1).max(2048) });
export const PushSubscriptionResponse = z.object({ message: z.string(), subscriptions: z.number().int() });

/** One browser subscription as the worker signs and encrypts for it. */
export const PushTarget = z.object({ endpoint: z.string(), p256dh: z.string(), auth: z.string() });
export const PushTargetsRequest = z.object({ user_id: IdSchema });
export const PushTargetsReply = z.object({ targets: z.array(PushTarget) });
/** A push service answered 404 or 410: the subscription is gone for good. */
export const PushGoneRequest = z.object({ endpoint: z.string() });
export const PushGoneReply = z.object({ removed: z.boolean() });

/** What a browser notification shows: the service worker reads exactly this (apps/web/public/push-sw.js). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** where a click leads (an absolute URL, or an app path) */
  url: z.string(),
  /** one notification of the platform: a browser shows a repeat in place of the first */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
/** How long a push service keeps a push for a browser that is offline, in seconds: a day-old notification is no news. */
export const PUSH_TTL_SECONDS = 24 * 3600;
export const PushJob = z.object({
  notification_id: IdSchema,
  user_id: IdSchema,
  payload: PushPayload,
  ttl: z.number().int().min(0),
});
export type PushJob = z.infer<typeof PushJob>;
export const PushJobResult = z.object({ sent: z.number().int(), gone: z.number().int() });
