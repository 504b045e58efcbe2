import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import {
  JOBS,
  communityEvents,
  gamificationEvents,
  gamificationRoutes,
  identityEvents,
  mentoringEvents,
  type EmailJob,
} from '@lp/contracts';
import { queuePrefix } from '@lp/service-kit';
import { NotificationDeliveries, deliveryJobId } from '../src/modules/notifications/notification-deliveries.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';
import { zoneWhereHourIs } from '@lp/testing';

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

interface Row {
  id: string;
  type: string;
  params: Record<string, string | number>;
  source_key: string;
}
const notificationsOf = async (userId: string): Promise<Row[]> =>
  (await h.ds.query('SELECT id, type, params, source_key FROM notifications WHERE user_id = $1 ORDER BY created_at', [userId])) as Row[];
const deliveriesOf = async (notificationId: string) =>
  (await h.ds.query('SELECT channel, status, not_before FROM notification_deliveries WHERE notification_id = $1', [
    notificationId,
  ])) as Array<{
    channel: string;
    status: string;
    not_before: Date;
  }>;

/** An answer of `author`'s accepted by someone else: one answer_accepted notification for `author`; answers the event's payload. */
async function acceptAnswerOf(author: TestUser) {
  const payload = {
    v: 1 as const,
    answer_id: randomUUID(),
    question_id: randomUUID(),
    answer_author_id: author.id,
    accepted_by: randomUUID(),
    accepted_at: new Date().toISOString(),
  };
  const id = await h.publish(communityEvents.answerAccepted, payload);
  await h.idle(communityEvents.answerAccepted);
  return { id, payload };
}

/** A time zone where it is now the middle of the night (quiet hours), and one where it is the afternoon. */
function zonesNow(): { night: string; day: string } {
  return { night: zoneWhereHourIs([1, 2, 3, 4]), day: zoneWhereHourIs([13, 14, 15]) };
}

