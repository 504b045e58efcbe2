import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  BULK_IMPORT_BATCH_MAX,
  identityInternal,
  identityRoutes,
  institutionEvents,
  institutionInternal,
  JOBS,
  type Caller,
  type EmailJob,
} from '@lp/contracts';
import { Queue, type Job } from 'bullmq';
import { queuePrefix } from '@lp/service-kit';
import { connectBus, decode, encode, eventSubject, REPLY_HEADER, subjectFor } from '@lp/bus';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(60_000);

/**
 * Identity's side of institutions: accounts for new members, the portals read model fed by
 * institution's events (published straight onto the stream, as institution's outbox relay
 * would), and granting access, which identity hands to institution over the bus (played here
 * by a stand-in answering institution.member.grant).
 */
let h: IdentityHarness;
let nc: NatsConnection;
let js: JetStreamClient;
let grantStandIn: Subscription;
let emails: Queue;
const grants: Array<Record<string, unknown>> = [];
/** institutions whose stand-in refuses, as institution does outside the caller's hierarchy */
const refusing = new Set<string>();
/** e-mails the stand-in treats as members already */
const members = new Set<string>();

beforeAll(async () => {
  h = await IdentityHarness.start({ PUBLIC_URL: 'https://learn.example/' });
  emails = new Queue(JOBS.sendEmail.queue, {
    connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
    prefix: queuePrefix(h.env.BUS_PREFIX!),
  });
  nc = await connectBus({ url: h.env.NATS_URL!, prefix: h.env.BUS_PREFIX!, name: 'institution-stand-in' });
  js = jetstream(nc);
  grantStandIn = nc.subscribe(subjectFor(h.env.BUS_PREFIX!, institutionInternal.grantAccess.subject), {
    callback: (_err, m) => {
      const req = decode<Record<string, unknown>>(m.data);
      grants.push(req);
      const hdrs = natsHeaders();
      if (refusing.has(req['institution_id'] as string)) {
        hdrs.set(REPLY_HEADER, 'error');
        const error = { detail: 'You can only grant access within your own institution hierarchy', code: 'FORBIDDEN', errors: [] };
        m.respond(encode({ status: 403, error }), { headers: hdrs });
        return;
      }
      hdrs.set(REPLY_HEADER, 'ok');
      // institution updates a member of its own and invites anyone else
      m.respond(encode({ outcome: members.has(req['email'] as string) ? 'updated' : 'invited', institution_name: 'Stand-in Institute' }), {
        headers: hdrs,
      });
    },
  });
});
afterAll(async () => {
  await emails?.close();
  grantStandIn?.unsubscribe();
  await nc?.close();
  await h.stop();
});

// ------------------------------------------------------------------ institution's events

type Envelope = { id: string; name: string; occurred_at: string; payload: Record<string, unknown> };
const envelope = (name: string, payload: Record<string, unknown>): Envelope => ({
  id: randomUUID(),
  name,
  occurred_at: new Date().toISOString(),
  payload,
});

/** Published without a JetStream message id, so a repeat reaches identity and only its inbox can tell. */
async function deliver(...events: Envelope[]): Promise<void> {
  for (const e of events) await js.publish(eventSubject(h.env.BUS_PREFIX!, e.name), encode(e));
  for (const e of events) await applied(e.id);
}

async function applied(eventId: string): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if ((await h.svc.ds.query('SELECT 1 FROM inbox WHERE event_id = $1', [eventId])).length > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`event ${eventId} was not applied`);
}

let clock = Date.now();
/** Strictly increasing instants: the events of one member are ordered by them. */
const tick = (): string => new Date((clock += 1000)).toISOString();

function added(
  userId: string,
  institutionId: string,
  o: Partial<{
    name: string;
    subdomain: string | null;
    role: string;
    access: string;
    permissions: string[];
    suspended: boolean;
    at: string;
  }> = {},
): Envelope {
  return envelope(institutionEvents.memberAdded.name, {
    v: 1,
    member_id: randomUUID(),
    institution_id: institutionId,
    institution_name: o.name ?? 'Acme Academy',
    subdomain: o.subdomain === undefined ? 'acme' : o.subdomain,
    user_id: userId,
    member_type: 'student',
    portal_role: o.role ?? 'learner',
    access_level: o.access ?? 'standard',
    permissions: o.permissions ?? [],
    is_suspended: o.suspended ?? false,
    changed_at: o.at ?? tick(),
  });
}

