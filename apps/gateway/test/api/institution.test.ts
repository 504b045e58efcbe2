import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityInternal, institutionRoutes, type AnyRoute, type Institution, type Member } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Institutions through the gateway with every service running: onboarding, the caller's
 * institution, the platform admin's verification, members by consent (invitations the invitee
 * accepts or declines, accounts made by identity on delivery, portals kept by identity from
 * institution's events, leaving), portal switching, and the
 * guards and error shape (401, 403, 404 for another tenant, 400 with the fields named).
 */
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };
type Auth = { token: string; user: { id: string; email: string } };
const PASSWORD = 'secret-pass-1';

let stack: Stack;
let bus: RpcClient;
let closeBus: () => Promise<void>;
let owner: Auth;
let rival: Auth;
let learner: Auth;
let admin: Auth;

const register = async (role: 'institution' | 'learner', tag: string): Promise<Auth> => {
  const res = await stack.api<Auth>('POST', '/auth/register', {
    body: { name: `Api ${tag}`, email: uniqueEmail(tag), password: PASSWORD, role },
  });
  expect(res.status).toBe(201);
  return res.body;
};

/** identity's portals are a read model fed by institution's events: they arrive a moment later */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let last: T = await read();
  for (let i = 0; i < 100 && !ok(last); i++) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

