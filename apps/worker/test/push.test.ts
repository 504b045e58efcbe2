import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import webpush from 'web-push';
import { JOBS, PUSH_TTL_SECONDS, PushPayload, communityEvents, gamificationRoutes } from '@lp/contracts';
import { queuePrefix } from '@lp/service-kit';
import { startTestService, zoneWhereHourIs, type TestService } from '@lp/testing';
import { WorkerModule } from '../src/app.module.js';
import { GamificationHarness, type TestUser } from '../../gamification/test/support/gamification-harness.js';
import { NotificationDeliveries, deliveryJobId } from '../../gamification/src/modules/notifications/notification-deliveries.js';

jest.setTimeout(90_000);

/** A request the push-service double received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/**
 * A push service on this machine, as a browser vendor runs one: it takes the POST of a push and
 * answers with the status the test set for that path (201 unless told).
 */
class PushServiceDouble {
  readonly received: Received[] = [];
  /** the statuses to answer a path with, in turn; the last one stays */
  readonly answers = new Map<string, number[]>();
  /** a Retry-After to send with a path's failures */
  readonly retryAfter = new Map<string, string>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<PushServiceDouble> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        self.received.push({ path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
        const queue = self.answers.get(path) ?? [201];
        const status = queue.length > 1 ? queue.shift()! : queue[0]!;
        const later = self.retryAfter.get(path);
        res.writeHead(status, status >= 400 && later ? { 'Retry-After': later } : {}).end();
      });
    });
    const self = new PushServiceDouble(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return self;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  to(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and authentication secret (RFC 8291). */
interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  path: string;
}
const newBrowser = (): Browser => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), path: `/push/${randomUUID()}` };
};
const subscriptionOf = (b: Browser, origin: string) => ({
  endpoint: `${origin}${b.path}`,
  keys: { p256dh: b.ecdh.getPublicKey().toString('base64url'), auth: b.auth.toString('base64url') },
});

/** What the browser does with a push's body: RFC 8188 aes128gcm with the key and nonce of RFC 8291. */
function decrypt(b: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const secret = b.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, b.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then any padding zeros
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID Authorization header (RFC 8292): `vapid t=<ES256 JWT>, k=<public key>`, checked against the key pair the stack was given. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string, audience: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+), k=(\S+)$/.exec(headers.authorization ?? '');
  expect(m).not.toBeNull();
  expect(m![2]).toBe(publicKey);
  const [h, p, sig] = m![1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'));
  expect(signed).toBe(true);
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as Record<string, unknown>;
  expect(claims).toMatchObject({ aud: audience, sub: 'mailto:push-test@example.com' });
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  return claims;
}

const vapid = webpush.generateVAPIDKeys();
let h: GamificationHarness;
let worker: TestService;
let pushService: PushServiceDouble;
let pushes: Queue;

/** A day-time zone: nothing is held for quiet hours. */
function dayZone(): string {
  return zoneWhereHourIs([13, 14, 15]);
}
/** A zone where it is now the middle of the night (quiet hours). */
function nightZone(): string {
  return zoneWhereHourIs([1, 2, 3, 4]);
}

beforeAll(async () => {
  pushService = await PushServiceDouble.start();
  h = await GamificationHarness.start({
    PUBLIC_URL: 'https://learn.example.test',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:push-test@example.com',
  });
  worker = await startTestService(WorkerModule.create(h.env), h.env);
  pushes = new Queue(JOBS.sendPush.queue, {
    connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
    prefix: queuePrefix(h.env.BUS_PREFIX!),
  });
}, 90_000);
afterAll(async () => {
  await pushes?.obliterate({ force: true }).catch(() => undefined);
  await pushes?.close();
  await worker?.stop();
  await h?.stop();
  await pushService?.stop();
}, 90_000);

/** A user subscribed in these browsers, in a day-time zone unless told. */
async function subscribedUser(...browsers: Browser[]): Promise<TestUser> {
  return subscribedIn(dayZone(), ...browsers);
}
async function subscribedIn(timeZone: string, ...browsers: Browser[]): Promise<TestUser> {
  const u = await h.user('learner', 'Pia Push');
  await h.call(gamificationRoutes.updateSettings, { body: { time_zone: timeZone } }, u.caller);
  for (const b of browsers) await h.call(gamificationRoutes.subscribePush, { body: subscriptionOf(b, pushService.origin) }, u.caller);
  return u;
}

