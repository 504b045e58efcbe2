import { NOTIFICATION_TYPES, type EmailJob } from '@lp/contracts';
import { escapeHtml } from '@lp/service-kit';
import { deliveryText } from './delivery-text.js';
import type { PendingDelivery } from './notifications.repository.js';

/** Where an e-mail's unsubscribe goes: the one-click POST target (RFC 8058) and the page a person opens. */
export interface UnsubscribeUrls {
  oneClick: string;
  page: string;
}

/**
 * A notification as an e-mail: the catalogue's title as the subject, its body, a link to what it
 * is about, one to stop this type's e-mails and one to the notification settings. `publicUrl`:
 * the platform's address (links are relative without it, as in development's mailbox).
 *
 * Every type but a security message carries List-Unsubscribe and List-Unsubscribe-Post (RFC
 * 8058), so a mail client offers "Unsubscribe" and its one-click POST stops this type's e-mails;
 * a bulk sender without them is marked as spam by the large mailbox providers.
 */
export function notificationEmail(d: PendingDelivery & { email: string }, publicUrl: string, unsubscribe: UnsubscribeUrls): EmailJob {
  const { title, body, lines } = deliveryText(d, d.timeZone);
  const open = d.link ? `${publicUrl}${d.link}` : null;
  const settings = `${publicUrl}/account-settings`;
  const greeting = d.name ? `Hello ${d.name},` : 'Hello,';
  const canLeave = !NOTIFICATION_TYPES[d.type].security;
  // a mail client can only post to an absolute address; without PUBLIC_URL (a bare development stack) the text's link remains
  const oneClick = canLeave && /^https?:\/\//.test(unsubscribe.oneClick);
  const text = [
    greeting,
    '',
    body,
    ...lines.map((l) => `- ${l}`),
    ...(open ? ['', `Open it: ${open}`] : []),
    '',
    `You receive this e-mail because of your notification settings. Change them: ${settings}`,
    ...(canLeave ? [`Stop e-mails like this one: ${unsubscribe.page}`] : []),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    ...(lines.length ? [`<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`] : []),
    ...(open ? [`<p><a href="${escapeHtml(open)}">Open it</a></p>`] : []),
    `<p style="color:#666;font-size:12px">You receive this e-mail because of your notification settings. <a href="${escapeHtml(settings)}">Change them</a>.${
      canLeave ? ` <a href="${escapeHtml(unsubscribe.page)}">Stop e-mails like this one</a>.` : ''
    }</p>`,
  ].join('\n');
  return {
    to: d.email,
    subject: title,
    text,
    html,
    kind: `notification.${d.type}`,
    ...(oneClick
      ? { headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}
