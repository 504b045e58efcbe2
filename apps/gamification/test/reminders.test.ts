import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { assessmentEvents, gamificationRoutes, identityEvents, mentoringEvents } from '@lp/contracts';
import { NotificationReminders } from '../src/modules/notifications/notification-reminders.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

jest.setTimeout(90_000);

let h: GamificationHarness;
let reminders: NotificationReminders;

beforeAll(async () => {
  h = await GamificationHarness.start();
  reminders = h.svc.app.get(NotificationReminders);
}, 90_000);
afterAll(async () => {
  await h.stop();
}, 90_000);

const HOUR = 3_600_000;

function session(mentee: TestUser, mentor: TestUser, hoursAhead: number) {
  return {
    v: 1 as const,
    session_id: randomUUID(),
    mentor_id: mentor.id,
    mentee_id: mentee.id,
    title: 'Career chat',
    scheduled_at: new Date(Date.now() + hoursAhead * HOUR).toISOString(),
    duration_minutes: 60,
    amount_minor: 4500,
    currency: 'USD',
  };
}

async function confirm(s: ReturnType<typeof session>): Promise<string> {
  const id = await h.publish(mentoringEvents.sessionConfirmed, {
    ...s,
    payment_id: randomUUID(),
    meeting_link: 'https://meet.example.test/x',
    confirmed_at: new Date().toISOString(),
  });
  await h.idle(mentoringEvents.sessionConfirmed);
  return id;
}

const kept = async (sessionId: string) =>
  (await h.ds.query('SELECT user_id, type, due_at, event_at FROM notification_reminders WHERE source_key = $1 ORDER BY type, user_id', [
    sessionId,
  ])) as Array<{ user_id: string; type: string; due_at: Date; event_at: Date }>;
const remindersOf = async (userId: string) =>
  (await h.ds.query(`SELECT type, params, source_key FROM notifications WHERE user_id = $1 AND type LIKE 'session_reminder_%'`, [
    userId,
  ])) as Array<{ type: string; params: Record<string, string>; source_key: string }>;
/** Time passes until the reminders of `type` of the session are due. */
const dueNow = (sessionId: string, type: string) =>
  h.ds.query(`UPDATE notification_reminders SET due_at = now() - interval '1 second' WHERE source_key = $1 AND type = $2`, [
    sessionId,
    type,
  ]);