describe('notifications from events', () => {
  it('makes one direct_message notification per run of unread messages from one person, not one per message', async () => {
    const rae = await h.user('learner', 'Rae Recipient');
    const sender = randomUUID();
    // community names the run's first unread message; the run's first message names itself
    const message = async (content: string, unreadSince?: string) => {
      const id = randomUUID();
      await h.publish(communityEvents.directMessageSent, {
        v: 1,
        message_id: id,
        user_id: rae.id,
        sender_id: sender,
        sender_name: 'Sol Sender',
        content,
        context: null,
        unread_since_id: unreadSince ?? id,
        sent_at: new Date().toISOString(),
      });
      await h.idle(communityEvents.directMessageSent);
      return id;
    };
    const first = await message('Hi Rae,   are you\ncoming?');
    await message('Hello?', first);
    await message('Ping', first);
    const rows = await notificationsOf(rae.id);
    expect(rows).toMatchObject([
      { type: 'direct_message', source_key: `dm:${first}`, params: { sender_name: 'Sol Sender', preview: 'Hi Rae, are you coming?' } },
    ]);
    // read, then a new message: a new run, a new notification
    const later = await message('One more thing');
    expect((await notificationsOf(rae.id)).map((r) => r.source_key)).toEqual([`dm:${first}`, `dm:${later}`]);
  });

  it('stores one notification per event even when the event comes again, announces it with the unread count, and hands its e-mail to the worker once', async () => {
    const ann = await h.user('learner', 'Ann Answerer');
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: zonesNow().day } }, ann.caller);
    const { id, payload } = await acceptAnswerOf(ann);
    await h.redeliver(id, communityEvents.answerAccepted, payload);
    await h.idle(communityEvents.answerAccepted);
    const rows = await notificationsOf(ann.id);
    expect(rows).toMatchObject([{ type: 'answer_accepted', source_key: payload.answer_id }]);

    const created = (await h.outbox(gamificationEvents.notificationCreated.name)).filter((e) => e.payload.user_id === ann.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.payload).toMatchObject({
      unread: 1,
      notification: { id: rows[0]!.id, type: 'answer_accepted', read: false, link: `/qa/${payload.question_id}` },
    });

    await h.waitFor(async () => (await deliveriesOf(rows[0]!.id))[0]?.status === 'queued');
    const job = await emails.getJob(deliveryJobId(rows[0]!.id, 'email'));
    const mail = job!.data as EmailJob;
    expect(mail).toMatchObject({
      to: `${ann.id.slice(0, 8)}@gamification.test`,
      subject: 'Your answer was accepted',
      kind: 'notification.answer_accepted',
    });
    expect(mail.text).toContain(`https://learn.example.test/qa/${payload.question_id}`);
    expect(mail.text).toContain('https://learn.example.test/account-settings');
    expect(job!.opts.delay ?? 0).toBe(0);
  });

  it("obeys the account's Email Notifications switch (an older change does not undo a newer one) and the user's choice per type", async () => {
    const bo = await h.user();
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: zonesNow().day } }, bo.caller);
    const now = Date.now();
    const settings = (email: boolean, at: number) => ({
      v: 1 as const,
      user_id: bo.id,
      email,
      study_reminders: true,
      assignment_deadlines: true,
      changed_at: new Date(at).toISOString(),
    });
    await h.publish(identityEvents.notificationSettingsChanged, settings(false, now));
    await h.publish(identityEvents.notificationSettingsChanged, settings(true, now - 60_000)); // arrives late, older
    await h.idle(identityEvents.notificationSettingsChanged);
    await acceptAnswerOf(bo);
    const [first] = await notificationsOf(bo.id);
    expect(first).toMatchObject({ type: 'answer_accepted' });
    expect(await deliveriesOf(first!.id)).toEqual([]);
    const prefs = await h.call(gamificationRoutes.notificationPreferences, {}, bo.caller);
    expect(prefs.preferences.find((p) => p.type === 'answer_accepted')).toMatchObject({
      obeys: 'email',
      switch_on: false,
      enabled: { in_app: true, email: true },
    });

    // e-mail on again, but this type's e-mail switched off by the user: still none; another type's goes
    await h.publish(identityEvents.notificationSettingsChanged, settings(true, now + 1000));
    await h.idle(identityEvents.notificationSettingsChanged);
    const after = await h.call(
      gamificationRoutes.updateNotificationPreferences,
      { body: { changes: [{ type: 'answer_accepted', channel: 'email', enabled: false }] } },
      bo.caller,
    );
    expect(after.preferences.find((p) => p.type === 'answer_accepted')).toMatchObject({ switch_on: true, enabled: { email: false } });
    await acceptAnswerOf(bo);
    await h.publish(communityEvents.answerPosted, {
      v: 1,
      answer_id: randomUUID(),
      question_id: randomUUID(),
      question_author_id: bo.id,
      author_id: randomUUID(),
      author_name: 'Cy',
      created_at: new Date().toISOString(),
    });
    await h.idle(communityEvents.answerPosted);
    const rows = await notificationsOf(bo.id);
    expect(rows.map((r) => r.type)).toEqual(['answer_accepted', 'answer_accepted', 'answer_posted']);
    expect(await deliveriesOf(rows[1]!.id)).toEqual([]);
    expect((await deliveriesOf(rows[2]!.id)).map((d) => d.channel)).toEqual(['email']);
  });

  it("holds an e-mail due in the recipient's quiet hours until 07:00 their time; the in-app notification is there at once", async () => {
    const night = zonesNow().night;
    const cy = await h.user();
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: night } }, cy.caller);
    const before = Date.now();
    await acceptAnswerOf(cy);
    const [n] = await notificationsOf(cy.id);
    const [d] = await deliveriesOf(n!.id);
    const at = new Date(d!.not_before);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: night, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)).toBe(
      '07:00',
    );
    expect(at.getTime()).toBeGreaterThan(before);
    expect(at.getTime() - before).toBeLessThan(8 * 3_600_000);
    await h.waitFor(async () => (await deliveriesOf(n!.id))[0]?.status === 'queued');
    const job = await emails.getJob(deliveryJobId(n!.id, 'email'));
    expect(await job!.getState()).toBe('delayed');
    expect(job!.opts.delay).toBeGreaterThan(0);
    expect((await h.call(gamificationRoutes.unreadNotifications, {}, cy.caller)).unread).toBe(1);
  });

  it("tells both sides of a cancelled session, the time in each one's zone and the refund to the learner only", async () => {
    const mentee = await h.user('learner', 'Lee Learner');
    const mentor = await h.user('mentor', 'Mo Mentor');
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'Africa/Nairobi' } }, mentee.caller);
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'Europe/London' } }, mentor.caller);
    await h.publish(mentoringEvents.sessionCancelled, {
      v: 1,
      session_id: randomUUID(),
      mentor_id: mentor.id,
      mentee_id: mentee.id,
      title: 'Career chat',
      scheduled_at: '2026-12-01T10:00:00.000Z',
      duration_minutes: 60,
      amount_minor: 2500,
      currency: 'USD',
      status: 'cancelled',
      cancelled_by: 'mentor',
      reason: 'ill',
      refunded_minor: 2500,
      cancelled_at: new Date().toISOString(),
    });
    await h.idle(mentoringEvents.sessionCancelled);
    const [forMentee] = (await h.call(gamificationRoutes.notifications, {}, mentee.caller)).notifications;
    const [forMentor] = (await h.call(gamificationRoutes.notifications, {}, mentor.caller)).notifications;
    expect(forMentee).toMatchObject({
      type: 'session_cancelled',
      category: 'mentoring',
      params: { when: 'Tue 1 Dec, 13:00', refund: '25.00 USD' },
    });
    expect(forMentor).toMatchObject({ type: 'session_cancelled', params: { when: 'Tue 1 Dec, 10:00', refund: '' } });
  });

  it('keeps a notification for someone the users read model does not know yet, in-app only', async () => {
    const stranger = { userId: randomUUID(), role: 'learner' as const, sessionId: randomUUID(), institutionId: null };
    await h.publish(gamificationEvents.levelReached, {
      v: 1,
      user_id: stranger.userId,
      level: 2,
      total_xp: 120,
      reached_at: new Date().toISOString(),
    });
    await h.idle(gamificationEvents.levelReached);
    const [n] = await notificationsOf(stranger.userId);
    expect(n).toMatchObject({ type: 'level_up', params: { level: 2, total_xp: 120 } });
    expect(await deliveriesOf(n!.id)).toEqual([]);
  });

  it("e-mails someone the users read model does not know yet once identity's registration arrives (an event ahead of it)", async () => {
    // an enrollment right after a sign-up: catalog's event can reach this service before identity's
    const id = randomUUID();
    const newcomer: TestUser = {
      id,
      name: 'Nia Newcomer',
      caller: { userId: id, role: 'learner', sessionId: randomUUID(), institutionId: null },
    };
    await acceptAnswerOf(newcomer);
    const [n] = await notificationsOf(id);
    expect(await deliveriesOf(n!.id)).toMatchObject([{ channel: 'email', status: 'pending' }]);
    // the sweep (past its period) leaves it while the address is unknown
    const age = () =>
      h.ds.query(`UPDATE notification_deliveries SET created_at = now() - interval '2 minutes' WHERE notification_id = $1`, [n!.id]);
    await age();
    await deliveries.sweep();
    expect(await deliveriesOf(n!.id)).toMatchObject([{ status: 'pending' }]);

    await h.publish(identityEvents.userRegistered, {
      v: 1,
      user_id: id,
      email: 'nia.newcomer@gamification.test',
      phone: null,
      name: newcomer.name,
      role: 'learner',
      ref: null,
      created_at: new Date().toISOString(),
    });
    await h.waitFor(async () => (await h.ds.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0);
    await deliveries.sweep();
    expect(await deliveriesOf(n!.id)).toMatchObject([{ channel: 'email', status: 'queued' }]);
    const job = await emails.getJob(deliveryJobId(n!.id, 'email'));
    expect(job!.data as EmailJob).toMatchObject({ to: 'nia.newcomer@gamification.test', kind: 'notification.answer_accepted' });
  });
});

