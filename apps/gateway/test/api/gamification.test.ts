import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityInternal } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startTestService, type TestService } from '@lp/testing';
import { GamificationModule } from '../../../gamification/src/app.module.js';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/** Gamification through the gateway: the route table maps its paths, the guards and the error shape hold. */
let stack: Stack;
let svc: TestService;
let closeBus: () => Promise<void>;
let learner: string;
let admin: string;
const PASSWORD = 'secret-pass-1';

beforeAll(async () => {
  stack = await startStack();
  svc = await startTestService(GamificationModule.create(stack.env), stack.env);
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
  await svc.stop();
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
    expect([ok.status, ok.body]).toEqual([200, { hide_from_leaderboards: false, time_zone: 'Europe/Berlin', time_zone_set: true }]);
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

  it('is reported on /api/health', async () => {
    const res = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
    expect(res.body.services.gamification).toMatchObject({ status: 'ok' });
  });
});