describe('session reminders', () => {
  it('reminds both sides a day and an hour before, each once, even with the confirmation delivered twice', async () => {
    const [mentee, mentor] = [await h.user('learner'), await h.user('mentor')];
    const s = session(mentee, mentor, 30);
    const eventId = await confirm(s);
    await h.redeliver(eventId, mentoringEvents.sessionConfirmed, {
      ...s,
      payment_id: randomUUID(),
      meeting_link: 'https://meet.example.test/x',
      confirmed_at: new Date().toISOString(),
    });
    await h.idle(mentoringEvents.sessionConfirmed);
    const rows = await kept(s.session_id);
    expect(rows.map((r) => r.type).sort()).toEqual([
      'session_reminder_1h',
      'session_reminder_1h',
      'session_reminder_24h',
      'session_reminder_24h',
    ]);
    const at = Date.parse(s.scheduled_at);
    for (const r of rows) {
      expect(r.event_at.getTime()).toBe(at);
      expect(r.due_at.getTime()).toBe(at - (r.type === 'session_reminder_24h' ? 24 : 1) * HOUR);
    }

    // nothing is due yet
    expect(await reminders.sweep()).toBe(0);
    await dueNow(s.session_id, 'session_reminder_24h');
    expect(await reminders.sweep()).toBe(2);
    expect(await reminders.sweep()).toBe(0);
    for (const who of [mentee, mentor]) {
      const [made] = await remindersOf(who.id);
      expect(made).toMatchObject({ type: 'session_reminder_24h', source_key: s.session_id, params: { title: 'Career chat' } });
      expect(made!.params['when']).toMatch(/^\w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/);
      const listed = await h.call(gamificationRoutes.notifications, { query: { category: 'reminders' } }, who.caller);
      expect(listed.notifications.map((n) => n.type)).toEqual(['session_reminder_24h']);
    }
    // the hour's reminders are still to come
    expect((await kept(s.session_id)).map((r) => r.type)).toEqual(['session_reminder_1h', 'session_reminder_1h']);
  });

  it('makes only the reminders still ahead when a session is confirmed late', async () => {
    const [mentee, mentor] = [await h.user('learner'), await h.user('mentor')];
    const soon = session(mentee, mentor, 3);
    await confirm(soon);
    expect((await kept(soon.session_id)).map((r) => r.type)).toEqual(['session_reminder_1h', 'session_reminder_1h']);
    const now = session(mentee, mentor, 0.5);
    await confirm(now);
    expect(await kept(now.session_id)).toEqual([]);
  });

  it('sends none of a cancelled session’s reminders', async () => {
    const [mentee, mentor] = [await h.user('learner'), await h.user('mentor')];
    const s = session(mentee, mentor, 30);
    await confirm(s);
    await dueNow(s.session_id, 'session_reminder_24h');
    await h.publish(mentoringEvents.sessionCancelled, {
      ...s,
      status: 'cancelled',
      cancelled_by: 'mentor',
      reason: 'ill',
      refunded_minor: 4500,
      cancelled_at: new Date().toISOString(),
    });
    await h.idle(mentoringEvents.sessionCancelled);
    expect(await kept(s.session_id)).toEqual([]);
    await reminders.sweep();
    expect(await remindersOf(mentee.id)).toEqual([]);
    expect(await remindersOf(mentor.id)).toEqual([]);
  });

  it('drops unsent a reminder whose session has begun (the service was down through it)', async () => {
    const [mentee, mentor] = [await h.user('learner'), await h.user('mentor')];
    const s = session(mentee, mentor, 30);
    await confirm(s);
    await h.ds.query(
      `UPDATE notification_reminders SET due_at = now() - interval '2 hours', event_at = now() - interval '1 hour' WHERE source_key = $1`,
      [s.session_id],
    );
    expect(await reminders.sweep()).toBe(0);
    expect(await kept(s.session_id)).toEqual([]);
    expect(await remindersOf(mentee.id)).toEqual([]);
  });

  it('forgets the reminders of an account being deleted', async () => {
    const [mentee, mentor] = [await h.user('learner'), await h.user('mentor')];
    const s = session(mentee, mentor, 30);
    await confirm(s);
    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: mentee.id, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.idle(identityEvents.userDeletionScheduled);
    expect((await kept(s.session_id)).map((r) => r.user_id)).toEqual([mentor.id, mentor.id]);
  });
});

