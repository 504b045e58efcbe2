import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { UnrecoverableError } from 'bullmq';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore } from '@lp/storage';
import { DevMailboxMessage, type DevMailbox } from '@lp/service-kit';
import { Mailer, NO_SMTP_IN_PRODUCTION, type MailSettings } from '../mail/mailer.js';
import type { JobContext } from './job-definition.js';
import { sendEmailJob } from './send-email.job.js';

const FROM = 'Learning Platform <no-reply@learning-platform.local>';
const NOW = new Date('2026-11-25T10:00:00Z');
const INVITATION = {
  to: 'colleague@example.test',
  subject: 'Ada invited you to join "Graph Theory Circle"',
  text: 'Open the invitation: http://localhost:5173/community/groups/g1?invitation=abc.def\n',
  html: '<p><a href="http://localhost:5173/community/groups/g1?invitation=abc.def">Open the invitation</a></p>',
  kind: 'community.invitation',
};

function ctxWith(mailer: Mailer): JobContext {
  return {
    jobId: 'j1',
    attempt: 1,
    requestId: 'r',
    log: pino({ level: 'silent' }),
    reportProgress: async () => undefined,
    deps: { rpc: {} as RpcClient, files: new MemoryFileStore(), exportServices: [], exportServiceTimeoutMs: 1, mailer, now: () => NOW },
  };
}

/** Keeps what the worker hands the mailbox; the Redis side is proven in libs/service-kit/test/dev-mailbox.test.ts. */
class RecordingMailbox implements Pick<DevMailbox, 'add'> {
  readonly messages: DevMailboxMessage[] = [];
  async add(m: DevMailboxMessage): Promise<void> {
    this.messages.push(DevMailboxMessage.parse(m));
  }
}

