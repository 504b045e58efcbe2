import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { headers as natsHeaders, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import { JOBS, catalogEvents, catalogInternal, identityEvents, type EventPayload } from '@lp/contracts';
import { REPLY_HEADER, connectBus, decode, encode, subjectFor } from '@lp/bus';
import { queuePrefix } from '@lp/service-kit';
import { deliveryJobId } from '../src/modules/notifications/notification-deliveries.js';
import { GamificationHarness, type TestUser } from './support/gamification-harness.js';

jest.setTimeout(120_000);

/**
 * catalog.course.announced: every learner of the course (paged from catalog's
 * catalog.course.learners, here a stand-in) gets one course_announcement, with its e-mail
 * delivery as their switches allow; a redelivery makes nothing twice; the poster gets none.
 */
let h: GamificationHarness;
let emails: Queue;
let nc: NatsConnection;
let standIn: Subscription;
/** the stand-in's enrollments: course id -> learner ids */
const enrolled = new Map<string, string[]>();
const pagesAsked: Array<{ course_id: string; after: string | null; limit: number }> = [];

beforeAll(async () => {
  h = await GamificationHarness.start({ PUBLIC_URL: 'https://learn.example.test' });
  emails = new Queue(JOBS.sendEmail.queue, {
    connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
    prefix: queuePrefix(h.env.BUS_PREFIX!),
  });
  nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'catalog-stand-in' });
  // catalog's keyset page, as apps/catalog answers it
  standIn = nc.subscribe(subjectFor(h.env.BUS_PREFIX!, catalogInternal.courseLearners.subject), {
    callback: (_err, m) => {
      const req = decode<{ course_id: string; after: string | null; limit: number }>(m.data);
      pagesAsked.push(req);
      const all = [...(enrolled.get(req.course_id) ?? [])].sort();
      const rest = req.after === null ? all : all.filter((id) => id > req.after!);
      const page = rest.slice(0, req.limit);
      const hdrs = natsHeaders();
      hdrs.set(REPLY_HEADER, 'ok');
      m.respond(encode({ user_ids: page, next: rest.length > req.limit ? page[page.length - 1]! : null }), { headers: hdrs });
    },
  });
}, 90_000);
afterAll(async () => {
  standIn?.unsubscribe();
  await nc?.close();
  await emails.obliterate({ force: true }).catch(() => undefined);
  await emails.close();
  await h.stop();
}, 90_000);

const announcement = (courseId: string, postedBy: string): EventPayload<typeof catalogEvents.courseAnnounced> => ({
  v: 1,
  announcement_id: randomUUID(),
  course_id: courseId,
  course_title: 'Announced Course',
  instructor_id: postedBy,
  posted_by: postedBy,
  title: 'Exam moved',
  message: 'The exam is on Friday now, same room.',
  posted_at: new Date().toISOString(),
});
const countOf = async (sql: string, params: unknown[]): Promise<number> => ((await h.ds.query(sql, params)) as Array<{ n: number }>)[0]!.n;
const notificationsFor = (announcementId: string) =>
  countOf("SELECT count(*)::int AS n FROM notifications WHERE type = 'course_announcement' AND source_key = $1", [announcementId]);
const emailDeliveriesFor = (announcementId: string) =>
  countOf(
    `SELECT count(*)::int AS n FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
      WHERE n.source_key = $1 AND d.channel = 'email'`,
    [announcementId],
  );

