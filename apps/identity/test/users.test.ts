import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { identityEvents, identityRoutes } from '@lp/contracts';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start();
});
afterAll(async () => {
  await h.stop();
});

describe('profile', () => {
  it('changes name, e-mail and picture and writes identity.user.updated', async () => {
    const r = await h.register({ name: 'Old Name' });
    const email = uniqueEmail();
    const { user } = await h.call(
      identityRoutes.updateProfile,
      {
        body: {
          name: 'New Name',
          email: email.toUpperCase(),
          profile_image: 'https://img.example.com/a.png',
          current_password: r.password,
        },
      },
      r.caller,
    );
    expect(user).toMatchObject({ id: r.userId, name: 'New Name', email, profile_image: 'https://img.example.com/a.png' });
    expect(await h.call(identityRoutes.me, {}, r.caller)).toMatchObject({ name: 'New Name', email });
    const events = await h.outbox('identity.user.updated', r.userId);
    expect(events.map((e) => e.payload)).toEqual([
      { v: 1, user_id: r.userId, name: 'New Name', email, role: 'learner', profile_image: 'https://img.example.com/a.png' },
    ]);
    await h.login(email, r.password);
  });

  it('changes only what is given', async () => {
    const r = await h.register({ name: 'Keep Me' });
    const { user } = await h.call(identityRoutes.updateProfile, { body: { name: 'Only Name' } }, r.caller);
    expect(user).toMatchObject({ name: 'Only Name', email: r.email, profile_image: null });
  });

  it("answers 409 EMAIL_TAKEN for another account's e-mail in any case; keeping one's own e-mail is fine", async () => {
    const a = await h.register();
    const b = await h.register();
    await expectAppError(
      h.call(identityRoutes.updateProfile, { body: { email: a.email.toUpperCase(), current_password: b.password } }, b.caller),
      409,
      'EMAIL_TAKEN',
    );
    await expect(h.call(identityRoutes.updateProfile, { body: { email: b.email, name: 'Same Mail' } }, b.caller)).resolves.toMatchObject({
      user: { email: b.email },
    });
    expect(await h.outbox('identity.user.updated', b.userId)).toHaveLength(1);
  });

  it('refuses an empty update (400)', async () => {
    const r = await h.register();
    await expectAppError(h.call(identityRoutes.updateProfile, { body: {} }, r.caller), 400, 'VALIDATION_FAILED');
  });
});