describe('an account being deleted', () => {
  it('takes its notifications, their deliveries (an e-mail held for the morning withdrawn), its choices and switches with it', async () => {
    const gus = await h.user();
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: zonesNow().night } }, gus.caller);
    await acceptAnswerOf(gus); // its e-mail is held until 07:00: still pending when the account goes
    await h.call(
      gamificationRoutes.updateNotificationPreferences,
      { body: { changes: [{ type: 'payment_failed', channel: 'push', enabled: false }] } },
      gus.caller,
    );
    const count = async (table: string) =>
      ((await h.ds.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [gus.id])) as Array<{ n: number }>)[0]!.n;
    expect([await count('notifications'), await count('notification_deliveries'), await count('notification_preferences')]).toEqual([
      1, 1, 1,
    ]);
    const [n] = await notificationsOf(gus.id);
    await h.waitFor(async () => (await deliveriesOf(n!.id))[0]?.status === 'queued');
    expect(await (await emails.getJob(deliveryJobId(n!.id, 'email')))!.getState()).toBe('delayed');
    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: gus.id, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.idle(identityEvents.userDeletionScheduled);
    for (const table of ['notifications', 'notification_deliveries', 'notification_preferences', 'notification_switches'])
      expect([table, await count(table)]).toEqual([table, 0]);
    // the e-mail held until the morning is withdrawn with it
    await h.waitFor(async () => (await emails.getJob(deliveryJobId(n!.id, 'email'))) === undefined);
  });
});