describe('course announcements fan-out', () => {
  it('tells each learner once, e-mails those whose switch allows it, not the poster; a redelivery doubles nothing', async () => {
    const instructor = await h.user('instructor', 'Ivan Instructor');
    const learners: TestUser[] = [];
    for (let i = 0; i < 4; i++) learners.push(await h.user());
    const [quiet] = learners;
    await h.publish(identityEvents.notificationSettingsChanged, {
      v: 1,
      user_id: quiet!.id,
      email: false,
      study_reminders: true,
      assignment_deadlines: true,
      changed_at: new Date().toISOString(),
    });
    await h.idle(identityEvents.notificationSettingsChanged);
    const courseId = randomUUID();
    // the instructor is enrolled in their own course here too: still not told of their own post
    enrolled.set(courseId, [...learners.map((l) => l.id), instructor.id]);
    const p = announcement(courseId, instructor.id);
    const id = await h.publish(catalogEvents.courseAnnounced, p);
    await h.idle(catalogEvents.courseAnnounced);

    const rows = (await h.ds.query(
      "SELECT user_id, params, link FROM notifications WHERE type = 'course_announcement' AND source_key = $1 ORDER BY user_id",
      [p.announcement_id],
    )) as Array<{ user_id: string; params: Record<string, string>; link: string }>;
    expect(rows.map((r) => r.user_id)).toEqual(learners.map((l) => l.id).sort());
    expect(rows[0]).toMatchObject({
      params: { course_title: 'Announced Course', title: 'Exam moved', preview: 'The exam is on Friday now, same room.' },
      link: `/course/${courseId}/learn`,
    });
    // Email Notifications off: in the app only
    expect(await emailDeliveriesFor(p.announcement_id)).toBe(3);
    const quietRow = (await h.ds.query("SELECT id FROM notifications WHERE user_id = $1 AND type = 'course_announcement'", [
      quiet!.id,
    ])) as Array<{
      id: string;
    }>;
    expect(await countOf('SELECT count(*)::int AS n FROM notification_deliveries WHERE notification_id = $1', [quietRow[0]!.id])).toBe(0);
    const another = (await h.ds.query(
      "SELECT id FROM notifications WHERE user_id = $1 AND type = 'course_announcement' AND source_key = $2",
      [learners[1]!.id, p.announcement_id],
    )) as Array<{ id: string }>;
    await h.waitFor(async () => (await emails.getJob(deliveryJobId(another[0]!.id, 'email'))) !== undefined);
    // the bell: one notification.created per learner
    const created = (await h.outbox('gamification.notification.created')).filter(
      (e) => (e.payload['notification'] as { type: string }).type === 'course_announcement',
    );
    expect(created).toHaveLength(4);

    await h.redeliver(id, catalogEvents.courseAnnounced, p);
    await h.idle(catalogEvents.courseAnnounced);
    expect(await notificationsFor(p.announcement_id)).toBe(4);
    expect(await emailDeliveriesFor(p.announcement_id)).toBe(3);
  });

  it('pages a large course from catalog and stores its 6,000 learners in one transaction, each once', async () => {
    const ids = Array.from({ length: 6000 }, () => randomUUID());
    // straight into the users read model (with e-mail addresses, so each has an e-mail delivery)
    await h.ds.query(
      `INSERT INTO users (id, name, email) SELECT id, 'Learner ' || n, n || '@many.test' FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`,
      [ids],
    );
    const courseId = randomUUID();
    enrolled.set(courseId, ids);
    const p = announcement(courseId, randomUUID());
    const id = await h.publish(catalogEvents.courseAnnounced, p);
    await h.idle(catalogEvents.courseAnnounced);
    expect(pagesAsked.filter((r) => r.course_id === courseId).map((r) => r.after === null)).toEqual([true, false]);
    expect(await notificationsFor(p.announcement_id)).toBe(6000);
    expect(await emailDeliveriesFor(p.announcement_id)).toBe(6000);
    await h.redeliver(id, catalogEvents.courseAnnounced, p);
    // a replay under a new envelope id passes the inbox: the (user, type, announcement) key stops it
    await h.publish(catalogEvents.courseAnnounced, p);
    await h.idle(catalogEvents.courseAnnounced);
    expect(await notificationsFor(p.announcement_id)).toBe(6000);
    expect(await emailDeliveriesFor(p.announcement_id)).toBe(6000);
  });
});