describe('notification settings', () => {
  it('are all on by default and are saved', async () => {
    const r = await h.register();
    expect((await h.call(identityRoutes.me, {}, r.caller)).notification_settings).toEqual({
      email: true,
      studyReminders: true,
      assignmentDeadlines: true,
    });
    const settings = { email: false, studyReminders: true, assignmentDeadlines: false };
    await expect(h.call(identityRoutes.updateNotificationSettings, { body: settings }, r.caller)).resolves.toEqual({
      notification_settings: settings,
    });
    expect((await h.call(identityRoutes.me, {}, r.caller)).notification_settings).toEqual(settings);
    // announced in the same transaction: the engagement service's deliveries obey the switches
    const [changed] = await h.outbox(identityEvents.notificationSettingsChanged.name, r.userId);
    expect(changed!.payload).toMatchObject({ user_id: r.userId, email: false, study_reminders: true, assignment_deadlines: false });
  });

  it('need all three toggles (400)', async () => {
    const r = await h.register();
    await expectAppError(
      h.call(identityRoutes.updateNotificationSettings, { body: { email: false } as never }, r.caller),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('change password', () => {
  it('checks the current password: 400 INVALID_CURRENT_PASSWORD on current_password', async () => {
    const r = await h.register();
    const err = await expectAppError(
      h.call(identityRoutes.changePassword, { body: { current_password: 'not-it', new_password: 'new-secret-1' } }, r.caller),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    expect(err.errors).toEqual([{ path: 'current_password', message: expect.any(String) }]);
    await h.login(r.email, r.password);
  });

  it('rejects a short new password (400)', async () => {
    const r = await h.register();
    const err = await expectAppError(
      h.call(identityRoutes.changePassword, { body: { current_password: r.password, new_password: '123' } }, r.caller),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.errors[0]!.path).toBe('new_password');
  });

  it('sets the new password and signs every other session out, in the database and in Redis', async () => {
    const r = await h.register();
    const other1 = await h.login(r.email, r.password);
    const other2 = await h.login(r.email, r.password);
    await expect(
      h.call(identityRoutes.changePassword, { body: { current_password: r.password, new_password: 'brand-new-pw' } }, r.caller),
    ).resolves.toEqual({
      message: expect.any(String),
    });
    expect(await h.isRevoked(other1)).toBe(true);
    expect(await h.isRevoked(other2)).toBe(true);
    expect(await h.isRevoked(r.token)).toBe(false);
    const rows: Array<{ id: string; revoked: boolean }> = await h.svc.ds.query(
      'SELECT id, revoked_at IS NOT NULL AS revoked FROM sessions WHERE user_id = $1',
      [r.userId],
    );
    expect(rows.filter((s) => !s.revoked).map((s) => s.id)).toEqual([r.caller.sessionId]);
    await expectAppError(h.call(identityRoutes.login, { body: { email: r.email, password: r.password } }), 401, 'INVALID_CREDENTIALS');
    await h.login(r.email, 'brand-new-pw');
    const [row] = await h.svc.ds.query('SELECT password_hash FROM users WHERE id = $1', [r.userId]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('an account without a password (phone, Google) cannot pass the current-password check', async () => {
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email: uniqueEmail(), name: 'No Pw' } });
    const { session_token } = await h.call(identityRoutes.sessionExchange, { body: { session_id } });
    await expectAppError(
      h.call(
        identityRoutes.changePassword,
        { body: { current_password: 'anything', new_password: 'whatever-1' } },
        h.callerOf(session_token),
      ),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
  });
});

describe('two-factor authentication', () => {
  const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) });

  it('enable-2fa answers a real TOTP secret, its otpauth URL and a QR code data URL; nothing changes until confirmed', async () => {
    const r = await h.register();
    const out = await h.call(identityRoutes.enable2fa, {}, r.caller);
    expect(out.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(out.otpauth_url).toBe(
      `otpauth://totp/LearnHub:${encodeURIComponent(r.email)}?issuer=LearnHub&secret=${out.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(out.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{100,}$/);
    expect((await h.call(identityRoutes.me, {}, r.caller)).two_factor_enabled).toBe(false);
    await h.login(r.email, r.password);
  });

  it('confirm-2fa refuses a wrong code (400) and without setup (422)', async () => {
    const r = await h.register();
    await expectAppError(h.call(identityRoutes.confirm2fa, { body: { code: '123456' } }, r.caller), 422, 'TWO_FACTOR_NOT_STARTED');
    const { secret } = await h.call(identityRoutes.enable2fa, {}, r.caller);
    const wrong = totpOf(secret).generate({ timestamp: Date.now() + 5 * 60_000 });
    const err = await expectAppError(h.call(identityRoutes.confirm2fa, { body: { code: wrong } }, r.caller), 400, 'INVALID_TOTP');
    expect(err.errors[0]!.path).toBe('code');
  });

  it('once confirmed, sign-in needs a valid code, and each code works once', async () => {
    const r = await h.register();
    const { secret } = await h.call(identityRoutes.enable2fa, {}, r.caller);
    const totp = totpOf(secret);
    await h.call(identityRoutes.confirm2fa, { body: { code: totp.generate() } }, r.caller);
    expect((await h.call(identityRoutes.me, {}, r.caller)).two_factor_enabled).toBe(true);
    const [row] = await h.svc.ds.query('SELECT totp_secret, totp_pending_secret FROM users WHERE id = $1', [r.userId]);
    // at rest the secret is encrypted: the column does not give it away
    expect(row.totp_pending_secret).toBeNull();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(secret);

    await expectAppError(h.call(identityRoutes.login, { body: { email: r.email, password: r.password } }), 401, 'TWO_FACTOR_REQUIRED');
    await expectAppError(
      h.call(identityRoutes.crossPortalLogin, { body: { email: r.email, password: r.password } }),
      401,
      'TWO_FACTOR_REQUIRED',
    );
    const wrong = totp.generate({ timestamp: Date.now() + 5 * 60_000 });
    await expectAppError(
      h.call(identityRoutes.login, { body: { email: r.email, password: r.password, totp_code: wrong } }),
      401,
      'INVALID_TOTP',
    );
    // a wrong password still says only that
    await expectAppError(h.call(identityRoutes.login, { body: { email: r.email, password: 'wrong-pass' } }), 401, 'INVALID_CREDENTIALS');

    // the confirmation used the current step; the next step's code is within the window
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const token = await h.login(r.email, r.password, next);
    expect(h.callerOf(token).userId).toBe(r.userId);
    await expectAppError(
      h.call(identityRoutes.crossPortalLogin, { body: { email: r.email, password: r.password, totp_code: next } }),
      401,
      'INVALID_TOTP',
    );
  });
});

describe('delete account', () => {
  it('schedules deletion, revokes every token, writes the event, refuses sign-in and keeps the e-mail taken', async () => {
    const r = await h.register();
    const other = await h.login(r.email, r.password);
    const out = await h.call(identityRoutes.deleteAccount, {}, r.caller);
    const scheduled = new Date(out.deletion_scheduled_at).getTime();
    expect(scheduled).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const [row] = await h.svc.ds.query('SELECT status, deletion_scheduled_at, tokens_valid_after FROM users WHERE id = $1', [r.userId]);
    expect(row.status).toBe('pending_deletion');
    expect(new Date(row.deletion_scheduled_at).toISOString()).toBe(out.deletion_scheduled_at);
    expect(row.tokens_valid_after).not.toBeNull();
    const [{ open }] = await h.svc.ds.query('SELECT count(*)::int AS open FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
      r.userId,
    ]);
    expect(open).toBe(0);

    expect(await h.isRevoked(r.token)).toBe(true);
    expect(await h.isRevoked(other)).toBe(true);

    const events = await h.outbox('identity.user.deletion-scheduled', r.userId);
    expect(events.map((e) => e.payload)).toEqual([{ v: 1, user_id: r.userId, scheduled_at: out.deletion_scheduled_at, by: 'self' }]);

    await expectAppError(h.call(identityRoutes.login, { body: { email: r.email, password: r.password } }), 401, 'ACCOUNT_PENDING_DELETION');
    await expectAppError(h.call(identityRoutes.login, { body: { email: r.email, password: 'wrong-pass' } }), 401, 'INVALID_CREDENTIALS');
    await expectAppError(h.call(identityRoutes.me, {}, r.caller), 401, 'ACCOUNT_PENDING_DELETION');
    await expectAppError(
      h.call(identityRoutes.register, { body: { name: 'Again', email: r.email, password: 'secret-pass-1', role: 'learner' } }),
      409,
      'EMAIL_TAKEN',
    );
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email: r.email, name: 'Via Google' } });
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id } }), 401, 'ACCOUNT_PENDING_DELETION');

    // asking twice changes nothing
    await expect(h.call(identityRoutes.deleteAccount, {}, r.caller)).resolves.toEqual(out);
    expect(await h.outbox('identity.user.deletion-scheduled', r.userId)).toHaveLength(1);
  });
});
