import { describe, expect, it } from '@jest/globals';
import { invitationEmail, invitationJobId } from './invitation-email.js';

const sent = {
  v: 1 as const,
  invitation_id: 'inv-1',
  sending: 1,
  group_id: 'g1',
  group_name: 'Algebra <circle>',
  email: 'new.person@example.test',
  invited_by_name: 'Cleo & Co',
  message: null as string | null,
  link: 'https://learn.example.test/community/invitations/tok"en',
  expires_at: '2026-03-17T08:15:30.000Z',
};

describe('the invitation e-mail', () => {
  it('goes to the invited address, names who invites to which group, and carries the link and its lifetime', () => {
    const mail = invitationEmail(sent);
    expect(mail).toMatchObject({
      to: 'new.person@example.test',
      subject: 'Cleo & Co invited you to join Algebra <circle> on the learning platform',
      kind: 'community.invitation',
    });
    expect(mail.text).toContain(sent.link);
    expect(mail.text).toContain('This link expires in 7 days.');
    expect(mail.text).not.toContain('Their message');
  });

  it('escapes names, the message and the link in the HTML part, not in the text part', () => {
    const mail = invitationEmail({ ...sent, message: 'Join us <b>now</b>' });
    expect(mail.html).toContain('Cleo &amp; Co invited you');
    expect(mail.html).toContain('<strong>Algebra &lt;circle&gt;</strong>');
    expect(mail.html).toContain('<blockquote>Join us &lt;b&gt;now&lt;/b&gt;</blockquote>');
    expect(mail.html).toContain('href="https://learn.example.test/community/invitations/tok&quot;en"');
    expect(mail.text).toContain('Their message: Join us <b>now</b>');
  });

  it('is one job per invitation and sending: a replayed event the same, a resend a new one', () => {
    expect(invitationJobId('inv-1', 1)).toBe(invitationJobId('inv-1', 1));
    expect(invitationJobId('inv-1', 2)).not.toBe(invitationJobId('inv-1', 1));
    expect(invitationJobId('inv-2', 1)).not.toBe(invitationJobId('inv-1', 1));
  });
});
