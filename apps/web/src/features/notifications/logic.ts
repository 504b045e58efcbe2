import { gamificationEvents, NOTIFICATION_CATEGORIES, type Notification, type NotificationCategory } from '@lp/contracts';

/** The bell's badge: the count, capped so it stays a badge. */
export const BADGE_MAX = 99;
export function badgeText(unread: number): string {
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}

/** The filters of /notifications: everything, the unread ones, or one category. */
export const NOTIFICATION_FILTERS = ['all', 'unread', ...NOTIFICATION_CATEGORIES] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** The filter a `?filter=` names; anything else is all of them. */
export function notificationFilterFrom(param: string | null): NotificationFilter {
  return (NOTIFICATION_FILTERS as readonly string[]).includes(param ?? '') ? (param as NotificationFilter) : 'all';
}

/** What GET /notifications is asked for a filter (besides the page). */
export function filterQuery(filter: NotificationFilter): { unread?: 'true'; category?: NotificationCategory } {
  if (filter === 'all') return {};
  if (filter === 'unread') return { unread: 'true' };
  return { category: filter };
}

/**
 * A link of a notification the SPA may follow: a path of this app (the service stores paths);
 * anything else (another site, `//host`, `javascript:`) is not followed.
 */
export function appPath(link: string | null): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

/**
 * Reads one event of the caller's own live feed: a notification stored for `userId`, with the
 * unread count it brought; anything else (another event, another user, a payload off its
 * schema) is null.
 */
export function createdNotificationOf(
  event: { event: string; data: unknown },
  userId: string,
): { notification: Notification; unread: number } | null {
  if (event.event !== gamificationEvents.notificationCreated.name) return null;
  const created = gamificationEvents.notificationCreated.schema.safeParse(event.data);
  if (!created.success || created.data.user_id !== userId) return null;
  return { notification: created.data.notification, unread: created.data.unread };
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
];
/** Past this a notification shows its date rather than "n weeks ago". */
const RELATIVE_LIMIT_S = 28 * 24 * 60 * 60;

/**
 * How long ago `iso` was, in `locale`: null under a minute (the caller says "just now"), then
 * minutes, hours, days and weeks; older ones (and a time ahead by more than a minute of clock
 * skew) as their date.
 */
export function relativeTime(iso: string, now: number, locale: string): string | null {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((now - at) / 1000);
  if (seconds < -60 || seconds >= RELATIVE_LIMIT_S) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
  if (seconds < 60) return null;
  let unit = UNITS[0]!;
  for (const candidate of UNITS) if (seconds >= candidate[1]) unit = candidate;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(seconds / unit[1]), unit[0]);
}