/** One answer_accepted notification for `u`; answers the notification's id and the question's. */
async function notify(u: TestUser): Promise<{ notificationId: string; questionId: string }> {
  const questionId = randomUUID();
  await h.publish(communityEvents.answerAccepted, {
    v: 1,
    answer_id: randomUUID(),
    question_id: questionId,
    answer_author_id: u.id,
    accepted_by: randomUUID(),
    accepted_at: new Date().toISOString(),
  });
  await h.idle(communityEvents.answerAccepted);
  const [row] = (await h.ds.query('SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [u.id])) as Array<{
    id: string;
  }>;
  return { notificationId: row!.id, questionId };
}

const jobState = async (notificationId: string) => (await pushes.getJob(deliveryJobId(notificationId, 'push')))?.getState();

describe('browser push through the worker', () => {
  it('pushes a notification to the browser signed with the VAPID keys, encrypted for that browser only, with its title, body, link and TTL', async () => {
    const browser = newBrowser();
    const u = await subscribedUser(browser);
    const { notificationId, questionId } = await notify(u);
    await h.waitFor(async () => pushService.to(browser.path).length > 0, 20_000);

    const [push] = pushService.to(browser.path);
    checkVapid(push!.headers, vapid.publicKey, pushService.origin);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    const payload = PushPayload.parse(JSON.parse(decrypt(browser, push!.body)));
    expect(payload).toEqual({
      title: 'Your answer was accepted',
      body: 'The asker accepted your answer. Well done!',
      url: `https://learn.example.test/qa/${questionId}`,
      tag: `notification:${notificationId}`,
    });
    // another browser's keys cannot read it
    expect(() => decrypt(newBrowser(), push!.body)).toThrow();
    await h.waitFor(async () => (await jobState(notificationId)) === 'completed');
  });

  it('pushes one notification once, however often its delivery is handed over', async () => {
    const browser = newBrowser();
    const u = await subscribedUser(browser);
    const { notificationId } = await notify(u);
    await h.waitFor(async () => (await jobState(notificationId)) === 'completed', 20_000);
    // as after a crash between the hand-over and its `queued` mark: the sweep hands it over again
    await h.ds.query(
      "UPDATE notification_deliveries SET status = 'pending', created_at = now() - interval '1 hour' WHERE notification_id = $1 AND channel = 'push'",
      [notificationId],
    );
    expect(await h.svc.app.get(NotificationDeliveries).sweep()).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(pushService.to(browser.path)).toHaveLength(1);
  });

  it('retries a push service that failed, without pushing again the browsers already reached', async () => {
    const reached = newBrowser();
    const flaky = newBrowser();
    pushService.answers.set(flaky.path, [503, 201]);
    const u = await subscribedUser(reached, flaky);
    const { notificationId } = await notify(u);
    // the first attempt fails on the flaky one; the retry comes after the declared backoff (5 s)
    await h.waitFor(async () => (await jobState(notificationId)) === 'completed', 30_000);
    expect(pushService.to(flaky.path)).toHaveLength(2);
    expect(pushService.to(reached.path)).toHaveLength(1);
    expect((await pushes.getJob(deliveryJobId(notificationId, 'push')))!.returnvalue).toEqual({ sent: 2, gone: 0 });
  });

  it("waits as long as a push service's Retry-After asks before trying again (longer than the backoff's 5 s)", async () => {
    const limited = newBrowser();
    pushService.answers.set(limited.path, [429, 201]);
    pushService.retryAfter.set(limited.path, '9');
    const u = await subscribedUser(limited);
    const { notificationId } = await notify(u);
    await h.waitFor(async () => (await jobState(notificationId)) === 'completed', 40_000);
    const [first, second] = pushService.to(limited.path);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(9000);
  });

  it('pushes each browser once when the worker restarts between the attempts', async () => {
    const reached = newBrowser();
    const flaky = newBrowser();
    pushService.answers.set(flaky.path, [503, 201]);
    const u = await subscribedUser(reached, flaky);
    const { notificationId } = await notify(u);
    await h.waitFor(async () => pushService.to(flaky.path).length === 1 && pushService.to(reached.path).length === 1, 20_000);
    // the process goes (its Redis keys stay: TestService.stop would clear them), another takes the retry
    await worker.app.close();
    worker = await startTestService(WorkerModule.create(h.env), h.env);
    await h.waitFor(async () => (await jobState(notificationId)) === 'completed', 30_000);
    expect([pushService.to(reached.path).length, pushService.to(flaky.path).length]).toEqual([1, 2]);
  });

  it('deletes a subscription its push service says is gone (410 or 404), without retrying it', async () => {
    const gone = newBrowser();
    const missing = newBrowser();
    const kept = newBrowser();
    pushService.answers.set(gone.path, [410]);
    pushService.answers.set(missing.path, [404]);
    const u = await subscribedUser(gone, missing, kept);
    const { notificationId } = await notify(u);
    await h.waitFor(async () => (await jobState(notificationId)) === 'completed', 20_000);
    expect((await pushes.getJob(deliveryJobId(notificationId, 'push')))!.returnvalue).toEqual({ sent: 1, gone: 2 });
    const left = (await h.ds.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [u.id])) as Array<{ endpoint: string }>;
    expect(left.map((r) => r.endpoint)).toEqual([`${pushService.origin}${kept.path}`]);
    expect(pushService.to(gone.path)).toHaveLength(1);
    expect(pushService.to(missing.path)).toHaveLength(1);
  });

  it('holds a push through the recipient’s quiet hours exactly as their e-mail', async () => {
    const browser = newBrowser();
    const u = await subscribedIn(nightZone(), browser);
    const { notificationId } = await notify(u);
    await h.waitFor(async () => (await pushes.getJob(deliveryJobId(notificationId, 'push'))) !== undefined);
    const emails = new Queue(JOBS.sendEmail.queue, {
      connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
      prefix: queuePrefix(h.env.BUS_PREFIX!),
    });
    try {
      const [push, mail] = [
        await pushes.getJob(deliveryJobId(notificationId, 'push')),
        await emails.getJob(deliveryJobId(notificationId, 'email')),
      ];
      expect(await push!.getState()).toBe('delayed');
      expect(push!.opts.delay).toBeGreaterThan(2 * 3600_000);
      expect(Math.abs(push!.timestamp + push!.opts.delay! - (mail!.timestamp + mail!.opts.delay!))).toBeLessThan(2000);
    } finally {
      await emails.close();
    }
    expect(pushService.to(browser.path)).toEqual([]);
  });
});