describe("the caller's notification routes", () => {
  it('saves the last of two changes to one type and channel, and refuses a channel the type is never sent on', async () => {
    const fay = await h.user();
    const saved = await h.call(
      gamificationRoutes.updateNotificationPreferences,
      {
        body: {
          changes: [
            { type: 'payment_failed', channel: 'push', enabled: false },
            { type: 'payment_failed', channel: 'push', enabled: true },
            { type: 'payment_failed', channel: 'telegram', enabled: false },
          ],
        },
      },
      fay.caller,
    );
    expect(saved.preferences.find((p) => p.type === 'payment_failed')?.enabled).toEqual({
      in_app: true,
      email: true,
      telegram: false,
      push: true,
    });
    await expect(
      h.call(
        gamificationRoutes.updateNotificationPreferences,
        { body: { changes: [{ type: 'level_up', channel: 'email', enabled: true }] } },
        fay.caller,
      ),
    ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED', errors: [{ path: 'changes.0.channel' }] });
  });

  it("pages newest first, filters unread and by category, marks read, marks all read and deletes; never another user's", async () => {
    const dee = await h.user();
    const eve = await h.user();
    for (let i = 0; i < 3; i += 1) await acceptAnswerOf(dee);
    await h.publish(gamificationEvents.badgeEarned, {
      v: 1,
      user_id: dee.id,
      badge_code: 'first_course',
      badge_name: 'First course',
      icon: 'graduation-cap',
      earned_at: new Date().toISOString(),
    });
    await h.idle(gamificationEvents.badgeEarned);

    const all = await h.call(gamificationRoutes.notifications, {}, dee.caller);
    expect(all).toMatchObject({ total: 4, unread: 4 });
    expect(all.notifications[0]).toMatchObject({ type: 'badge_earned', category: 'achievements', link: '/profile' });
    const page = await h.call(gamificationRoutes.notifications, { query: { limit: 2, offset: 2 } }, dee.caller);
    expect(page.notifications.map((n) => n.id)).toEqual(all.notifications.slice(2).map((n) => n.id));
    const community = await h.call(gamificationRoutes.notifications, { query: { category: 'community' } }, dee.caller);
    expect(community).toMatchObject({ total: 3 });

    const first = all.notifications[1]!;
    const read = await h.call(gamificationRoutes.markNotificationRead, { params: { id: first.id } }, dee.caller);
    expect(read).toMatchObject({ notification: { id: first.id, read: true }, unread: 3 });
    // again: no change
    expect(await h.call(gamificationRoutes.markNotificationRead, { params: { id: first.id } }, dee.caller)).toMatchObject({ unread: 3 });
    const unreadOnly = await h.call(gamificationRoutes.notifications, { query: { unread: 'true' } }, dee.caller);
    expect(unreadOnly.notifications.map((n) => n.id)).not.toContain(first.id);

    // another user can neither read, mark nor delete it
    await expect(h.call(gamificationRoutes.markNotificationRead, { params: { id: first.id } }, eve.caller)).rejects.toMatchObject({
      status: 404,
      code: 'NOTIFICATION_NOT_FOUND',
    });
    await expect(h.call(gamificationRoutes.deleteNotification, { params: { id: first.id } }, eve.caller)).rejects.toMatchObject({
      status: 404,
    });
    expect((await h.call(gamificationRoutes.notifications, {}, eve.caller)).total).toBe(0);

    expect(await h.call(gamificationRoutes.markAllNotificationsRead, {}, dee.caller)).toEqual({ marked: 3, unread: 0 });
    expect(await h.call(gamificationRoutes.deleteNotification, { params: { id: first.id } }, dee.caller)).toEqual({
      message: 'Notification deleted',
      unread: 0,
    });
    await expect(h.call(gamificationRoutes.deleteNotification, { params: { id: first.id } }, dee.caller)).rejects.toMatchObject({
      status: 404,
    });
    expect((await h.call(gamificationRoutes.notifications, {}, dee.caller)).total).toBe(3);
  });
});