const removed = (userId: string, institutionId: string, at = tick()): Envelope =>
  envelope(institutionEvents.memberRemoved.name, {
    v: 1,
    member_id: randomUUID(),
    institution_id: institutionId,
    user_id: userId,
    removed_at: at,
  });

function institutionEvent(
  name: string,
  institutionId: string,
  title: string,
  subdomain: string | null,
  extra: Record<string, unknown>,
): Envelope {
  return envelope(name, {
    v: 1,
    institution_id: institutionId,
    name: title,
    subdomain,
    parent_institution_id: null,
    path_ids: [institutionId],
    level_type: 'corporation',
    verification_status: 'verified',
    ...extra,
  });
}

const portals = async (caller: Caller) => (await h.call(identityRoutes.portalContext, {}, caller)).available_portals;

// ------------------------------------------------------------------ accounts for members

describe('identityInternal.ensureMemberAccounts', () => {
  it('finds existing accounts whatever the case of the e-mail and makes none when create is false', async () => {
    const known = await h.register({ name: 'Known Person' });
    const unknown = uniqueEmail();
    const r = await h.internal(identityInternal.ensureMemberAccounts, {
      people: [
        { email: unknown, name: 'Nobody Yet' },
        { email: known.email.toUpperCase(), name: 'Another Name' },
      ],
      create: false,
    });
    expect(r.accounts).toEqual([
      { email: unknown, user: null },
      { email: known.email, user: { id: known.userId, name: 'Known Person', email: known.email, role: 'learner', created: false } },
    ]);
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM users WHERE lower(email) = $1', [unknown]);
    expect(count).toBe(0);
  });

  it('makes a learner without a password for an unknown e-mail, announced like any registration', async () => {
    const named = uniqueEmail();
    const unnamed = uniqueEmail();
    const r = await h.internal(identityInternal.ensureMemberAccounts, {
      people: [
        { email: named, name: 'Selam Bekele' },
        { email: unnamed, name: null },
      ],
      create: true,
    });
    const [a, b] = r.accounts;
    expect(a).toEqual({
      email: named,
      user: { id: expect.any(String), name: 'Selam Bekele', email: named, role: 'learner', created: true },
    });
    expect(b?.user).toMatchObject({ name: unnamed.split('@')[0], email: unnamed, role: 'learner', created: true });
    const [row] = await h.svc.ds.query('SELECT password_hash, status FROM users WHERE id = $1', [a!.user!.id]);
    expect(row).toEqual({ password_hash: null, status: 'active' });
    // no password opens it: its holder signs in with Google under that e-mail, or sets one later
    await expectAppError(h.login(named, 'anything-at-all'), 401, 'INVALID_CREDENTIALS');
    const [event] = await h.outbox('identity.user.registered', a!.user!.id);
    expect(event?.payload).toMatchObject({ v: 1, user_id: a!.user!.id, name: 'Selam Bekele', email: named, role: 'learner' });
  });

  it('is idempotent: one account per e-mail, within a batch, across calls and across concurrent batches', async () => {
    const email = uniqueEmail();
    const first = await h.internal(identityInternal.ensureMemberAccounts, {
      people: [
        { email, name: 'Twice Listed' },
        { email: email.toUpperCase(), name: 'Twice Listed' },
      ],
      create: true,
    });
    const [one, two] = first.accounts;
    expect(one?.user?.created).toBe(true);
    expect(two?.user).toMatchObject({ id: one!.user!.id, created: false });
    const again = await h.internal(identityInternal.ensureMemberAccounts, { people: [{ email, name: 'Other' }], create: true });
    expect(again.accounts[0]?.user).toMatchObject({ id: one!.user!.id, name: 'Twice Listed', created: false });

    const raced = uniqueEmail();
    const people = [uniqueEmail(), raced, uniqueEmail()].map((e) => ({ email: e, name: null }));
    const results = await Promise.all([1, 2, 3, 4].map(() => h.internal(identityInternal.ensureMemberAccounts, { people, create: true })));
    const ids = new Set(results.map((r) => r.accounts[1]!.user!.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.accounts[1]!.user!.created)).toHaveLength(1);
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM users WHERE lower(email) = $1', [raced]);
    expect(count).toBe(1);
    expect(await h.outbox('identity.user.registered', [...ids][0])).toHaveLength(1);
  });

  it("answers the accounts an origin made as made by it again (an import attempt run again), and no one else's", async () => {
    const known = await h.register({ name: 'Already Here' });
    const fresh = uniqueEmail();
    const origin = `bulk-import:${randomUUID()}`;
    const people = [
      { email: fresh, name: 'Made Once' },
      { email: known.email, name: 'Already Here' },
    ];
    const first = await h.internal(identityInternal.ensureMemberAccounts, { people, create: true, origin });
    expect(first.accounts.map((a) => a.user?.created)).toEqual([true, false]);
    // the same import's batch again, after its first attempt failed further on
    const retried = await h.internal(identityInternal.ensureMemberAccounts, { people, create: true, origin });
    expect(retried.accounts.map((a) => [a.user?.id, a.user?.created])).toEqual([
      [first.accounts[0]!.user!.id, true],
      [known.userId, false],
    ]);
    // another import, or a caller naming no origin, finds an existing account
    const other = await h.internal(identityInternal.ensureMemberAccounts, { people, create: true, origin: `bulk-import:${randomUUID()}` });
    expect(other.accounts.map((a) => a.user?.created)).toEqual([false, false]);
    const plain = await h.internal(identityInternal.ensureMemberAccounts, { people, create: true });
    expect(plain.accounts.map((a) => a.user?.created)).toEqual([false, false]);
    expect(await h.outbox('identity.user.registered', first.accounts[0]!.user!.id)).toHaveLength(1);
  });

  it('answers no user for an account being deleted, and answers in request order', async () => {
    const leaving = await h.register();
    await h.call(identityRoutes.deleteAccount, {}, leaving.caller);
    const staying = await h.register();
    const fresh = uniqueEmail();
    const r = await h.internal(identityInternal.ensureMemberAccounts, {
      people: [
        { email: staying.email, name: null },
        { email: leaving.email, name: null },
        { email: fresh, name: null },
      ],
      create: true,
    });
    expect(r.accounts.map((a) => [a.email, a.user?.id ?? null])).toEqual([
      [staying.email, staying.userId],
      [leaving.email, null],
      [fresh, expect.any(String)],
    ]);
  });

  it('makes a whole batch at once, one event each, and stays one account per e-mail when its owner registers meanwhile', async () => {
    const people = Array.from({ length: BULK_IMPORT_BATCH_MAX }, () => ({ email: uniqueEmail(), name: null }));
    const registering = people[7]!.email;
    // the owner's registration is in flight (its row written, not committed) while the batch runs
    const owner = h.svc.ds.createQueryRunner();
    await owner.connect();
    await owner.startTransaction();
    const [{ id: ownerId }] = await owner.query(`INSERT INTO users (name, email, role) VALUES ('The Owner', $1, 'learner') RETURNING id`, [
      registering,
    ]);
    const batch = h.internal(identityInternal.ensureMemberAccounts, { people, create: true });
    await new Promise((r) => setTimeout(r, 300));
    await owner.commitTransaction();
    await owner.release();
    const r = await batch;
    expect(r.accounts).toHaveLength(BULK_IMPORT_BATCH_MAX);
    expect(r.accounts[7]!.user).toMatchObject({ id: ownerId, name: 'The Owner', created: false });
    const made = r.accounts.filter((a) => a.user?.created);
    expect(made).toHaveLength(BULK_IMPORT_BATCH_MAX - 1);
    const [{ count }] = await h.svc.ds.query(
      `SELECT count(*)::int AS count FROM outbox WHERE name = 'identity.user.registered' AND payload->>'user_id' = ANY ($1::text[])`,
      [made.map((a) => a.user!.id)],
    );
    expect(count).toBe(BULK_IMPORT_BATCH_MAX - 1);
  });

  it('takes at most BULK_IMPORT_BATCH_MAX people', async () => {
    const people = Array.from({ length: BULK_IMPORT_BATCH_MAX + 1 }, () => ({ email: uniqueEmail(), name: null }));
    await expectAppError(h.internal(identityInternal.ensureMemberAccounts, { people, create: true }), 400, 'VALIDATION_FAILED');
  });
});

