import { PASSWORD_RESET_TTL_MINUTES, type EmailJob } from '@lp/contracts';
import { escapeHtml } from '@lp/service-kit';

export interface ResetMail {
  to: string;
  name: string;
  link: string;
  /** the account has no password yet (made by an institution): the mail says "set", not "reset" */
  firstPassword: boolean;
}

/** The e-mail: whom it is for, the link, how long it works, and what to do when it was not you. */
export function passwordResetEmail(m: ResetMail): EmailJob {
  const action = m.firstPassword ? 'set a password for' : 'reset the password of';
  const subject = m.firstPassword ? 'Set a password for your learning platform account' : 'Reset your learning platform password';
  const button = m.firstPassword ? 'Set a password' : 'Reset your password';
  const validity = `This link is valid for ${PASSWORD_RESET_TTL_MINUTES} minutes and works once.`;
  const ignore = 'If you did not ask for it, ignore this e-mail: nothing changes.';
  const text = [
    `Hello ${m.name},`,
    '',
    `Someone (we hope you) asked to ${action} the account ${m.to} on the learning platform.`,
    `${button} here:`,
    m.link,
    '',
    validity,
    ignore,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(m.name)},</p>`,
    `<p>Someone (we hope you) asked to ${action} the account <strong>${escapeHtml(m.to)}</strong> on the learning platform.</p>`,
    `<p><a href="${escapeHtml(m.link)}">${button}</a></p>`,
    `<p>${validity} ${ignore}</p>`,
  ].join('\n');
  return { to: m.to, subject, text, html, kind: m.firstPassword ? 'identity.password-set' : 'identity.password-reset' };
}

/** One job per link: adding it again (a retried request) sends it once. The hash's head names it, never the token. */
export const passwordResetJobId = (tokenHash: string): string => `password-reset-${tokenHash.slice(0, 32)}`;
