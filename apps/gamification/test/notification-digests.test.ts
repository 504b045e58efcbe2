import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { JOBS, NOTIFICATION_DIGEST, communityEvents, gamificationRoutes, type EmailJob } from '@lp/contracts';
import { queuePrefix } from '@lp/service-kit';
import { zoneWhereHourIs } from '@lp/testing';
import { NotificationDeliveries, deliveryJobId } from '../src/modules/notifications/notification-deliveries.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

jest.setTimeout(90_000);

let h: GamificationHarness;
let emails: Queue;
let deliveries: NotificationDeliveries;

beforeAll(async () => {
  h = await GamificationHarness.start({ PUBLIC_URL: 'https://learn.example.test' });
  deliveries = h.svc.app.get(NotificationDeliveries);
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

type Delivery = { notification_id: string; status: string; digest_of: string | null; created_at: Date };
const emailDeliveriesOf = async (userId: string): Promise<Delivery[]> =>
  (await h.ds.query(
    `SELECT notification_id, status, digest_of, created_at FROM notification_deliveries
      WHERE user_id = $1 AND channel = 'email' ORDER BY created_at, notification_id`,
    [userId],
  )) as Delivery[];

/** `n` answers to questions of `asker`'s, one event each, in order: n answer_posted notifications. */
async function answersFor(asker: TestUser, n: number, author = 'Ada'): Promise<void> {
  for (let i = 0; i < n; i++) {
    await h.publish(communityEvents.answerPosted, {
      v: 1,
      answer_id: randomUUID(),
      question_id: randomUUID(),
      question_author_id: asker.id,
      author_id: randomUUID(),
      author_name: `${author} ${i + 1}`,
      created_at: new Date().toISOString(),
    });
    await h.idle(communityEvents.answerPosted);
  }
}

/** The held ones' window, passed: as if their first had been held an hour and a minute ago. */
const windowPassed = (userId: string) =>
  h.ds.query(
    `UPDATE notification_deliveries SET created_at = created_at - make_interval(secs => $2::float8 / 1000 + 60)
      WHERE user_id = $1 AND status = 'held'`,
    [userId, NOTIFICATION_DIGEST.windowMs],
  );

async function learnerInDaytime(): Promise<TestUser> {
  const u = await h.user('learner', 'Dee Digest');
  await h.call(gamificationRoutes.updateSettings, { body: { time_zone: zoneWhereHourIs([13, 14, 15]) } }, u.caller);
  return u;
}

describe('digests', () => {
  it(`sends the first ${NOTIFICATION_DIGEST.threshold} of a type within the hour one by one, holds the rest, then sends them as one e-mail an hour after the first held`, async () => {
    const dee = await learnerInDaytime();
    await answersFor(dee, NOTIFICATION_DIGEST.threshold + 3);
    // every one is in the app at once
    const inApp = (await h.ds.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'answer_posted'", [
      dee.id,
    ])) as Array<{ n: number }>;
    expect(inApp[0]!.n).toBe(NOTIFICATION_DIGEST.threshold + 3);
    await h.waitFor(
      async () => (await emailDeliveriesOf(dee.id)).filter((d) => d.status === 'queued').length === NOTIFICATION_DIGEST.threshold,
    );
    const before = await emailDeliveriesOf(dee.id);
    expect(before.map((d) => d.status)).toEqual([...Array(NOTIFICATION_DIGEST.threshold).fill('queued'), 'held', 'held', 'held']);
    for (const d of before.filter((x) => x.status === 'held'))
      expect(await emails.getJob(deliveryJobId(d.notification_id, 'email'))).toBeUndefined();

    // not due yet: a sweep leaves them held
    await deliveries.sweep();
    expect((await emailDeliveriesOf(dee.id)).filter((d) => d.status === 'held')).toHaveLength(3);

    await windowPassed(dee.id);
    await deliveries.sweep();
    await deliveries.sweep(); // a second sweep finds nothing more to fold or send
    const after = await emailDeliveriesOf(dee.id);
    const carrier = after.find(
      (d) => d.status === 'queued' && before.find((b) => b.notification_id === d.notification_id)?.status === 'held',
    )!;
    expect(carrier).toBeDefined();
    // the newest held one carries the other two
    expect(carrier.notification_id).toBe(before.at(-1)!.notification_id);
    expect(after.filter((d) => d.status === 'digested').map((d) => d.digest_of)).toEqual([
      carrier.notification_id,
      carrier.notification_id,
    ]);

    const mail = (await emails.getJob(deliveryJobId(carrier.notification_id, 'email')))!.data as EmailJob;
    expect(mail.subject).toBe('3 new notifications: New answer to your question');
    expect(mail.text).toContain('You have 3 new notifications of this kind since');
    for (const name of ['Ada 6', 'Ada 7', 'Ada 8']) expect(mail.text).not.toContain(name); // the titles, not the bodies
    expect(mail.text.match(/^- New answer to your question$/gm)).toHaveLength(3);
    expect(mail.text).toContain('https://learn.example.test/notifications');
    expect(mail.html).toContain('<ul><li>New answer to your question</li>');
    // one e-mail job for the three: the digested ones have none
    const jobs = await Promise.all(after.map((d) => emails.getJob(deliveryJobId(d.notification_id, 'email'))));
    expect(jobs.filter(Boolean)).toHaveLength(NOTIFICATION_DIGEST.threshold + 1);
  });

  it('counts per type: five of one type and five of another are all sent one by one', async () => {
    const eve = await learnerInDaytime();
    await answersFor(eve, NOTIFICATION_DIGEST.threshold);
    for (let i = 0; i < NOTIFICATION_DIGEST.threshold; i++) {
      await h.publish(communityEvents.answerAccepted, {
        v: 1,
        answer_id: randomUUID(),
        question_id: randomUUID(),
        answer_author_id: eve.id,
        accepted_by: randomUUID(),
        accepted_at: new Date().toISOString(),
      });
      await h.idle(communityEvents.answerAccepted);
    }
    await h.waitFor(async () => (await emailDeliveriesOf(eve.id)).every((d) => d.status === 'queued'));
    expect(await emailDeliveriesOf(eve.id)).toHaveLength(2 * NOTIFICATION_DIGEST.threshold);
  });

  it('counts only the last hour: notifications older than the window do not start a digest', async () => {
    const fay = await learnerInDaytime();
    await answersFor(fay, NOTIFICATION_DIGEST.threshold);
    await h.ds.query(`UPDATE notifications SET created_at = now() - interval '61 minutes' WHERE user_id = $1`, [fay.id]);
    await answersFor(fay, 2, 'Bo');
    await h.waitFor(async () => (await emailDeliveriesOf(fay.id)).every((d) => d.status === 'queued'));
    expect(await emailDeliveriesOf(fay.id)).toHaveLength(NOTIFICATION_DIGEST.threshold + 2);
  });
});