// ------------------------------------------------------------------ the portals read model

describe("institution's events keep the portals", () => {
  it('a member added gets a portal (the first one primary), which they can switch to', async () => {
    const u = await h.register();
    const alpha = randomUUID();
    const beta = randomUUID();
    await deliver(added(u.userId, alpha, { name: 'Alpha College', role: 'instructor', access: 'readonly', permissions: ['view_courses'] }));
    await deliver(added(u.userId, beta, { name: 'Beta School', subdomain: null }));
    // a token scoped to no institution counts the primary portal as the current one
    expect(await portals(u.caller)).toEqual([
      { institution_id: alpha, name: 'Alpha College', subdomain: 'acme', role: 'instructor', is_primary: true, is_current: true },
      { institution_id: beta, name: 'Beta School', subdomain: null, role: 'learner', is_primary: false, is_current: false },
    ]);
    const [row] = await h.svc.ds.query(
      'SELECT access_level, permissions FROM portal_memberships WHERE institution_id = $1 AND user_id = $2',
      [alpha, u.userId],
    );
    expect(row).toEqual({ access_level: 'readonly', permissions: ['view_courses'] });
    const switched = await h.call(identityRoutes.switchPortal, { body: { target_institution_id: beta } }, u.caller);
    expect(switched.institution).toEqual({ id: beta, name: 'Beta School', subdomain: null });
    expect(h.callerOf(switched.access_token).institutionId).toBe(beta);
  });

  it('a role change updates the portal in place; a suspended member has none until the suspension is lifted', async () => {
    const u = await h.register();
    const inst = randomUUID();
    await deliver(added(u.userId, inst, { role: 'learner' }));
    await deliver(added(u.userId, inst, { role: 'mentor', access: 'admin' }));
    expect((await portals(u.caller)).map((p) => [p.role, p.is_primary])).toEqual([['mentor', true]]);
    const inPortal = await h.call(identityRoutes.switchPortal, { body: { target_institution_id: inst } }, u.caller);

    await deliver(added(u.userId, inst, { role: 'mentor', suspended: true }));
    expect(await portals(u.caller)).toEqual([]);
    // the session scoped to the portal ends with it (its refresh would keep the institution)
    expect(await h.isRevoked(inPortal.access_token)).toBe(true);
    const [session] = await h.svc.ds.query('SELECT revoked_at FROM sessions WHERE id = $1', [h.callerOf(inPortal.access_token).sessionId]);
    expect(session.revoked_at).not.toBeNull();
    await expectAppError(h.call(identityRoutes.switchPortal, { body: { target_institution_id: inst } }, u.caller), 403, 'NO_PORTAL_ACCESS');
    expect((await h.call(identityRoutes.me, {}, u.caller)).available_portals).toEqual([]);

    await deliver(added(u.userId, inst, { role: 'mentor', suspended: false }));
    expect((await portals(u.caller)).map((p) => [p.institution_id, p.is_primary])).toEqual([[inst, true]]);
  });

  it('a member removed loses the portal; when it was the primary one, the oldest other portal becomes primary', async () => {
    const u = await h.register();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(added(u.userId, first, { name: 'First' }));
    await deliver(added(u.userId, second, { name: 'Second' }));
    await deliver(added(u.userId, third, { name: 'A Third' }));
    await deliver(removed(u.userId, first));
    expect((await portals(u.caller)).map((p) => [p.name, p.is_primary])).toEqual([
      ['Second', true],
      ['A Third', false],
    ]);
    await expectAppError(
      h.call(identityRoutes.switchPortal, { body: { target_institution_id: first } }, u.caller),
      403,
      'NO_PORTAL_ACCESS',
    );
    await deliver(removed(u.userId, third));
    expect((await portals(u.caller)).map((p) => [p.name, p.is_primary])).toEqual([['Second', true]]);
  });

  it("a renamed institution shows its new name and subdomain on every member's portal", async () => {
    const [a, b, other] = [await h.register(), await h.register(), await h.register()];
    const inst = randomUUID();
    const elsewhere = randomUUID();
    await deliver(
      added(a.userId, inst, { name: 'Old Name', subdomain: 'old' }),
      added(b.userId, inst, { name: 'Old Name', subdomain: 'old' }),
    );
    await deliver(added(other.userId, elsewhere, { name: 'Untouched', subdomain: 'old' }));
    const at = new Date().toISOString();
    await deliver(institutionEvent(institutionEvents.updated.name, inst, 'New Name', 'new', { updated_at: at }));
    for (const u of [a, b]) expect((await portals(u.caller)).map((p) => [p.name, p.subdomain])).toEqual([['New Name', 'new']]);
    expect((await portals(other.caller)).map((p) => [p.name, p.subdomain])).toEqual([['Untouched', 'old']]);

    await deliver(
      institutionEvent(institutionEvents.verified.name, inst, 'Verified Name', 'new', {
        notes: null,
        verified_by: randomUUID(),
        verified_at: at,
      }),
    );
    expect((await portals(a.caller)).map((p) => p.name)).toEqual(['Verified Name']);
    // created names the institution before anyone is a member: nothing to change, nothing fails
    await deliver(
      institutionEvent(institutionEvents.created.name, randomUUID(), 'Brand New', null, { created_by: randomUUID(), created_at: at }),
    );
  });

  it('applies an event once however often it is delivered, and a stale one not at all', async () => {
    const u = await h.register();
    const inst = randomUUID();
    const other = randomUUID();
    const join = added(u.userId, inst, { name: 'Once' });
    await deliver(join, join);
    await deliver(added(u.userId, other, { name: 'Other' }));
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM inbox WHERE event_id = $1', [join.id]);
    expect(count).toBe(1);

    // removed, then added back: the removal delivered again changes nothing
    const leave = removed(u.userId, inst);
    await deliver(leave);
    await deliver(added(u.userId, inst, { name: 'Once' }));
    await deliver(leave);
    // the removals' consumer handles in order: once this one is applied, the repeat before it was seen
    await deliver(removed(randomUUID(), randomUUID()));
    expect((await portals(u.caller)).map((p) => p.name).sort()).toEqual(['Once', 'Other']);

    // a removal handled before the addition it undoes (separate consumers): the late addition is stale
    const late = randomUUID();
    const joinedAt = tick();
    await deliver(removed(u.userId, late, tick()));
    await deliver(added(u.userId, late, { name: 'Late', at: joinedAt }));
    expect((await portals(u.caller)).map((p) => p.name)).not.toContain('Late');
  });
});

