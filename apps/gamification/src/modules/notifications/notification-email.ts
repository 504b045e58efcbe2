import { notificationText, type EmailJob } from '@lp/contracts';
import { escapeHtml } from '@lp/service-kit';
import type { PendingDelivery } from './notifications.repository.js';

/**
 * A notification as an e-mail: the catalogue's title as the subject, its body, a link to what it
 * is about and one to the notification settings. `publicUrl`: the platform's address (links are
 * relative without it, as in development's mailbox).
 */
export function notificationEmail(d: PendingDelivery & { email: string }, publicUrl: string): EmailJob {
  const { title, body } = notificationText(d.type, d.params);
  const open = d.link ? `${publicUrl}${d.link}` : null;
  const settings = `${publicUrl}/account-settings`;
  const greeting = d.name ? `Hello ${d.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    body,
    ...(open ? ['', `Open it: ${open}`] : []),
    '',
    `You receive this e-mail because of your notification settings. Change them: ${settings}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    ...(open ? [`<p><a href="${escapeHtml(open)}">Open it</a></p>`] : []),
    `<p style="color:#666;font-size:12px">You receive this e-mail because of your notification settings. <a href="${escapeHtml(settings)}">Change them</a>.</p>`,
  ].join('\n');
  return { to: d.email, subject: title, text, html, kind: `notification.${d.type}` };
}