beforeAll(async () => {
  stack = await startStack();
  const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test' });
  bus = new RpcClient(nc, stack.env.BUS_PREFIX!);
  closeBus = () => nc.drain();
  [owner, rival, learner] = [
    await register('institution', 'owner'),
    await register('institution', 'rival'),
    await register('learner', 'student'),
  ];
  const email = uniqueEmail('inst-admin');
  await bus.request(
    identityInternal.ensureUser.subject,
    { email, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
    { requestId: 'api-test' },
  );
  const login = await stack.api<Auth>('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  admin = login.body;
}, 180_000);
afterAll(async () => {
  await closeBus?.();
  await stack?.stop();
}, 60_000);

describe('/api/institutions', () => {
  let mine: Institution;

  it('onboards, answers the caller its institution, and names the fields of bad input', async () => {
    expect((await stack.api('POST', '/institutions/onboard', { body: {} })).status).toBe(401);
    const bad = await stack.api<ErrorBody>('POST', '/institutions/onboard', {
      token: owner.token,
      body: { name: 'X', subdomain: 'a', contact_email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['contact_email', 'name', 'subdomain']);
    const made = await stack.api<Institution>('POST', '/institutions/onboard', {
      token: owner.token,
      body: { name: 'Api Academy', subdomain: `api-${Date.now().toString(36)}`, contact_email: 'office@api.test' },
    });
    expect([made.status, made.body.verification_status]).toEqual([201, 'pending']);
    mine = made.body;
    const me = await stack.api<Institution>('GET', '/institutions/me', { token: owner.token });
    expect([me.status, me.body.id]).toEqual([200, mine.id]);
    const none = await stack.api<ErrorBody>('GET', '/institutions/me', { token: rival.token });
    expect([none.status, none.body.code]).toEqual([404, 'NO_INSTITUTION']);
    const check = await stack.api('GET', `/institutions/check-subdomain?subdomain=${mine.subdomain}`, { token: rival.token });
    expect(check.body).toMatchObject({ available: false, taken_by: 'Api Academy' });
  });

  it("refuses a learner, and answers another tenant's admin as for an unknown id", async () => {
    const asLearner = await stack.api<ErrorBody>('GET', `/institutions/${mine.id}`, { token: learner.token });
    expect([asLearner.status, asLearner.body.code]).toEqual([403, 'FORBIDDEN']);
    const asRival = await stack.api<ErrorBody>('GET', `/institutions/${mine.id}/members`, { token: rival.token });
    expect([asRival.status, asRival.body]).toEqual([404, { detail: 'Institution not found', code: 'INSTITUTION_NOT_FOUND', errors: [] }]);
  });

  it('lets the platform admin verify it; only an admin may', async () => {
    const notAdmin = await stack.api<ErrorBody>('POST', `/admin/institutions/${mine.id}/verify`, {
      token: owner.token,
      body: { status: 'verified' },
    });
    expect(notAdmin.status).toBe(403);
    const listed = await stack.api<{ institutions: Institution[] }>('GET', '/admin/institutions?status=pending', { token: admin.token });
    expect(listed.body.institutions.map((i) => i.id)).toContain(mine.id);
    const done = await stack.api<Institution>('POST', `/admin/institutions/${mine.id}/verify`, {
      token: admin.token,
      body: { status: 'verified', notes: 'OK' },
    });
    expect([done.status, done.body.verification_status]).toEqual([200, 'verified']);
    const portal = await stack.api('GET', `/portals/by-subdomain?subdomain=${mine.subdomain}`);
    expect([portal.status, portal.body]).toEqual([200, expect.objectContaining({ institution_id: mine.id, name: 'Api Academy' })]);
  });

  it('invites rather than adds: the same 202 for any e-mail, the invitee accepts, and their portal then lets them switch in', async () => {
    type Invited = { status: string; email: string; member_type: string; message: string };
    const email = uniqueEmail('new-student');
    const made = await stack.api<Invited>('POST', `/institutions/${mine.id}/members`, {
      token: owner.token,
      body: { email, name: 'New Student', create_account: true, member_type: 'student' },
    });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await stack.api<Invited>('POST', `/institutions/${mine.id}/members`, {
      token: owner.token,
      body: { email: unknownEmail, create_account: false },
    });
    const existing = await stack.api<Invited>('POST', `/institutions/${mine.id}/members`, {
      token: owner.token,
      body: { email: learner.user.email, create_account: false },
    });
    for (const [res, to] of [
      [made, email],
      [unknown, unknownEmail],
      [existing, learner.user.email],
    ] as const) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'invited', email: to, member_type: 'student', message: made.body.message });
    }
    // no member yet: the invitations wait for their invitees
    const listed = await stack.api<{ members: Member[] }>('GET', `/institutions/${mine.id}/members?member_type=student`, {
      token: owner.token,
    });
    expect(listed.body.members).toEqual([]);
    // the new account got its invitation and its "Set a password" link (the worker's development mailbox)
    type Entry = { to: string; subject: string; text: string };
    const mails = await eventually(
      async () => (await stack.api<{ messages: Entry[] }>('GET', '/dev/mailbox')).body.messages.filter((m) => m.to === email),
      (m) => m.length >= 2,
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Api Academy invited you to join as a student',
      'Set a password for your learning platform account',
    ]);

    // the existing learner accepts as themself, from a second sign-in (the first stays out of the portal)
    const other = await stack.api<Auth>('POST', '/auth/login', { body: { email: learner.user.email, password: PASSWORD } });
    const invitations = await stack.api<{ invitations: { id: string; institution_id: string }[] }>('GET', '/institution-invitations', {
      token: other.body.token,
    });
    const inv = invitations.body.invitations.find((i) => i.institution_id === mine.id)!;
    const stranger = await stack.api<ErrorBody>('POST', `/institution-invitations/${inv.id}/accept`, { token: rival.token });
    expect([stranger.status, stranger.body.code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    const accepted = await stack.api<{ member_id: string; institution_id: string }>('POST', `/institution-invitations/${inv.id}/accept`, {
      token: other.body.token,
    });
    expect([accepted.status, accepted.body.institution_id]).toEqual([200, mine.id]);
    const portals = await eventually(
      () => stack.api<{ available_portals: { institution_id: string }[] }>('GET', '/auth/portal-context', { token: other.body.token }),
      (r) => r.body.available_portals.some((p) => p.institution_id === mine.id),
    );
    expect(portals.body.available_portals.map((p) => p.institution_id)).toContain(mine.id);
    const switched = await stack.api<{ access_token: string }>('POST', '/auth/switch-portal', {
      token: other.body.token,
      body: { target_institution_id: mine.id },
    });
    expect(switched.status).toBe(200);

    // removed: the portal goes, and the session scoped to the institution ends with it; the learner's other session lives on
    const removed = await stack.api('DELETE', `/institutions/${mine.id}/members/${accepted.body.member_id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    const ended = await eventually(
      () => stack.api('GET', '/auth/portal-context', { token: switched.body.access_token }),
      (r) => r.status === 401,
    );
    expect(ended.status).toBe(401);
    expect((await stack.api('GET', '/auth/me', { token: learner.token })).status).toBe(200);
    const relogin = await stack.api<Auth>('POST', '/auth/login', { body: { email: learner.user.email, password: PASSWORD } });
    const after = await stack.api<{ available_portals: { institution_id: string }[] }>('GET', '/auth/portal-context', {
      token: relogin.body.token,
    });
    expect(after.body.available_portals.map((p) => p.institution_id)).not.toContain(mine.id);
  });

  it('lets a member leave from their profile; the invitee declines', async () => {
    const person = await register('learner', 'leaver');
    await stack.api('POST', `/institutions/${mine.id}/members`, {
      token: owner.token,
      body: { email: person.user.email, create_account: false, member_type: 'faculty' },
    });
    const [inv] = (await stack.api<{ invitations: { id: string }[] }>('GET', '/institution-invitations', { token: person.token })).body
      .invitations;
    expect((await stack.api('POST', `/institution-invitations/${inv!.id}/accept`, { token: person.token })).status).toBe(200);
    const mineNow = await stack.api<{ memberships: { institution_id: string; member_type: string }[] }>('GET', '/institution-memberships', {
      token: person.token,
    });
    expect(mineNow.body.memberships).toEqual([expect.objectContaining({ institution_id: mine.id, member_type: 'faculty' })]);
    expect((await stack.api('DELETE', `/institution-memberships/${mine.id}`, { token: person.token })).status).toBe(200);
    expect(
      (await stack.api<{ memberships: unknown[] }>('GET', '/institution-memberships', { token: person.token })).body.memberships,
    ).toEqual([]);
    // invited again, and this time declined
    await stack.api('POST', `/institutions/${mine.id}/members`, {
      token: owner.token,
      body: { email: person.user.email, create_account: false },
    });
    const [again] = (await stack.api<{ invitations: { id: string }[] }>('GET', '/institution-invitations', { token: person.token })).body
      .invitations;
    expect((await stack.api('POST', `/institution-invitations/${again!.id}/decline`, { token: person.token })).status).toBe(200);
    const statuses = await stack.api<{ invitations: { email: string; status: string }[] }>('GET', `/institutions/${mine.id}/invitations`, {
      token: owner.token,
    });
    expect(
      statuses.body.invitations
        .filter((i) => i.email === person.user.email.toLowerCase())
        .map((i) => i.status)
        .sort(),
    ).toEqual(['accepted', 'declined']);
  });

  it('maps every institution and admin route: 401 without a token, 403 for a role the guard leaves out, and each read answers its owner', async () => {
    const fake = '00000000-0000-4000-8000-0000000000ff';
    // a learner of its own: the one above switched portals, which ended its first session
    const outsider = await register('learner', 'outsider');
    const routes = Object.entries(institutionRoutes) as [string, AnyRoute][];
    const pathOf = (r: AnyRoute) =>
      r.path.replace(/\{(\w+)\}/g, (_, p: string) => (p === 'id' ? mine.id : fake)) +
      (r.path.includes('check-subdomain') || r.path.includes('by-subdomain') ? `?subdomain=${mine.subdomain}` : '');
    const wrong: string[] = [];
    for (const [name, r] of routes) {
      const anonymous = await stack.api(r.method, pathOf(r), r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} });
      if (r.guard === 'public' ? anonymous.status === 401 : anonymous.status !== 401) wrong.push(`${name} anonymous ${anonymous.status}`);
      if (Array.isArray(r.guard) && !r.guard.includes('learner')) {
        const asLearner = await stack.api(r.method, pathOf(r), {
          token: outsider.token,
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }),
        });
        if (asLearner.status !== 403) wrong.push(`${name} learner ${asLearner.status}`);
      }
      if (r.method === 'GET' && !/\{(?!id\})\w+\}/.test(r.path) && !r.path.startsWith('/admin')) {
        const own = await stack.api(r.method, pathOf(r), { token: owner.token });
        if (own.status !== 200) wrong.push(`${name} owner ${own.status} ${JSON.stringify(own.body).slice(0, 120)}`);
      }
      if (r.method === 'GET' && r.path.startsWith('/admin')) {
        const asAdmin = await stack.api(r.method, pathOf(r), { token: admin.token });
        if (asAdmin.status !== 200) wrong.push(`${name} admin ${asAdmin.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is reported on /api/health', async () => {
    const res = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
    expect(res.body.services.institution).toMatchObject({ status: 'ok' });
  });
});