// ------------------------------------------------------------------ granting access goes to institution

describe('grant subsidiary access', () => {
  it('asks institution to grant by e-mail, with the caller as granter: a member is updated, anyone else invited', async () => {
    const owner = await h.register({ role: 'institution' });
    const target = await h.register();
    members.add(target.email);
    const inst = randomUUID();
    const body = {
      institution_id: inst,
      user_email: target.email.toUpperCase(),
      role: 'instructor' as const,
      access_level: 'readonly' as const,
      permissions: ['view_courses'],
    };
    await expect(h.call(identityRoutes.grantSubsidiaryAccess, { body }, owner.caller)).resolves.toEqual({
      message: `Access granted to ${target.email}`,
    });
    expect(grants.find((g) => g['institution_id'] === inst)).toEqual({
      granted_by: owner.userId,
      institution_id: inst,
      email: target.email,
      portal_role: 'instructor',
      access_level: 'readonly',
      permissions: ['view_courses'],
    });
    // nothing is written here: the portal comes with institution's member event
    expect(await portals(target.caller)).toEqual([]);
  });

  it("passes institution's refusal on unchanged", async () => {
    const owner = await h.register({ role: 'institution' });
    const target = await h.register();
    const inst = randomUUID();
    refusing.add(inst);
    const r = h.call(
      identityRoutes.grantSubsidiaryAccess,
      { body: { institution_id: inst, user_email: target.email, role: 'learner' } },
      owner.caller,
    );
    await expect(r).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      detail: 'You can only grant access within your own institution hierarchy',
    });
  });

  it('answers an account and an unknown e-mail alike (no account-existence oracle): both are invited', async () => {
    const owner = await h.register({ role: 'institution' });
    const someone = await h.register();
    const inst = randomUUID();
    const grant = (email: string) =>
      h.call(identityRoutes.grantSubsidiaryAccess, { body: { institution_id: inst, user_email: email, role: 'learner' } }, owner.caller);
    const unknown = uniqueEmail();
    expect(await grant(someone.email)).toEqual({
      message: `${someone.email} is invited: the access applies once they accept the invitation`,
    });
    expect(await grant(unknown)).toEqual({ message: `${unknown} is invited: the access applies once they accept the invitation` });
  });

  it('stays refused to callers outside an institution portal (the route guard)', async () => {
    const staff = await h.register({ role: 'instructor' });
    const target = await h.register();
    await expectAppError(
      h.call(
        identityRoutes.grantSubsidiaryAccess,
        { body: { institution_id: randomUUID(), user_email: target.email, role: 'learner' } },
        staff.caller,
      ),
      403,
      'FORBIDDEN',
    );
  });
});

