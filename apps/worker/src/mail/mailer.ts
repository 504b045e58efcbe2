import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { createTransport } from 'nodemailer';
import type { EmailJob } from '@lp/contracts';
import { isDevelopmentLike, type DevMailbox } from '@lp/service-kit';

export interface MailSettings {
  nodeEnv: string;
  smtpUrl: string | undefined;
  from: string;
}

export interface SentMail {
  message_id: string;
  transport: 'smtp' | 'dev-mailbox';
}

export const NO_SMTP_IN_PRODUCTION = 'E-mail cannot be sent: SMTP_URL is not set, and production has no development mailbox';

/**
 * The server refused this message or its recipient for good (5xx to MAIL, RCPT or DATA):
 * trying again changes nothing. A refused login or an unreachable server is the operator's
 * to fix, and the retries (minutes apart) deliver once the worker runs with the right SMTP_URL.
 */
function permanent(e: unknown): boolean {
  const { code, responseCode } = e as { code?: string; responseCode?: number };
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== undefined && responseCode >= 500 && responseCode < 600;
}

/**
 * Sends one e-mail: through SMTP when SMTP_URL is set; else, in development and tests, into
 * the development mailbox, rendered by nodemailer exactly as SMTP would have carried it. In
 * production without SMTP it refuses: a mail dropped quietly is an invitation nobody gets.
 */
export class Mailer {
  private readonly smtp;
  // renders the message (headers, MIME parts, encodings) without sending it anywhere
  private readonly render = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly settings: MailSettings,
    private readonly mailbox: Pick<DevMailbox, 'add'> | null,
  ) {
    // nodemailer's defaults wait minutes on a silent server; a job had better fail and retry
    this.smtp = settings.smtpUrl
      ? createTransport({ url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : null;
  }

  get transport(): SentMail['transport'] | null {
    if (this.smtp) return 'smtp';
    return isDevelopmentLike(this.settings.nodeEnv) && this.mailbox ? 'dev-mailbox' : null;
  }

  async send(mail: EmailJob, now: Date): Promise<SentMail> {
    const message = {
      from: this.settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
    };
    if (this.smtp) {
      try {
        const info = await this.smtp.sendMail(message);
        return { message_id: info.messageId, transport: 'smtp' };
      } catch (e) {
        throw permanent(e) ? new UnrecoverableError(`SMTP server refused the message: ${(e as Error).message}`) : e;
      }
    }
    if (this.transport !== 'dev-mailbox' || !this.mailbox) throw new Error(NO_SMTP_IN_PRODUCTION);
    const info = await this.render.sendMail(message);
    await this.mailbox.add({
      id: randomUUID(),
      message_id: info.messageId,
      to: mail.to,
      from: this.settings.from,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      kind: mail.kind,
      sent_at: now.toISOString(),
      raw: Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '',
    });
    return { message_id: info.messageId, transport: 'dev-mailbox' };
  }
}
