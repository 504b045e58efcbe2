import {
  NOTIFICATION_DIGEST_TEXT,
  NOTIFICATION_TYPE_LABELS,
  fillTemplate,
  formatWallTime,
  notificationText,
  type NotificationParams,
  type NotificationType,
} from '@lp/contracts';

/** The notifications a digest carries, the newest first (the carrier's own first). */
export interface DigestContent {
  /** how many notifications it carries, its carrier included */
  count: number;
  /** when the first of them was made */
  since: Date;
  /** the newest ones' parameters (at most NOTIFICATION_DIGEST_TEXT.listed are listed) */
  params: readonly NotificationParams[];
}

/** What one delivery says on any channel: a title, a body and, for a digest, one line per notification it carries. */
export interface DeliveryText {
  title: string;
  body: string;
  lines: string[];
}

/** Where a digest leads: the notification page, which lists them all. */
export const DIGEST_LINK = '/notifications';

/**
 * A delivery's text: the catalogue's for one notification; for a digest, its count and type in
 * the title, since when in the body (in the recipient's zone), and the newest ones' titles as
 * lines with "and N more" after the listed ones.
 */
export function deliveryText(
  d: { type: NotificationType; params: NotificationParams; digest: DigestContent | null },
  timeZone: string,
): DeliveryText {
  if (!d.digest) return { ...notificationText(d.type, d.params), lines: [] };
  const { count, since, params } = d.digest;
  const t = NOTIFICATION_DIGEST_TEXT;
  const listed = params.slice(0, t.listed).map((p) => notificationText(d.type, p).title);
  const rest = count - listed.length;
  return {
    title: fillTemplate(t.title, { count, type_title: NOTIFICATION_TYPE_LABELS[d.type] }),
    body: fillTemplate(t.body, { count, since: formatWallTime(since, timeZone) }),
    lines: rest > 0 ? [...listed, fillTemplate(t.more, { count: rest })] : listed,
  };
}
