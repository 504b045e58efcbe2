import { Inject, Injectable } from '@nestjs/common';
import { communityEvents, INVITATION_TTL_DAYS, type EmailJob, type EventPayload } from '@lp/contracts';
import { EmailQueue, OnEvent, escapeHtml } from '@lp/service-kit';

type Sent = EventPayload<typeof communityEvents.invitationSent>;

/** The invitation e-mail: who invites, to which group, their message, the link and how long it works. */
export function invitationEmail(p: Sent): EmailJob {
  const subject = `${p.invited_by_name} invited you to join ${p.group_name} on the learning platform`;
  const expiry = `This link expires in ${INVITATION_TTL_DAYS} days.`;
  const lines = [
    'Hello,',
    '',
    `${p.invited_by_name} invited you to join the study group "${p.group_name}" on the learning platform.`,
    ...(p.message ? ['', `Their message: ${p.message}`] : []),
    '',
    'Open the invitation to accept or decline it (you can sign in or register there):',
    p.link,
    '',
    expiry,
  ];
  const html = [
    `<p>${escapeHtml(p.invited_by_name)} invited you to join the study group <strong>${escapeHtml(p.group_name)}</strong> on the learning platform.</p>`,
    ...(p.message ? [`<blockquote>${escapeHtml(p.message)}</blockquote>`] : []),
    `<p><a href="${escapeHtml(p.link)}">Open the invitation</a> to accept or decline it (you can sign in or register there).</p>`,
    `<p>${expiry}</p>`,
  ].join('\n');
  return { to: p.email, subject, text: lines.join('\n'), html, kind: 'community.invitation' };
}

/**
 * Community consumes its own community.invitation.sent and has the worker send the e-mail.
 * The job id is the invitation and its sending: a replayed event adds the same job (sent
 * once), a resend is a new sending (sent again).
 */
@Injectable()
export class InvitationEmails {
  constructor(@Inject(EmailQueue) private readonly queue: EmailQueue) {}

  @OnEvent(communityEvents.invitationSent)
  async sent(p: Sent): Promise<void> {
    await this.queue.add(invitationEmail(p), invitationJobId(p.invitation_id, p.sending));
  }
}

export const invitationJobId = (invitationId: string, sending: number): string => `invitation-${invitationId}-${sending}`;
