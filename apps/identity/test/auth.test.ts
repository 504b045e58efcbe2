import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startTestService } from '@lp/testing';
import { identityRoutes } from '@lp/contracts';
import { ACCESS_TOKEN_TTL_SECONDS } from '@lp/auth';
import { IdentityModule } from '../src/app.module.js';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start();
});
afterAll(async () => {
  await h.stop();
});

describe('register', () => {
  it('creates the account, signs it in and writes identity.user.registered', async () => {
    const email = uniqueEmail();
    const { token, user } = await h.call(identityRoutes.register, {
      body: { name: '  Ada Lovelace ', email: email.toUpperCase(), password: 'secret-pass-1', role: 'instructor', ref: 'FRIEND1' },
    });
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email,
      phone: null,
      role: 'instructor',
      institution: null,
      available_portals: [],
      two_factor_enabled: false,
    });
    expect(user.notification_settings).toEqual({ email: true, studyReminders: true, assignmentDeadlines: true });
    const caller = h.callerOf(token);
    expect(caller).toEqual({ userId: user.id, role: 'instructor', sessionId: expect.any(String), institutionId: null });
    const [session] = await h.svc.ds.query('SELECT user_id, revoked_at, expires_at FROM sessions WHERE id = $1', [caller.sessionId]);
    expect(session).toMatchObject({ user_id: user.id, revoked_at: null });
    const events = await h.outbox('identity.user.registered', user.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      v: 1,
      user_id: user.id,
      name: 'Ada Lovelace',
      email,
      phone: null,
      role: 'instructor',
      ref: 'FRIEND1',
      created_at: user.created_at,
    });
    expect(events[0]!.request_id).toMatch(/^test-/);
  });

  it('stores an argon2id hash, never the password', async () => {
    const r = await h.register({ password: 'plain-text-pw' });
    const [row] = await h.svc.ds.query('SELECT password_hash FROM users WHERE id = $1', [r.userId]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('plain-text-pw');
  });

  it('answers 409 EMAIL_TAKEN for a known e-mail in any letter case, and writes no second event', async () => {
    const r = await h.register();
    const err = await expectAppError(
      h.call(identityRoutes.register, { body: { name: 'Again', email: r.email.toUpperCase(), password: 'another-pw', role: 'learner' } }),
      409,
      'EMAIL_TAKEN',
    );
    expect(err.errors).toEqual([{ path: 'email', message: expect.any(String) }]);
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM users WHERE lower(email) = $1', [r.email]);
    expect(count).toBe(1);
  });

  it('lets only one of two simultaneous registrations of one e-mail win', async () => {
    const email = uniqueEmail();
    const attempt = () => h.call(identityRoutes.register, { body: { name: 'Racer', email, password: 'secret-pass-1', role: 'learner' } });
    const results = await Promise.allSettled([attempt(), attempt(), attempt()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, code: 'EMAIL_TAKEN' });
  });

  it('never lets anyone self-register as admin (400)', async () => {
    const err = await expectAppError(
      h.call(identityRoutes.register, {
        body: { name: 'Mallory', email: uniqueEmail(), password: 'secret-pass-1', role: 'admin' as never },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.errors.map((e) => e.path)).toContain('role');
    const [{ count }] = await h.svc.ds.query("SELECT count(*)::int AS count FROM users WHERE role = 'admin'");
    expect(count).toBe(0);
  });

  it('validates the body (400 with field paths)', async () => {
    const err = await expectAppError(
      h.call(identityRoutes.register, { body: { name: '', email: 'not-an-email', password: '123', role: 'learner' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.errors.map((e) => e.path).sort()).toEqual(['email', 'name', 'password']);
  });

  it('asks for the code when a phone is given without one', async () => {
    const err = await expectAppError(
      h.call(identityRoutes.register, {
        body: { name: 'P', email: uniqueEmail(), password: 'secret-pass-1', role: 'learner', phone: '+251911000001' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.errors).toEqual([{ path: 'otp', message: expect.any(String) }]);
  });
});

describe('login', () => {
  it('signs in with the right password, in any e-mail case', async () => {
    const r = await h.register();
    const { token, user } = await h.call(identityRoutes.login, { body: { email: r.email.toUpperCase(), password: r.password } });
    expect(user.id).toBe(r.userId);
    expect(h.callerOf(token).sessionId).not.toBe(r.caller.sessionId);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and for an unknown e-mail alike', async () => {
    const r = await h.register();
    const a = await expectAppError(
      h.call(identityRoutes.login, { body: { email: r.email, password: 'wrong-password' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    const b = await expectAppError(
      h.call(identityRoutes.login, { body: { email: uniqueEmail(), password: 'whatever' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect(a.detail).toBe(b.detail);
  });

  it('cross-portal-login answers access_token, user, institution and available_portals', async () => {
    const r = await h.register();
    const out = await h.call(identityRoutes.crossPortalLogin, { body: { email: r.email, password: r.password } });
    expect(out).toMatchObject({ user: { id: r.userId }, institution: null, available_portals: [] });
    expect(h.callerOf(out.access_token).userId).toBe(r.userId);
    await expectAppError(
      h.call(identityRoutes.crossPortalLogin, { body: { email: r.email, password: 'nope-nope' } }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});

describe('me and logout', () => {
  it('me answers the caller; without a caller it is 401', async () => {
    const r = await h.register({ name: 'Grace' });
    const me = await h.call(identityRoutes.me, {}, r.caller);
    expect(me).toMatchObject({ id: r.userId, name: 'Grace', email: r.email, role: 'learner' });
    await expectAppError(h.call(identityRoutes.me, {}, null), 401, 'UNAUTHENTICATED');
  });

  it('logout revokes the session in the database and in Redis, and nothing else', async () => {
    const r = await h.register();
    const other = await h.login(r.email, r.password);
    expect(await h.isRevoked(r.token)).toBe(false);
    await expect(h.call(identityRoutes.logout, {}, r.caller)).resolves.toEqual({ message: expect.any(String) });
    expect(await h.isRevoked(r.token)).toBe(true);
    expect(await h.isRevoked(other)).toBe(false);
    const [row] = await h.svc.ds.query('SELECT revoked_at FROM sessions WHERE id = $1', [r.caller.sessionId]);
    expect(row.revoked_at).not.toBeNull();
    const ttl = await h.redis.ttl(h.revocation.keys.session(r.caller.sessionId));
    // as long as an access token of the session could still be about, and no longer
    expect(ttl).toBeGreaterThan(ACCESS_TOKEN_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS);
    // a second logout is harmless
    await expect(h.call(identityRoutes.logout, {}, r.caller)).resolves.toEqual({ message: expect.any(String) });
  });

  it('re-warms Redis from the database when the service starts', async () => {
    const r = await h.register();
    await h.call(identityRoutes.logout, {}, r.caller);
    await h.redis.del(h.revocation.keys.session(r.caller.sessionId));
    expect(await h.isRevoked(r.token)).toBe(false);
    // a second replica booting on the same database and Redis
    const replica = await startTestService(IdentityModule.create(h.env), h.env);
    await replica.app.close();
    expect(await h.isRevoked(r.token)).toBe(true);
  });
});

describe('external sign-in (development provider)', () => {
  it('creates the account on first sign-in with the chosen role, then signs the same account in', async () => {
    const email = uniqueEmail();
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email, name: 'Gina Google' } });
    const first = await h.call(identityRoutes.sessionExchange, { body: { session_id, role: 'mentor', ref: 'FRIEND3' } });
    expect(first.user).toMatchObject({ email, name: 'Gina Google', role: 'mentor' });
    expect(h.callerOf(first.session_token).userId).toBe(first.user.id);
    const registered = await h.outbox('identity.user.registered', first.user.id);
    // the referral code of the ?ref= link travels on to gamification
    expect(registered.map((e) => e.payload.ref)).toEqual(['FRIEND3']);

    const again = await h.call(identityRoutes.devProviderSession, { body: { email, name: 'Gina Google' } });
    const second = await h.call(identityRoutes.sessionExchange, { body: { session_id: again.session_id, role: 'learner' } });
    expect(second.user).toMatchObject({ id: first.user.id, role: 'mentor' });
    expect(await h.outbox('identity.user.registered', first.user.id)).toHaveLength(1);
  });

  it('signs an existing e-mail account in, and defaults new accounts to learner', async () => {
    const r = await h.register();
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email: r.email, name: 'X' } });
    expect((await h.call(identityRoutes.sessionExchange, { body: { session_id } })).user.id).toBe(r.userId);
    const fresh = await h.call(identityRoutes.devProviderSession, { body: { email: uniqueEmail(), name: 'New' } });
    expect((await h.call(identityRoutes.sessionExchange, { body: { session_id: fresh.session_id } })).user.role).toBe('learner');
  });

  it('uses a session once; unknown sessions are 401 INVALID_SESSION', async () => {
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email: uniqueEmail(), name: 'Once' } });
    await h.call(identityRoutes.sessionExchange, { body: { session_id } });
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id } }), 401, 'INVALID_SESSION');
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id: 'made-up' } }), 401, 'INVALID_SESSION');
  });

  it('keeps a session for 10 minutes only', async () => {
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email: uniqueEmail(), name: 'Ttl' } });
    const keys = await h.redis.keys(`${h.env.BUS_PREFIX}identity:external-session:${session_id}`);
    expect(keys).toHaveLength(1);
    const ttl = await h.redis.ttl(keys[0]!);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});