// ------------------------------------------------------------------ membership by consent (issue 24, item 3)

const ALL_STATES = ['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized'] as const;
const mailsTo = async (to: string): Promise<Job<EmailJob>[]> =>
  ((await emails.getJobs([...ALL_STATES])) as Job<EmailJob>[]).filter((j) => j.data.to === to).sort((a, b) => a.timestamp - b.timestamp);

const invitationSent = (email: string, o: Partial<{ create: boolean; sending: number; id: string; name: string | null }> = {}): Envelope =>
  envelope(institutionEvents.invitationSent.name, {
    v: 1,
    invitation_id: o.id ?? randomUUID(),
    institution_id: randomUUID(),
    institution_name: 'Consent College',
    email,
    name: o.name === undefined ? 'Invited Person' : o.name,
    member_type: 'student',
    create_account: o.create ?? false,
    invited_by_name: 'Dean Admin',
    expires_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    sending: o.sending ?? 1,
  });

describe('institution.invitation.sent', () => {
  it('e-mails an existing account its invitation (a link to /profile) and makes nothing, even with create_account', async () => {
    const u = await h.register();
    const e = invitationSent(u.email, { create: true });
    await deliver(e);
    const mails = await mailsTo(u.email);
    expect(mails.map((m) => m.data.kind)).toEqual(['institution.invitation']);
    expect(mails[0]!.data.text).toContain(`https://learn.example/profile?invitation=${e.payload['invitation_id'] as string}`);
    expect(mails[0]!.data.subject).toBe('Consent College invited you to join as a student');
    expect(await portals(u.caller)).toEqual([]);
    // a replayed event (another delivery of the same sending) sends nothing more
    await deliver({ ...e, id: randomUUID() });
    expect(await mailsTo(u.email)).toHaveLength(1);
  });

  it('with create_account and no account: makes the account (no portal) and sends its "Set a password" link', async () => {
    const email = uniqueEmail();
    await deliver(invitationSent(email, { create: true, name: 'Fresh Face' }));
    const [made] = await h.svc.ds.query('SELECT id, name, role, password_hash FROM users WHERE email = $1', [email]);
    expect(made).toMatchObject({ name: 'Fresh Face', role: 'learner', password_hash: null });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.data.kind).sort()).toEqual(['identity.password-set', 'institution.invitation']);
    expect(mails.find((m) => m.data.kind === 'identity.password-set')!.data.text).toMatch(
      /https:\/\/learn\.example\/reset-password\?token=\S+/,
    );
    expect(await h.svc.ds.query('SELECT 1 FROM portal_memberships WHERE user_id = $1', [made.id])).toEqual([]);
  });

  it('without create_account an unknown e-mail gets the invitation only (it waits for a registration)', async () => {
    const email = uniqueEmail();
    await deliver(invitationSent(email, { create: false }));
    expect(await h.svc.ds.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.data.kind)).toEqual(['institution.invitation']);
  });

  it("answers institution a person's account e-mail (its read model may not know them yet)", async () => {
    const u = await h.register();
    const reply = await nc.request(subjectFor(h.env.BUS_PREFIX!, identityInternal.accountEmail.subject), encode({ user_id: u.userId }));
    expect(decode(reply.data)).toEqual({ email: u.email });
  });
});