/** A header as a mail client shows it: unfolded, its RFC 2047 words decoded. */
function header(raw: string, name: string): string | undefined {
  const unfolded = raw
    .replace(/\r\n/g, '\n')
    .split('\n\n')[0]!
    .replace(/\n[ \t]+/g, ' ');
  const line = unfolded.split('\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `));
  if (line === undefined) return undefined;
  return line
    .slice(name.length + 2)
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The text/plain part as a mail client shows it (quoted-printable decoded). */
function plainText(raw: string): string {
  const lf = raw.replace(/\r\n/g, '\n');
  const part = lf.slice(lf.indexOf('Content-Type: text/plain'));
  const [head = '', ...rest] = part.split('\n\n');
  const body = rest.join('\n\n').split(/\n--/)[0]!;
  if (!/quoted-printable/i.test(head)) return body;
  return Buffer.from(
    body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const settings = (over: Partial<MailSettings>): MailSettings => ({ nodeEnv: 'test', smtpUrl: undefined, from: FROM, ...over });

describe('send e-mail job: development mailbox', () => {
  it('stores the message as SMTP would have carried it, with what the mailbox page shows', async () => {
    const box = new RecordingMailbox();
    const result = await sendEmailJob.handle(INVITATION, ctxWith(new Mailer(settings({ nodeEnv: 'development' }), box)));
    expect(result.transport).toBe('dev-mailbox');
    expect(box.messages).toHaveLength(1);
    const [m] = box.messages;
    expect(m).toMatchObject({
      to: INVITATION.to,
      from: FROM,
      subject: INVITATION.subject,
      text: INVITATION.text,
      html: INVITATION.html,
      kind: 'community.invitation',
      sent_at: NOW.toISOString(),
      message_id: result.message_id,
    });
    // the rendered message: real headers and both parts
    expect(header(m!.raw, 'To')).toBe(INVITATION.to);
    expect(header(m!.raw, 'Subject')).toBe(INVITATION.subject);
    expect(m!.raw).toContain('Content-Type: text/plain');
    expect(m!.raw).toContain('Content-Type: text/html');
    expect(m!.raw).toContain(`Message-ID: ${result.message_id}`);
  });

  it('gives every message its own id and keeps html null for a text-only mail', async () => {
    const box = new RecordingMailbox();
    const mailer = new Mailer(settings({}), box);
    const { html: _html, ...textOnly } = INVITATION;
    await sendEmailJob.handle(textOnly, ctxWith(mailer));
    await sendEmailJob.handle(textOnly, ctxWith(mailer));
    expect(box.messages.map((m) => m.html)).toEqual([null, null]);
    expect(new Set(box.messages.map((m) => m.id)).size).toBe(2);
    expect(box.messages[0]!.raw).not.toContain('text/html');
  });
});

describe('send e-mail job: production without SMTP', () => {
  it('fails the job instead of dropping the mail, and never writes a development mailbox', async () => {
    const box = new RecordingMailbox();
    const mailer = new Mailer(settings({ nodeEnv: 'production' }), box);
    expect(mailer.transport).toBeNull();
    await expect(sendEmailJob.handle(INVITATION, ctxWith(mailer))).rejects.toThrow(NO_SMTP_IN_PRODUCTION);
    expect(box.messages).toHaveLength(0);
  });
});

describe('send e-mail job: SMTP', () => {
  const received: { from: string; to: string[]; user: string | undefined; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      // a plain local double: no TLS to negotiate, but it still asks for the URL's credentials
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, done) {
        if (auth.username === 'mailer' && auth.password === 's3cret') return done(null, { user: auth.username });
        return done(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, done) {
        if (address.address.endsWith('@nowhere.test')) {
          return done(Object.assign(new Error('No such user'), { responseCode: 550 }));
        }
        return done();
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            data: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((ok) => server.close(() => ok()));
  });

  it('sends through the SMTP server of SMTP_URL, logged in with its credentials, even in development', async () => {
    const box = new RecordingMailbox();
    const mailer = new Mailer(settings({ nodeEnv: 'development', smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}` }), box);
    const result = await sendEmailJob.handle(INVITATION, ctxWith(mailer));
    expect(result.transport).toBe('smtp');
    expect(box.messages).toHaveLength(0);
    const mail = received.at(-1)!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('no-reply@learning-platform.local');
    expect(mail.to).toEqual([INVITATION.to]);
    expect(header(mail.data, 'Subject')).toBe(INVITATION.subject);
    expect(header(mail.data, 'From')).toBe(FROM);
    expect(plainText(mail.data).trim()).toBe(INVITATION.text.trim());
    expect(mail.data).toContain(`Message-ID: ${result.message_id}`);
  });

  it("carries a notification's List-Unsubscribe headers to the server as given (RFC 8058)", async () => {
    const mailer = new Mailer(settings({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}` }), null);
    const url = 'https://learn.example.test/api/notifications/unsubscribe?token=u1.answer_posted.sig';
    await sendEmailJob.handle(
      { ...INVITATION, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
      ctxWith(mailer),
    );
    const mail = received.at(-1)!;
    expect(header(mail.data, 'List-Unsubscribe')).toBe(`<${url}>`);
    expect(header(mail.data, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('sends in production as well', async () => {
    const mailer = new Mailer(settings({ nodeEnv: 'production', smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}` }), null);
    expect(mailer.transport).toBe('smtp');
    const before = received.length;
    await expect(sendEmailJob.handle(INVITATION, ctxWith(mailer))).resolves.toMatchObject({ transport: 'smtp' });
    expect(received).toHaveLength(before + 1);
  });

  it('does not retry a recipient the server refuses for good', async () => {
    const mailer = new Mailer(settings({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}` }), null);
    const sending = sendEmailJob.handle({ ...INVITATION, to: 'ghost@nowhere.test' }, ctxWith(mailer));
    await expect(sending).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(sending).rejects.toThrow(/No such user/);
  });

  it('fails (to be retried) when the server cannot be reached or refuses the login', async () => {
    const wrongLogin = new Mailer(settings({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}` }), null);
    const refused = sendEmailJob.handle(INVITATION, ctxWith(wrongLogin));
    await expect(refused).rejects.toThrow();
    await expect(refused).rejects.not.toBeInstanceOf(UnrecoverableError);
  });
});