describe('a study group invitation', () => {
  it('tells an invitee who has an account in the app, once however often it is resent; no e-mail (community sends its own); nobody for an unknown address', async () => {
    const ivy = await h.user('learner', 'Ivy Invitee');
    const email = (
      (await h.ds.query('SELECT email FROM users WHERE id = $1', [ivy.id])) as Array<{ email: string }>
    )[0]!.email.toUpperCase();
    const invitation = {
      v: 1 as const,
      invitation_id: randomUUID(),
      sending: 1,
      group_id: randomUUID(),
      group_name: 'Chemistry circle',
      email,
      invited_by_name: 'Grace',
      message: null,
      link: 'https://learn.example.test/community/invitations/tok.sig',
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    await h.publish(communityEvents.invitationSent, invitation);
    await h.publish(communityEvents.invitationSent, { ...invitation, sending: 2 });
    await h.publish(communityEvents.invitationSent, { ...invitation, invitation_id: randomUUID(), email: 'nobody@nowhere.test' });
    await h.idle(communityEvents.invitationSent);
    const rows = (await h.ds.query('SELECT id, type, params, link FROM notifications WHERE user_id = $1', [ivy.id])) as Array<{
      id: string;
      type: string;
      params: Record<string, string>;
      link: string;
    }>;
    expect(rows).toMatchObject([
      {
        type: 'group_invitation',
        params: { group_name: 'Chemistry circle', invited_by_name: 'Grace' },
        link: '/community/invitations/tok.sig',
      },
    ]);
    const outbound = (await h.ds.query('SELECT channel FROM notification_deliveries WHERE notification_id = $1', [
      rows[0]!.id,
    ])) as unknown[];
    expect(outbound).toEqual([]);
    const strangers = (await h.ds.query(
      "SELECT count(*)::int AS n FROM notifications WHERE type = 'group_invitation' AND source_key = $1",
      [invitation.invitation_id],
    )) as Array<{ n: number }>;
    expect(strangers[0]!.n).toBe(1);
  });
});
