import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as OTPAuth from 'otpauth';
import { identityInternal, type User } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { startStack, uniqueEmail, type Stack } from './harness.js';
import { SmsProvider } from '../../../identity/src/modules/phone/sms.provider.js';
import type { DevSmsProvider } from '../../../identity/src/modules/phone/dev-sms.provider.js';

type Auth = { token: string; user: User };
const PASSWORD = 'secret-pass-1';

describe('identity through the gateway', () => {
  let stack: Stack;
  let bus: RpcClient;
  let closeBus: () => Promise<void>;
  let sms: DevSmsProvider;

  const register = async (role = 'learner', email = uniqueEmail(role)): Promise<Auth & { email: string }> => {
    const res = await stack.api<Auth>('POST', '/auth/register', { body: { name: `Test ${role}`, email, password: PASSWORD, role } });
    expect(res.status).toBe(201);
    return { ...res.body, email };
  };
  const login = (email: string, password = PASSWORD, extra: Record<string, unknown> = {}) =>
    stack.api<Auth>('POST', '/auth/login', { body: { email, password, ...extra } });
  let phoneCounter = 0;
  const newPhone = () => `+2519${String(Date.now()).slice(-6)}${String(phoneCounter++).padStart(2, '0')}`;

  beforeAll(async () => {
    stack = await startStack();
    const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test' });
    bus = new RpcClient(nc, stack.env.BUS_PREFIX!);
    closeBus = () => nc.drain();
    sms = stack.identity.app.get(SmsProvider) as DevSmsProvider;
  }, 60_000);
  afterAll(async () => {
    await closeBus();
    await stack.stop();
  }, 60_000);

  describe('registration and sign-in', () => {
    it('registers each self-service role and answers token and user', async () => {
      for (const role of ['learner', 'instructor', 'mentor', 'institution']) {
        const { token, user, email } = await register(role);
        expect(token.split('.')).toHaveLength(3);
        expect(user).toMatchObject({
          email,
          role,
          name: `Test ${role}`,
          institution: null,
          available_portals: [],
          two_factor_enabled: false,
        });
        expect(user.notification_settings).toEqual({ email: true, studyReminders: true, assignmentDeadlines: true });
        expect(JSON.stringify(user)).not.toMatch(/password/i);
      }
    });

    it('never lets admin self-register', async () => {
      const res = await stack.api('POST', '/auth/register', {
        body: { name: 'Eve', email: uniqueEmail(), password: PASSWORD, role: 'admin' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'role' }] });
    });

    it('answers 409 for an e-mail already taken, whatever its case', async () => {
      const { email } = await register();
      const res = await stack.api('POST', '/auth/register', {
        body: { name: 'Twin', email: email.toUpperCase(), password: PASSWORD, role: 'mentor' },
      });
      expect(res.status).toBe(409);
      expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
    });

    it('answers 400 for missing and wrong-typed fields', async () => {
      const missing = await stack.api('POST', '/auth/register', { body: {} });
      expect(missing.status).toBe(400);
      const wrong = await stack.api('POST', '/auth/register', { body: { name: 42, email: ['x'], password: true, role: 7 } });
      expect(wrong.status).toBe(400);
      expect((wrong.body as { errors: unknown[] }).errors).toHaveLength(4);
      const short = await stack.api('POST', '/auth/register', {
        body: { name: 'A', email: uniqueEmail(), password: '123', role: 'learner' },
      });
      expect(short.body).toMatchObject({ errors: [{ path: 'password' }] });
    });

    it('signs in with the right password only', async () => {
      const { email, user } = await register();
      const ok = await login(email);
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBe(user.id);
      const bad = await login(email, 'wrong-password');
      expect(bad.status).toBe(401);
      const unknown = await login(uniqueEmail('nobody'));
      expect(unknown.status).toBe(401);
      expect(bad.body).toMatchObject({ detail: (unknown.body as unknown as { detail: string }).detail });
    });

    it('answers cross-portal login with access_token, institution and portals', async () => {
      const { email } = await register('institution');
      const res = await stack.api('POST', '/auth/cross-portal-login', { body: { email, password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ institution: null, available_portals: [] });
      expect(typeof res.body.access_token).toBe('string');
    });

    it('exchanges a Google-style session (development provider) once, sent as form data', async () => {
      const email = uniqueEmail('google');
      const started = await stack.api<{ session_id: string }>('POST', '/auth/dev-provider/session', {
        body: { email, name: 'Gia Google' },
      });
      expect(started.status).toBe(200);
      const form = new FormData();
      form.set('session_id', started.body.session_id);
      form.set('role', 'mentor');
      const res = await stack.api<{ session_token: string; user: User }>('POST', '/auth/session', { raw: form });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, role: 'mentor', name: 'Gia Google' });
      const me = await stack.api<User>('GET', '/auth/me', { token: res.body.session_token });
      expect(me.body.email).toBe(email);
      const again = new URLSearchParams({ session_id: started.body.session_id, role: 'mentor' }).toString();
      const replay = await stack.api('POST', '/auth/session', {
        raw: again,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(replay.status).toBe(401);
      const missing = await stack.api('POST', '/auth/session', {
        raw: 'role=learner',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(missing.status).toBe(400);
    });

    it("sends the Google button to the development stand-in's page when no Google client id is set", async () => {
      const res = await fetch(`${stack.url}/api/auth/google/start?role=mentor`, { redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([302, '/auth/dev-google?role=mentor']);
    });
  });

  describe('phone sign-in', () => {
    it('takes an unknown phone through 404, complete-registration and its code, then signs in with a new code once', async () => {
      const phone = newPhone();
      const unknown = await stack.api('POST', '/auth/phone/send-otp', { body: { phone, name: 'Pat Phone', role: 'learner' } });
      expect(unknown.status).toBe(404);
      const sent = await stack.api('POST', '/auth/phone/complete-registration', { body: { phone, name: 'Pat Phone', role: 'learner' } });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ otp_sent: true });
      const created = await stack.api<Auth>('POST', '/auth/phone/complete-registration', {
        body: { phone, name: 'Pat Phone', role: 'learner', code: sms.lastCodeFor(phone) },
      });
      expect(created.status).toBe(200);
      expect(created.body.user).toMatchObject({ phone, email: null, role: 'learner' });

      const again = await stack.api('POST', '/auth/phone/send-otp', { body: { phone } });
      expect(again.status).toBe(200);
      const code = sms.lastCodeFor(phone)!;
      const wrong = await stack.api('POST', '/auth/phone/verify-otp', { body: { phone, code: code === '000000' ? '111111' : '000000' } });
      expect(wrong.status).toBe(401);
      const ok = await stack.api<Auth>('POST', '/auth/phone/verify-otp', { body: { phone, code } });
      expect(ok.status).toBe(200);
      expect(ok.body.user.id).toBe(created.body.user.id);
      const replayed = await stack.api('POST', '/auth/phone/verify-otp', { body: { phone, code } });
      expect(replayed.status).toBe(401);
    });

    it('refuses malformed phones and codes', async () => {
      const res = await stack.api('POST', '/auth/phone/verify-otp', { body: { phone: '0911', code: 'abc' } });
      expect(res.status).toBe(400);
      expect((res.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(['code', 'phone']);
    });
  });

  describe('the signed-in user', () => {
    it('answers /auth/me and revokes the token on logout', async () => {
      const { token, user } = await register();
      const me = await stack.api<User>('GET', '/auth/me', { token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
      expect((await stack.api('POST', '/auth/logout', { token })).status).toBe(200);
      const after = await stack.api('GET', '/auth/me', { token });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ code: 'TOKEN_REVOKED' });
    });

    it('edits the profile and refuses an e-mail someone else has', async () => {
      const a = await register();
      const b = await register();
      const res = await stack.api<{ user: User }>('PUT', '/users/profile', {
        token: a.token,
        body: { name: 'New Name', email: uniqueEmail('renamed'), current_password: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.name).toBe('New Name');
      const taken = await stack.api('PUT', '/users/profile', { token: a.token, body: { email: b.email, current_password: PASSWORD } });
      expect(taken.status).toBe(409);
      const empty = await stack.api('PUT', '/users/profile', { token: a.token, body: {} });
      expect(empty.status).toBe(400);
    });

    it('saves notification settings and requires all three booleans', async () => {
      const { token } = await register();
      const res = await stack.api('PUT', '/users/notification-settings', {
        token,
        body: { email: false, studyReminders: true, assignmentDeadlines: false },
      });
      expect(res.status).toBe(200);
      const me = await stack.api<User>('GET', '/auth/me', { token });
      expect(me.body.notification_settings).toEqual({ email: false, studyReminders: true, assignmentDeadlines: false });
      const bad = await stack.api('PUT', '/users/notification-settings', { token, body: { email: 'yes' } });
      expect(bad.status).toBe(400);
    });

    it('changes the password only with the current one, signing out other sessions', async () => {
      const { token, email } = await register();
      const other = (await login(email)).body.token;
      const wrong = await stack.api('PUT', '/users/change-password', {
        token,
        body: { current_password: 'not-it', new_password: 'brand-new-1' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD', errors: [{ path: 'current_password' }] });
      const short = await stack.api('PUT', '/users/change-password', { token, body: { current_password: PASSWORD, new_password: '123' } });
      expect(short.body).toMatchObject({ errors: [{ path: 'new_password', message: 'New password must be at least 6 characters long!' }] });
      const ok = await stack.api('PUT', '/users/change-password', {
        token,
        body: { current_password: PASSWORD, new_password: 'brand-new-1' },
      });
      expect(ok.status).toBe(200);
      expect((await stack.api('GET', '/auth/me', { token })).status).toBe(200);
      expect((await stack.api('GET', '/auth/me', { token: other })).status).toBe(401);
      expect((await login(email)).status).toBe(401);
      expect((await login(email, 'brand-new-1')).status).toBe(200);
    });

    it('sets up real TOTP two-factor: QR code, confirmation, then sign-in asks for the code', async () => {
      const { token, email } = await register();
      const setup = await stack.api<{ qr_code: string; secret: string; otpauth_url: string }>('POST', '/users/enable-2fa', { token });
      expect(setup.status).toBe(200);
      expect(setup.body.qr_code).toMatch(/^data:image\/png;base64,/);
      expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret) });
      expect((await login(email)).status).toBe(200); // not active until confirmed
      const confirmed = await stack.api('POST', '/users/confirm-2fa', { token, body: { code: totp.generate() } });
      expect(confirmed.status).toBe(200);
      const noCode = await login(email);
      expect(noCode.status).toBe(401);
      expect(noCode.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
      const withCode = await login(email, PASSWORD, { totp_code: totp.generate({ timestamp: Date.now() + 30_000 }) });
      expect(withCode.status).toBe(200);
      expect(withCode.body.user.two_factor_enabled).toBe(true);
    });

    it('exports the user data as a JSON file, with the token in the query, and no secrets', async () => {
      const { token, email } = await register();
      const res = await stack.fetchFile(await stack.link(`/api/users/export-data`, token));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="learnhub-data-\d{4}-\d{2}-\d{2}\.json"/);
      const text = await res.text();
      expect(text).toContain(email);
      expect(text).not.toMatch(/password_hash|\$argon2/);
      expect(JSON.parse(text).services.identity).toBeDefined();
    }, 60_000);

    it('schedules deletion, revokes every token and refuses sign-in', async () => {
      const { token, email } = await register();
      const second = (await login(email)).body.token;
      const res = await stack.api<{ deletion_scheduled_at: string }>('DELETE', '/users/delete-account', { token });
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.deletion_scheduled_at)).toBeGreaterThan(Date.now());
      expect((await stack.api('GET', '/auth/me', { token })).status).toBe(401);
      expect((await stack.api('GET', '/auth/me', { token: second })).status).toBe(401);
      expect((await login(email)).status).toBe(401);
      const again = await stack.api('POST', '/auth/register', { body: { name: 'Back', email, password: PASSWORD, role: 'learner' } });
      expect(again.status).toBe(409);
    });
  });

  describe('portals, coming soon and Telegram', () => {
    it('lists no portals for a new user and refuses switching to a foreign institution', async () => {
      const { token } = await register('institution');
      const ctx = await stack.api('GET', '/auth/portal-context', { token });
      expect(ctx.body).toEqual({ available_portals: [] });
      const sw = await stack.api('POST', '/auth/switch-portal', {
        token,
        body: { target_institution_id: '0b3f6f3e-8a51-4d7e-9a4e-4f5d6c7b8a90' },
      });
      expect(sw.status).toBe(403);
      const bad = await stack.api('POST', '/auth/switch-portal', { token, body: { target_institution_id: 'x' } });
      expect(bad.status).toBe(400);
      const grant = await stack.api('POST', '/auth/grant-subsidiary-access', {
        token,
        body: { institution_id: '0b3f6f3e-8a51-4d7e-9a4e-4f5d6c7b8a90', user_email: uniqueEmail(), role: 'learner' },
      });
      expect(grant.status).toBe(404);
    });

    it('subscribes to the launch list idempotently', async () => {
      const email = uniqueEmail('soon');
      expect((await stack.api('POST', '/coming-soon/subscribe', { body: { email } })).status).toBe(200);
      expect((await stack.api('POST', '/coming-soon/subscribe', { body: { email } })).status).toBe(200);
      expect((await stack.api('POST', '/coming-soon/subscribe', { body: { email: 'nope' } })).status).toBe(400);
    });

    it('links Telegram with a code, shows the status and unlinks', async () => {
      const { token } = await register();
      expect((await stack.api('GET', '/telegram/link-status', { token })).body).toEqual({
        linked: false,
        telegram_username: null,
        linked_at: null,
      });
      expect((await stack.api('DELETE', '/telegram/unlink', { token })).status).toBe(404);
      const code = await stack.api<{ code: string; expires_in: number }>('POST', '/telegram/generate-link-code', { token });
      expect(code.body.expires_in).toBe(300);
      await bus.request(
        identityInternal.telegramConfirmLink.subject,
        { code: code.body.code, telegram_user_id: '777', telegram_username: 'lena_t' },
        { requestId: 'api-test' },
      );
      const status = await stack.api('GET', '/telegram/link-status', { token });
      expect(status.body).toMatchObject({ linked: true, telegram_username: 'lena_t' });
      expect((await stack.api('DELETE', '/telegram/unlink', { token })).status).toBe(200);
      expect((await stack.api('GET', '/telegram/link-status', { token })).body).toMatchObject({ linked: false });
    });
  });

  describe('admin', () => {
    let admin: string;
    beforeAll(async () => {
      const email = uniqueEmail('admin');
      await bus.request(
        identityInternal.ensureUser.subject,
        { email, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
        { requestId: 'api-test' },
      );
      admin = (await login(email)).body.token;
    });

    it('lists, creates and deletes users; an admin cannot be deleted', async () => {
      const created = await stack.api<{ user: { id: string; role: string } }>('POST', '/admin/users', {
        token: admin,
        body: { email: uniqueEmail('made'), name: 'Made By Admin', password: PASSWORD, role: 'instructor' },
      });
      expect(created.status).toBe(201);
      const list = await stack.api<{ users: { id: string }[]; total: number }>('GET', '/admin/users?role=instructor&limit=500', {
        token: admin,
      });
      expect(list.body.users.map((u) => u.id)).toContain(created.body.user.id);
      const dup = await stack.api('POST', '/admin/users', {
        token: admin,
        body: { email: (await register()).email, name: 'Dup', password: PASSWORD, role: 'learner' },
      });
      expect(dup.status).toBe(409);
      const otherAdmin = await stack.api<{ user: { id: string } }>('POST', '/admin/users', {
        token: admin,
        body: { email: uniqueEmail('admin2'), name: 'Second Admin', password: PASSWORD, role: 'admin' },
      });
      const refused = await stack.api('DELETE', `/admin/users/${otherAdmin.body.user.id}`, { token: admin });
      expect(refused.status).toBe(422);
      expect((await stack.api('DELETE', `/admin/users/${created.body.user.id}`, { token: admin })).status).toBe(200);
      expect((await stack.api('DELETE', '/admin/users/5d0c1a7e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', { token: admin })).status).toBe(404);
    });

    it('reports platform analytics with user counts by role', async () => {
      const res = await stack.api<{ total_users: number; user_counts: Record<string, number> }>('GET', '/admin/analytics', {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(res.body.total_users).toBeGreaterThan(0);
      expect(res.body.user_counts.admin).toBeGreaterThanOrEqual(1);
    });
  });
});

describe('rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ RATE_LIMIT_SCALE: '1' });
  }, 60_000);
  afterAll(async () => stack.stop());

  it('answers 429 with Retry-After after 10 sign-in attempts for one account', async () => {
    const email = uniqueEmail('guess');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await stack.api('POST', '/auth/login', { body: { email, password: `guess-${i}` } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const last = await stack.api('POST', '/auth/login', { body: { email, password: 'guess' } });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits OTP requests per phone', async () => {
    const phone = '+251900000123';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await stack.api('POST', '/auth/phone/send-otp', { body: { phone } })).status);
    expect(statuses[5]).toBe(429);
  });
});