describe('the daily study reminder', () => {
  const zone = 'Etc/GMT-3'; // UTC+3, no daylight saving
  const localNow = () => new Date(Date.now() + 3 * HOUR);
  const hourNow = () => localNow().getUTCHours();
  const day = (offset: number) => new Date(localNow().getTime() + offset * 24 * HOUR).toISOString().slice(0, 10);

  /** A learner of `zone` whose reminder hour is now, last active `lastActive` days ago (null: never). */
  async function learnerDue(lastActive: number | null, role: 'learner' | 'mentor' = 'learner', hour = hourNow()): Promise<TestUser> {
    const u = await h.user(role);
    const settings = await h.call(gamificationRoutes.updateSettings, { body: { time_zone: zone, study_reminder_hour: hour } }, u.caller);
    expect(settings).toMatchObject({ time_zone: zone, study_reminder_hour: hour });
    await h.ds.query('UPDATE user_stats SET last_active_day = $2, current_streak = 4 WHERE user_id = $1', [
      u.id,
      lastActive === null ? null : day(-lastActive),
    ]);
    return u;
  }
  const studyOf = async (userId: string) =>
    (await h.ds.query(`SELECT source_key, params FROM notifications WHERE user_id = $1 AND type = 'study_reminder'`, [userId])) as Array<{
      source_key: string;
      params: Record<string, unknown>;
    }>;

  it('comes at the chosen hour to a learner who learned recently but not today, once a day even when deleted', async () => {
    const ada = await learnerDue(1);
    await reminders.sweep();
    const [made] = await studyOf(ada.id);
    expect(made).toEqual({ source_key: `study:${day(0)}`, params: { streak: 4 } });
    // another sweep in the hour, even after the learner deleted it, makes no second one
    const listed = await h.call(gamificationRoutes.notifications, {}, ada.caller);
    await h.call(gamificationRoutes.deleteNotification, { params: { id: listed.notifications[0]!.id } }, ada.caller);
    await reminders.sweep();
    expect(await studyOf(ada.id)).toEqual([]);
  });

  it('leaves alone a learner active today, one gone for weeks, one never active, another hour, a mentor and a learner who switched reminders off', async () => {
    const today = await learnerDue(0);
    const gone = await learnerDue(20);
    const never = await learnerDue(null);
    const otherHour = await learnerDue(1, 'learner', (hourNow() + 2) % 24);
    const mentor = await learnerDue(1, 'mentor');
    const off = await learnerDue(1);
    await h.publish(identityEvents.notificationSettingsChanged, {
      v: 1,
      user_id: off.id,
      email: true,
      study_reminders: false,
      assignment_deadlines: true,
      changed_at: new Date().toISOString(),
    });
    await h.idle(identityEvents.notificationSettingsChanged);
    await reminders.sweep();
    for (const u of [today, gone, never, otherHour, mentor, off])
      expect({ id: u.id, made: await studyOf(u.id) }).toEqual({ id: u.id, made: [] });
  });

  it('answers the default hour until the learner chooses one, and refuses an hour outside 0-23', async () => {
    const u = await h.user();
    const me = await h.call(gamificationRoutes.me, {}, u.caller);
    expect(me.settings.study_reminder_hour).toBe(18);
    await expect(h.call(gamificationRoutes.updateSettings, { body: { study_reminder_hour: 24 } }, u.caller)).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'study_reminder_hour', message: 'Choose an hour from 0 to 23' }],
    });
  });
});

describe('an assignment due soon', () => {
  it('tells the learner once per due date, the time in their zone, unless they switched Assignment Deadlines off', async () => {
    const [on, off] = [await h.user(), await h.user()];
    await h.call(gamificationRoutes.updateSettings, { body: { time_zone: 'Asia/Tokyo' } }, on.caller);
    await h.publish(identityEvents.notificationSettingsChanged, {
      v: 1,
      user_id: off.id,
      email: true,
      study_reminders: true,
      assignment_deadlines: false,
      changed_at: new Date().toISOString(),
    });
    await h.idle(identityEvents.notificationSettingsChanged);
    const assignmentId = randomUUID();
    const due = (userId: string, dueDate: string) => ({
      v: 1 as const,
      assignment_id: assignmentId,
      assignment_title: 'Essay on sorting',
      course_id: randomUUID(),
      course_title: 'Algorithms',
      user_id: userId,
      due_date: dueDate,
    });
    const first = due(on.id, '2026-12-03T09:00:00.000Z');
    const id = await h.publish(assessmentEvents.assignmentDueSoon, first);
    await h.redeliver(id, assessmentEvents.assignmentDueSoon, first);
    await h.publish(assessmentEvents.assignmentDueSoon, due(off.id, first.due_date));
    // the due date moved: told again
    await h.publish(assessmentEvents.assignmentDueSoon, due(on.id, '2026-12-04T09:00:00.000Z'));
    await h.idle(assessmentEvents.assignmentDueSoon);
    const rows = (await h.ds.query(
      "SELECT user_id, params, link FROM notifications WHERE type = 'assignment_due' AND user_id = ANY($1) ORDER BY created_at",
      [[on.id, off.id]],
    )) as Array<{ user_id: string; params: Record<string, string>; link: string }>;
    expect(rows).toEqual([
      {
        user_id: on.id,
        params: { assignment_title: 'Essay on sorting', course_title: 'Algorithms', when: 'Thu 3 Dec, 18:00' },
        link: `/assignments/${assignmentId}`,
      },
      {
        user_id: on.id,
        params: { assignment_title: 'Essay on sorting', course_title: 'Algorithms', when: 'Fri 4 Dec, 18:00' },
        link: `/assignments/${assignmentId}`,
      },
    ]);
  });
});
