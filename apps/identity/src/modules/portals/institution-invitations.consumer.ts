import { Inject, Injectable } from '@nestjs/common';
import { INSTITUTION_INVITATION_TTL_DAYS, institutionEvents, type EmailJob, type EventPayload } from '@lp/contracts';
import type { EventContext } from '@lp/bus';
import { EmailQueue, ENV, OnEvent, entityManager, escapeHtml } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { RegistrationService } from '../auth/registration.service.js';
import { PasswordResetService } from '../password-reset/password-reset.service.js';
import { UsersRepository } from '../users/users.repository.js';

type Sent = EventPayload<typeof institutionEvents.invitationSent>;

/**
 * institution.invitation.sent: an institution's invitation has reached its invitee (at once,
 * or when the institution was verified). Identity e-mails it, since it knows the platform's
 * address (PUBLIC_URL) and the account; with create_account and no account for the e-mail, it
 * makes the account (a learner without a password, as a CSV import does) and sends its
 * "Set a password" link. The account is never made a member: its holder accepts on /profile.
 * The jobs are named after the invitation's sending and the link, so a replayed event sends once.
 */
@Injectable()
export class InstitutionInvitationsConsumer {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RegistrationService) private readonly registration: RegistrationService,
    @Inject(PasswordResetService) private readonly resets: PasswordResetService,
    @Inject(EmailQueue) private readonly mail: EmailQueue,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  @OnEvent(institutionEvents.invitationSent)
  async sent(p: Sent, ctx: EventContext): Promise<void> {
    const tx = entityManager(ctx.tx);
    let firstPassword: { mail: EmailJob; jobId: string } | null = null;
    if (p.create_account && !(await this.users.findByEmail(p.email, tx))) {
      const [made] = await this.registration.createMemberAccounts(tx, [{ email: p.email, name: p.name ?? p.email.split('@')[0]! }]);
      // made by its owner in the same instant (the unique index skipped it): theirs, with their own password
      if (made) firstPassword = await this.resets.firstPasswordLink(tx, made);
    }
    await this.mail.add(
      invitationEmail(p, `${this.env.PUBLIC_URL}/profile?invitation=${p.invitation_id}`, firstPassword !== null),
      invitationJobId(p),
    );
    if (firstPassword) await this.mail.add(firstPassword.mail, firstPassword.jobId);
  }
}

export const invitationJobId = (p: Pick<Sent, 'invitation_id' | 'sending'>): string =>
  `institution-invitation-${p.invitation_id}-${p.sending}`;

/** The invitation e-mail: who invites, to what, where to answer, how long it stands; nothing in it accepts by itself. */
export function invitationEmail(p: Sent, link: string, accountMade: boolean): EmailJob {
  const by = p.invited_by_name ? `${p.invited_by_name} of ${p.institution_name}` : p.institution_name;
  const as = p.member_type === 'faculty' ? 'a faculty member' : p.member_type === 'admin' ? 'an administrator' : 'a student';
  const subject = `${p.institution_name} invited you to join as ${as}`;
  const how = accountMade
    ? 'We made you an account with this e-mail address: a separate e-mail lets you set its password. Then sign in and accept or decline the invitation on your profile:'
    : 'Sign in with this e-mail address (or register with it if you have no account yet) and accept or decline the invitation on your profile:';
  const expiry = `The invitation stands for ${INSTITUTION_INVITATION_TTL_DAYS} days. If you do not want to join, decline it or ignore this e-mail: nothing changes until you accept.`;
  const text = [
    `Hello${p.name ? ` ${p.name}` : ''},`,
    '',
    `${by} invited you to join ${p.institution_name} on the learning platform as ${as}.`,
    '',
    how,
    link,
    '',
    expiry,
  ].join('\n');
  const html = [
    `<p>Hello${p.name ? ` ${escapeHtml(p.name)}` : ''},</p>`,
    `<p>${escapeHtml(by)} invited you to join <strong>${escapeHtml(p.institution_name)}</strong> on the learning platform as ${as}.</p>`,
    `<p>${how} <a href="${escapeHtml(link)}">Open your profile</a></p>`,
    `<p>${expiry}</p>`,
  ].join('\n');
  return { to: p.email, subject, text, html, kind: 'institution.invitation' };
}
