import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOBS } from '@lp/contracts';
import { JobProducer, type DevMailboxMessage } from '@lp/service-kit';
import { startStack, uniqueEmail, type Stack } from './harness.js';

type Entry = Omit<DevMailboxMessage, 'raw'>;

/**
 * An e-mail job (as community adds for an invitation) run by the worker with no SMTP_URL
 * lands in the development mailbox, which the gateway shows without a sign-in in tests and
 * development (absent in production: apps/gateway/src/dev-mailbox/dev-mailbox.spec.ts).
 */
describe('development mailbox', () => {
  let stack: Stack;
  let email: JobProducer<typeof JOBS.sendEmail>;

  const send = async (to: string, subject: string) => {
    const job = await email.add(
      {
        to,
        subject,
        text: `Open the invitation: http://localhost:5173/community/groups/g1?invitation=${subject.length}\n`,
        html: '<p>Open the invitation</p>',
        kind: 'community.invitation',
      },
      `test-${randomUUID()}`,
    );
    return email.waitFor(job, 20_000);
  };

  beforeAll(async () => {
    stack = await startStack();
    email = new JobProducer(JOBS.sendEmail, { REDIS_URL: stack.env.REDIS_URL!, BUS_PREFIX: stack.env.BUS_PREFIX! });
    await email.onModuleInit();
  }, 90_000);
  afterAll(async () => {
    await email?.onModuleDestroy();
    await stack?.stop();
  }, 30_000);

  it('shows the e-mails the worker sent, newest first, and opens one with its rendered source', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const sentFirst = await send(first, 'You are invited to "Graph Theory Circle"');
    const sentSecond = await send(second, 'You are invited to "Databases Study Group"');
    expect(sentFirst.transport).toBe('dev-mailbox');
    expect(sentSecond.transport).toBe('dev-mailbox');

    const list = await stack.api<{ messages: Entry[] }>('GET', '/dev/mailbox');
    expect(list.status).toBe(200);
    expect(list.body.messages.map((m) => m.to)).toEqual([second, first]);
    const [newest] = list.body.messages;
    expect(newest).toMatchObject({
      to: second,
      from: 'Learning Platform <no-reply@learning-platform.local>',
      subject: 'You are invited to "Databases Study Group"',
      text: expect.stringContaining('http://localhost:5173/community/groups/g1?invitation='),
      html: '<p>Open the invitation</p>',
      kind: 'community.invitation',
      message_id: sentSecond.message_id,
    });
    expect(Date.now() - Date.parse(newest!.sent_at)).toBeLessThan(60_000);
    expect(newest).not.toHaveProperty('raw');

    const one = await stack.api<DevMailboxMessage>('GET', `/dev/mailbox/${newest!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ ...newest });
    expect(one.body.raw).toContain(`To: ${second}`);
    expect(one.body.raw).toContain(`Message-ID: ${sentSecond.message_id}`);
  }, 60_000);

  it('answers 404 in the error shape for a message it does not hold', async () => {
    const res = await stack.api('GET', `/dev/mailbox/${randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'No such message in the development mailbox', code: 'NOT_FOUND', errors: [] });
  });
});
