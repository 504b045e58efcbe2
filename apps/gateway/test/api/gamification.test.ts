import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityInternal } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type Stack } from './harness.js';
import { zoneWhereHourIs } from '@lp/testing';

/** Gamification through the gateway: the route table maps its paths, the guards and the error shape hold. */
let stack: Stack;
let closeBus: () => Promise<void>;
let learner: string;
let admin: string;
const PASSWORD = 'secret-pass-1';

beforeAll(async () => {
  stack = await startStack();
  const reg = await stack.api<{ token: string }>('POST', '/auth/register', {
    body: { name: 'Gamer', email: uniqueEmail('gamification'), password: PASSWORD, role: 'learner' },
  });
  expect(reg.status).toBe(201);
  learner = reg.body.token;
  // admins never self-register: identity's bus-only ensureUser makes one, who then signs in over HTTP
  const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test' });
  closeBus = () => nc.drain();
  const email = uniqueEmail('gamification-admin');
  await new RpcClient(nc, stack.env.BUS_PREFIX!).request(
    identityInternal.ensureUser.subject,
    { email, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
    { requestId: 'api-test' },
  );
  const login = await stack.api<{ token: string }>('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  admin = login.body.token;
}, 180_000);
afterAll(async () => {
  await closeBus?.();
  await stack.stop();
}, 60_000);

describe('/api/gamification', () => {
  it("answers the caller's standing, 401 without a token", async () => {
    const me = await stack.api<{ total_xp: number; level: { level: number } }>('GET', '/gamification/me', { token: learner });
    expect([me.status, me.body.total_xp, me.body.level.level]).toEqual([200, 0, 1]);
    const anonymous = await stack.api('GET', '/gamification/me');
    expect([anonymous.status, anonymous.body]).toEqual([401, expect.objectContaining({ code: 'UNAUTHENTICATED', errors: [] })]);
  });

  it('sets the time zone, and refuses an unknown one in the error shape naming the field', async () => {
    const ok = await stack.api('PUT', '/gamification/settings', { token: learner, body: { time_zone: 'Europe/Berlin' } });
    expect([ok.status, ok.body]).toEqual([
      200,
      { hide_from_leaderboards: false, time_zone: 'Europe/Berlin', time_zone_set: true, study_reminder_hour: 18 },
    ]);
    const bad = await stack.api<{ code: string; errors: Array<{ path: string }> }>('PUT', '/gamification/settings', {
      token: learner,
      body: { time_zone: 'Nowhere/Atlantis' },
    });
    expect([bad.status, bad.body.code, bad.body.errors.map((e) => e.path)]).toEqual([400, 'VALIDATION_FAILED', ['time_zone']]);
  });

  it('lists the badges to anyone signed in, the rules and badge figures to admins only', async () => {
    const badges = await stack.api<Array<{ code: string; earned_at: string | null }>>('GET', '/gamification/badges', { token: learner });
    expect([badges.status, badges.body.length, badges.body.every((b) => b.earned_at === null)]).toEqual([200, 10, true]);
    for (const path of ['/admin/gamification/rules', '/admin/gamification/badges']) {
      const refused = await stack.api('GET', path, { token: learner });
      expect([path, refused.status]).toEqual([path, 403]);
      const allowed = await stack.api<unknown[]>('GET', path, { token: admin });
      expect([path, allowed.status, allowed.body.length > 0]).toEqual([path, 200, true]);
    }
  });

  it('answers the leaderboard of a timeframe to anyone signed in, refuses an unknown timeframe and a stranger', async () => {
    for (const timeframe of ['week', 'month', 'all']) {
      const board = await stack.api<{ timeframe: string; scope: string; entries: unknown[]; me: unknown }>(
        'GET',
        `/gamification/leaderboard?timeframe=${timeframe}`,
        { token: learner },
      );
      // a new account has no XP yet: on no board, and told so by a null row of its own
      expect([board.status, board.body.timeframe, board.body.scope, board.body.me]).toEqual([200, timeframe, 'platform', null]);
    }
    const week = await stack.api<{ timeframe: string }>('GET', '/gamification/leaderboard', { token: learner });
    expect([week.status, week.body.timeframe]).toEqual([200, 'week']);
    const bad = await stack.api<{ code: string; errors: Array<{ path: string }> }>('GET', '/gamification/leaderboard?timeframe=year', {
      token: learner,
    });
    expect([bad.status, bad.body.code, bad.body.errors.map((e) => e.path)]).toEqual([400, 'VALIDATION_FAILED', ['query.timeframe']]);
    expect((await stack.api('GET', '/gamification/leaderboard')).status).toBe(401);
    expect((await stack.api('GET', '/gamification/league')).status).toBe(401);
    const league = await stack.api<{ league: unknown; tier: string }>('GET', '/gamification/league', { token: learner });
    expect([league.status, league.body]).toEqual([200, { league: null, tier: 'bronze' }]);
  });

  it('makes the caller one referral code, the same on every call, with a link carrying it; strangers get 401', async () => {
    const before = await stack.api<{ code: string | null; link: string | null; referrals: unknown[] }>('GET', '/referrals/my', {
      token: learner,
    });
    expect([before.status, before.body.code, before.body.link, before.body.referrals]).toEqual([200, null, null, []]);
    const first = await stack.api<{ code: string; link: string }>('POST', '/referrals/generate', { token: learner });
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(new URL(first.body.link, 'http://site.invalid').searchParams.get('ref')).toBe(first.body.code);
    const again = await stack.api<{ code: string }>('POST', '/referrals/generate', { token: learner });
    expect(again.body.code).toBe(first.body.code);
    const after = await stack.api<{ code: string }>('GET', '/referrals/my', { token: learner });
    expect(after.body.code).toBe(first.body.code);
    expect((await stack.api('GET', '/referrals/my')).status).toBe(401);
    expect((await stack.api('POST', '/referrals/generate')).status).toBe(401);
  });

  it('shows the referral figures to admins only', async () => {
    expect((await stack.api('GET', '/admin/referrals', { token: learner })).status).toBe(403);
    const figures = await stack.api<Record<string, unknown>>('GET', '/admin/referrals', { token: admin });
    expect(figures.status).toBe(200);
    expect(figures.body).toEqual(
      expect.objectContaining({
        pending: expect.any(Number),
        completed: expect.any(Number),
        refused: expect.any(Number),
        refusals: expect.any(Array),
      }),
    );
  });

  it('is reported on /api/health', async () => {
    const res = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
    expect(res.body.services.gamification).toMatchObject({ status: 'ok' });
  });
});

describe('/api/notifications', () => {
  type Listed = {
    notifications: Array<{ id: string; type: string; params: Record<string, unknown>; link: string | null; read: boolean }>;
    total: number;
    unread: number;
  };
  const poll = async <T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
    for (let i = 0; ; i += 1) {
      const v = await read();
      if (ok(v) || i >= 100) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('refuses strangers (401) on every route and answers a new account an empty centre', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['PUT', '/notifications/read-all'],
      ['PUT', `/notifications/${crypto.randomUUID()}/read`],
      ['DELETE', `/notifications/${crypto.randomUUID()}`],
      ['GET', '/notifications/preferences'],
      ['PUT', '/notifications/preferences'],
    ];
    for (const [method, path] of routes) expect([method, path, (await stack.api(method, path)).status]).toEqual([method, path, 401]);
    const fresh = await stack.api('GET', '/notifications', { token: learner });
    expect([fresh.status, fresh.body]).toEqual([200, { notifications: [], total: 0, unread: 0 }]);
    expect((await stack.api('GET', '/notifications/unread-count', { token: learner })).body).toEqual({ unread: 0 });
  });

  it("answers 404 in the error shape for a notification that is not the caller's, 400 for a malformed id or filter", async () => {
    const missing = await stack.api<{ code: string; detail: string }>('PUT', `/notifications/${crypto.randomUUID()}/read`, {
      token: learner,
    });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOTIFICATION_NOT_FOUND']);
    expect((await stack.api('DELETE', `/notifications/${crypto.randomUUID()}`, { token: learner })).status).toBe(404);
    const badId = await stack.api<{ code: string; errors: Array<{ path: string }> }>('PUT', '/notifications/not-an-id/read', {
      token: learner,
    });
    expect([badId.status, badId.body.errors.map((e) => e.path)]).toEqual([400, ['params.id']]);
    const badFilter = await stack.api<{ errors: Array<{ path: string }> }>('GET', '/notifications?category=spam&limit=500', {
      token: learner,
    });
    expect([badFilter.status, badFilter.body.errors.map((e) => e.path).sort()]).toEqual([400, ['query.category', 'query.limit']]);
  });

  it("tells a question's author of a new answer, end to end; they read it", async () => {
    const asker = await stack.api<{ token: string }>('POST', '/auth/register', {
      body: { name: 'Asker', email: uniqueEmail('asker'), password: PASSWORD, role: 'learner' },
    });
    const question = await stack.api<{ id: string }>('POST', '/qa/questions', {
      token: asker.body.token,
      body: { title: 'How do streaks count days?', content: 'In which time zone is a day counted?' },
    });
    expect(question.status).toBe(201);
    const answer = await stack.api('POST', `/qa/questions/${question.body.id}/answers`, {
      token: learner,
      body: { content: 'In your own: set it on the leaderboard page.' },
    });
    expect(answer.status).toBe(201);
    const listed = await poll(
      async () => (await stack.api<Listed>('GET', '/notifications', { token: asker.body.token })).body,
      (b) => b.total > 0,
    );
    expect(listed).toMatchObject({
      total: 1,
      unread: 1,
      notifications: [{ type: 'answer_posted', params: { author_name: 'Gamer' }, link: `/qa/${question.body.id}`, read: false }],
    });
    const read = await stack.api<{ unread: number }>('PUT', `/notifications/${listed.notifications[0]!.id}/read`, {
      token: asker.body.token,
    });
    expect([read.status, read.body.unread]).toEqual([200, 0]);
    // not the answerer's to see
    expect((await stack.api<Listed>('GET', '/notifications', { token: learner })).body.total).toBe(0);
  });

  it("stops a type's e-mails from the e-mail's own unsubscribe link: a form POST as a mail client's one-click sends it, no sign-in", async () => {
    const email = uniqueEmail('unsubscriber');
    const reader = await stack.api<{ token: string; user: { id: string } }>('POST', '/auth/register', {
      body: { name: 'Una Subscriber', email, password: PASSWORD, role: 'learner' },
    });
    // a zone where it is the afternoon now: outside quiet hours the e-mail leaves at once
    const day = zoneWhereHourIs([12, 13, 14, 15]);
    expect((await stack.api('PUT', '/gamification/settings', { token: reader.body.token, body: { time_zone: day } })).status).toBe(200);
    const ask = async (title: string) => {
      const q = await stack.api<{ id: string }>('POST', '/qa/questions', {
        token: reader.body.token,
        body: { title, content: 'Asked to see what the e-mail says about it.' },
      });
      expect(q.status).toBe(201);
      expect(
        (await stack.api('POST', `/qa/questions/${q.body.id}/answers`, { token: learner, body: { content: 'An answer.' } })).status,
      ).toBe(201);
    };
    type Box = { messages: Array<{ id: string; to: string; text: string; kind: string }> };
    const mailsTo = async () => (await stack.api<Box>('GET', '/dev/mailbox')).body.messages.filter((m) => m.to === email);
    await ask('Where does the unsubscribe link lead?');
    const [mail] = await poll(mailsTo, (m) => m.length > 0);
    expect(mail).toMatchObject({ kind: 'notification.answer_posted' });
    const page = mail!.text.match(/Stop e-mails like this one: (\S+)/)![1]!;
    const token = new URL(page, stack.url).searchParams.get('token')!;

    const look = await stack.api<{ type: string; subscribed: boolean }>(
      'GET',
      `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect([look.status, look.body]).toEqual([200, { type: 'answer_posted', category: 'community', subscribed: true }]);
    const oneClick = await fetch(`${stack.url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ type: 'answer_posted', subscribed: false });
    const prefs = await stack.api<{ preferences: Array<{ type: string; enabled: Record<string, boolean> }> }>(
      'GET',
      '/notifications/preferences',
      { token: reader.body.token },
    );
    expect(prefs.body.preferences.find((p) => p.type === 'answer_posted')!.enabled.email).toBe(false);

    const forged = await stack.api<{ code: string; detail: string; errors: unknown[] }>(
      'POST',
      `/notifications/unsubscribe?token=${encodeURIComponent(token.replace('answer_posted', 'answer_accepted'))}`,
      { body: {} },
    );
    expect([forged.status, forged.body.code]).toEqual([400, 'INVALID_UNSUBSCRIBE_LINK']);
    expect(forged.body.errors).toEqual([]);
    const none = await stack.api<{ errors: Array<{ path: string }> }>('GET', '/notifications/unsubscribe');
    expect([none.status, none.body.errors.map((e) => e.path)]).toEqual([400, ['query.token']]);
  }, 30_000);

  it("shows the account's switches in the preferences once identity announced them, and saves a channel per type", async () => {
    const off = await stack.api('PUT', '/users/notification-settings', {
      token: learner,
      body: { email: false, studyReminders: true, assignmentDeadlines: true },
    });
    expect(off.status).toBe(200);
    type Prefs = { preferences: Array<{ type: string; obeys: string | null; switch_on: boolean; enabled: Record<string, boolean> }> };
    const prefs = await poll(
      async () => (await stack.api<Prefs>('GET', '/notifications/preferences', { token: learner })).body,
      (b) => b.preferences.some((p) => p.obeys === 'email' && !p.switch_on),
    );
    expect(prefs.preferences.find((p) => p.type === 'answer_posted')).toMatchObject({
      obeys: 'email',
      switch_on: false,
      enabled: { in_app: true, email: true },
    });
    const saved = await stack.api<Prefs>('PUT', '/notifications/preferences', {
      token: learner,
      body: { changes: [{ type: 'answer_posted', channel: 'email', enabled: false }] },
    });
    expect([saved.status, saved.body.preferences.find((p) => p.type === 'answer_posted')?.enabled.email]).toEqual([200, false]);
    const inApp = await stack.api<{ errors: Array<{ path: string }> }>('PUT', '/notifications/preferences', {
      token: learner,
      body: { changes: [{ type: 'answer_posted', channel: 'in_app', enabled: false }] },
    });
    expect([inApp.status, inApp.body.errors.map((e) => e.path)]).toEqual([400, ['changes.0.channel']]);
  });
});