describe("suspending or removing a member ends only that portal's sessions", () => {
  it("keeps the user's sessions outside the portal alive", async () => {
    const u = await h.register();
    const inst = randomUUID();
    const other = randomUUID();
    await deliver(added(u.userId, inst, { name: 'Leaving College' }));
    await deliver(added(u.userId, other, { name: 'Staying School' }));
    // one session in the portal (a switch), one signed in to the primary portal (also the first), one in the other portal
    const signedIn = await h.login(u.email, u.password);
    const inPortal = await h.call(
      identityRoutes.switchPortal,
      { body: { target_institution_id: inst } },
      h.callerOf(await h.login(u.email, u.password)),
    );
    const inOther = await h.call(
      identityRoutes.switchPortal,
      { body: { target_institution_id: other } },
      h.callerOf(await h.login(u.email, u.password)),
    );
    expect(h.callerOf(signedIn).institutionId).toBe(inst);
    await deliver(added(u.userId, inst, { name: 'Leaving College', suspended: true }));
    expect(await h.isRevoked(inPortal.access_token)).toBe(true);
    expect(await h.isRevoked(signedIn)).toBe(true);
    expect(await h.isRevoked(inOther.access_token)).toBe(false);
    expect(await h.isRevoked(u.token)).toBe(false);
    await deliver(removed(u.userId, other));
    expect(await h.isRevoked(inOther.access_token)).toBe(true);
    expect(await h.isRevoked(u.token)).toBe(false);
    expect((await h.call(identityRoutes.me, {}, u.caller)).id).toBe(u.userId);
  });
});
