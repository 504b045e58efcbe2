import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { JOBS, communityEvents, gamificationRoutes, type EmailJob } from '@lp/contracts';
import { queuePrefix } from '@lp/service-kit';
import { signToken } from '@lp/auth';
import { deliveryJobId } from '../src/modules/notifications/notification-deliveries.js';
import { DEV_UNSUBSCRIBE_SECRET } from '../src/config/gamification-env.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';
import { zoneWhereHourIs } from '@lp/testing';

jest.setTimeout(90_000);

let h: GamificationHarness;
let emails: Queue;

beforeAll(async () => {
  h = await GamificationHarness.start({ PUBLIC_URL: 'https://learn.example.test' });
  emails = new Queue(JOBS.sendEmail.queue, {
    connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
    prefix: queuePrefix(h.env.BUS_PREFIX!),
  });
}, 90_000);
afterAll(async () => {
  await emails.obliterate({ force: true }).catch(() => undefined);
  await emails.close();
  await h.stop();
}, 90_000);

async function learner(): Promise<TestUser> {
  const u = await h.user();
  await h.call(gamificationRoutes.updateSettings, { body: { time_zone: zoneWhereHourIs([12, 13, 14, 15]) } }, u.caller);
  return u;
}

/** Someone answers `author`'s question: one answer_posted notification; answers its e-mail job once it is queued (or null). */
async function answerTo(author: TestUser): Promise<{ notificationId: string; mail: EmailJob | null }> {
  const answerId = randomUUID();
  await h.publish(communityEvents.answerPosted, {
    v: 1,
    answer_id: answerId,
    question_id: randomUUID(),
    question_author_id: author.id,
    author_id: randomUUID(),
    author_name: 'Helpful Hana',
    created_at: new Date().toISOString(),
  });
  await h.idle(communityEvents.answerPosted);
  const [row] = (await h.ds.query('SELECT id FROM notifications WHERE user_id = $1 AND source_key = $2', [author.id, answerId])) as {
    id: string;
  }[];
  const deliveries = (await h.ds.query("SELECT status FROM notification_deliveries WHERE notification_id = $1 AND channel = 'email'", [
    row!.id,
  ])) as { status: string }[];
  if (!deliveries.length) return { notificationId: row!.id, mail: null };
  await h.waitFor(async () => {
    const [d] = (await h.ds.query("SELECT status FROM notification_deliveries WHERE notification_id = $1 AND channel = 'email'", [
      row!.id,
    ])) as { status: string }[];
    return d?.status === 'queued';
  });
  const job = await emails.getJob(deliveryJobId(row!.id, 'email'));
  return { notificationId: row!.id, mail: job!.data as EmailJob };
}

const tokenIn = (url: string): string => new URL(url).searchParams.get('token')!;

describe('one-click unsubscribe (RFC 8058)', () => {
  it('gives each notification e-mail List-Unsubscribe headers and a page link that stop only its own type', async () => {
    const ann = await learner();
    const { mail } = await answerTo(ann);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/learn\.example\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const oneClick = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
    const page = mail!.text.match(/Stop e-mails like this one: (\S+)/)![1]!;
    expect(page.startsWith('https://learn.example.test/unsubscribe?token=')).toBe(true);
    expect(tokenIn(page)).toBe(tokenIn(oneClick));
    expect(mail!.html).toContain('Stop e-mails like this one');

    // looking at the link changes nothing (a scanner's GET)
    const token = tokenIn(oneClick);
    await expect(h.call(gamificationRoutes.unsubscribeLink, { query: { token } })).resolves.toEqual({
      type: 'answer_posted',
      category: 'community',
      subscribed: true,
    });
    expect((await answerTo(ann)).mail).not.toBeNull();

    // the mail client's one-click POST
    await expect(h.call(gamificationRoutes.unsubscribe, { query: { token }, body: { 'List-Unsubscribe': 'One-Click' } })).resolves.toEqual({
      type: 'answer_posted',
      category: 'community',
      subscribed: false,
      message: 'You will no longer receive these e-mails.',
    });
    // again: the same answer, nothing more
    await expect(h.call(gamificationRoutes.unsubscribe, { query: { token }, body: {} })).resolves.toMatchObject({ subscribed: false });
    await expect(h.call(gamificationRoutes.unsubscribeLink, { query: { token } })).resolves.toMatchObject({ subscribed: false });

    // the next answer is in the app only; the account settings show the type's e-mail off
    const next = await answerTo(ann);
    expect(next.mail).toBeNull();
    const prefs = await h.call(gamificationRoutes.notificationPreferences, {}, ann.caller);
    expect(prefs.preferences.find((p) => p.type === 'answer_posted')!.enabled).toMatchObject({ in_app: true, email: false });
    // another type's e-mail still goes
    expect(prefs.preferences.find((p) => p.type === 'answer_accepted')!.enabled).toMatchObject({ email: true });
  });

  it('refuses a link that was altered, cut, made for another type or signed with another secret, and changes nothing', async () => {
    const bo = await learner();
    const { mail } = await answerTo(bo);
    const token = tokenIn(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    const [userId, type, sig] = token.split('.') as [string, string, string];
    const forged = [
      `${userId}.answer_accepted.${sig}`, // another type, same signature
      `${randomUUID()}.${type}.${sig}`, // another person
      token.slice(0, -3),
      `${userId}.${type}`,
      signToken([userId, type], `${DEV_UNSUBSCRIBE_SECRET}-not-ours`),
      signToken([userId, 'level_up'], DEV_UNSUBSCRIBE_SECRET), // a type that sends no e-mail
    ];
    for (const t of forged) {
      await expect(h.call(gamificationRoutes.unsubscribe, { query: { token: t }, body: {} })).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_UNSUBSCRIBE_LINK',
        detail: 'This unsubscribe link is not valid. You can turn e-mails off in your account settings.',
      });
    }
    await expect(h.call(gamificationRoutes.unsubscribeLink, { query: { token: forged[0]! } })).rejects.toMatchObject({ status: 400 });
    expect(await h.ds.query('SELECT 1 FROM notification_preferences WHERE user_id = $1', [bo.id])).toEqual([]);
  });

  it('keeps no choice for an account that is gone', async () => {
    const token = signToken([randomUUID(), 'answer_posted'], DEV_UNSUBSCRIBE_SECRET);
    const userId = token.split('.')[0]!;
    await expect(h.call(gamificationRoutes.unsubscribe, { query: { token }, body: {} })).resolves.toMatchObject({ subscribed: false });
    expect(await h.ds.query('SELECT 1 FROM notification_preferences WHERE user_id = $1', [userId])).toEqual([]);
  });
});
