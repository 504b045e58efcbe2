import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Secret, TOTP } from 'otpauth';
import { identityRoutes, type Caller } from '@lp/contracts';
import { Clock, createLogger } from '@lp/service-kit';
import { startTestService } from '@lp/testing';
import { IdentityModule } from '../src/app.module.js';
import { SmsProvider } from '../src/modules/phone/sms.provider.js';
import { DevSmsProvider } from '../src/modules/phone/dev-sms.provider.js';
import { TotpSecretCipher } from '../src/modules/users/totp-secret.cipher.js';
import { IdentityHarness, expectAppError, uniqueEmail, uniquePhone } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
let sms: DevSmsProvider;
let clock: Clock;
beforeAll(async () => {
  h = await IdentityHarness.start();
  sms = h.get(SmsProvider) as DevSmsProvider;
  clock = h.get(Clock);
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(() => h.stop());

const lastCode = (phone: string): string => sms.lastCodeFor(phone)!;
const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const later = (seconds: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + seconds * 1000));
/** a code of the step after the last one used: each code is accepted once */
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function registerByPhone(phone = uniquePhone()) {
  await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Phone User', role: 'learner' } });
  const out = await h.call(identityRoutes.completePhoneRegistration, {
    body: { phone, name: 'Phone User', role: 'learner', code: lastCode(phone) },
  });
  if (!('token' in out)) throw new Error('expected an account');
  return { phone, caller: h.callerOf(out.token) };
}

async function turnOnTwoFactor(caller: Caller): Promise<string> {
  const { secret } = await h.call(identityRoutes.enable2fa, {}, caller);
  await h.call(identityRoutes.confirm2fa, { body: { code: codeOf(secret) } }, caller);
  return secret;
}

describe('phone codes', () => {
  it('re-sending a code keeps the wrong tries made so far', async () => {
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    for (let i = 0; i < 4; i++)
      await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: otherCode(lastCode(phone)) } }), 401, 'INVALID_OTP');
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: otherCode(lastCode(phone)) } }), 401, 'INVALID_OTP');
    // the fifth wrong try was the last of the hour, whatever the number of codes sent
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: lastCode(phone) } }), 429, 'OTP_ATTEMPTS_EXCEEDED');
  });

  it('sends at most five codes per phone an hour, counted exactly under concurrency', async () => {
    const { phone } = await registerByPhone();
    // registration sent one already in this hour; nine more asked at once
    const results = await Promise.allSettled(Array.from({ length: 9 }, () => h.call(identityRoutes.sendOtp, { body: { phone } })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    await expectAppError(h.call(identityRoutes.sendOtp, { body: { phone } }), 429, 'OTP_SEND_LIMIT');
    later(3601);
    await expect(h.call(identityRoutes.sendOtp, { body: { phone } })).resolves.toMatchObject({ expires_in: 300 });
  });
});

describe('per-account limit', () => {
  it('after ten wrong passwords the account pauses, even for the right password, even under concurrency', async () => {
    const r = await h.register();
    const wrong = await Promise.allSettled(
      Array.from({ length: 12 }, () => h.call(identityRoutes.login, { body: { email: r.email, password: 'not-the-password' } })),
    );
    const codes = wrong.map((x) => (x.status === 'rejected' ? (x.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS').length).toBeGreaterThanOrEqual(10);
    const locked = await expectAppError(
      h.call(identityRoutes.login, { body: { email: r.email, password: r.password } }),
      429,
      'SIGN_IN_LOCKED',
    );
    expect(locked.detail).toMatch(/try again in 1[45] minutes/);
    // the pause ends; a success clears the count
    later(15 * 60 + 1);
    await expect(h.call(identityRoutes.login, { body: { email: r.email, password: r.password } })).resolves.toMatchObject({
      user: { id: r.userId },
    });
    const [row] = await h.svc.ds.query('SELECT failed_sign_ins, sign_in_locked_until FROM users WHERE id = $1', [r.userId]);
    expect(row).toEqual({ failed_sign_ins: 0, sign_in_locked_until: null });
  });

  it('wrong authenticator codes count too', async () => {
    const r = await h.register();
    const secret = await turnOnTwoFactor(r.caller);
    for (let i = 0; i < 10; i++) {
      await expectAppError(
        h.call(identityRoutes.login, { body: { email: r.email, password: r.password, totp_code: codeOf(secret, 20) } }),
        401,
        'INVALID_TOTP',
      );
    }
    await expectAppError(
      h.call(identityRoutes.login, { body: { email: r.email, password: r.password, totp_code: codeOf(secret, 1) } }),
      429,
      'SIGN_IN_LOCKED',
    );
  });
});

describe('two-factor on every way of signing in', () => {
  it('phone sign-in asks for the authenticator code, and the phone code still works with it', async () => {
    const { phone, caller } = await registerByPhone();
    const secret = await turnOnTwoFactor(caller);
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const code = lastCode(phone);
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code } }), 401, 'TWO_FACTOR_REQUIRED');
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code, totp_code: codeOf(secret, 20) } }), 401, 'INVALID_TOTP');
    const out = await h.call(identityRoutes.verifyOtp, { body: { phone, code, totp_code: codeOf(secret, 1) } });
    expect(h.callerOf(out.token).userId).toBe(caller.userId);
  });

  it('Google sign-in asks for it too; the provider session stays good until a sign-in passes', async () => {
    const r = await h.register();
    const secret = await turnOnTwoFactor(r.caller);
    const { session_id } = await h.call(identityRoutes.devProviderSession, { body: { email: r.email, name: 'X' } });
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id } }), 401, 'TWO_FACTOR_REQUIRED');
    const out = await h.call(identityRoutes.sessionExchange, { body: { session_id, totp_code: codeOf(secret, 1) } });
    expect(out.user.id).toBe(r.userId);
    await expectAppError(
      h.call(identityRoutes.sessionExchange, { body: { session_id, totp_code: codeOf(secret, 2) } }),
      401,
      'INVALID_SESSION',
    );
  });

  it('setting two-factor up again, while it is on, takes a current code', async () => {
    const r = await h.register();
    const secret = await turnOnTwoFactor(r.caller);
    await expectAppError(h.call(identityRoutes.enable2fa, {}, r.caller), 401, 'TWO_FACTOR_REQUIRED');
    await expectAppError(h.call(identityRoutes.enable2fa, { body: { code: codeOf(secret, 20) } }, r.caller), 401, 'INVALID_TOTP');
    const again = await h.call(identityRoutes.enable2fa, { body: { code: codeOf(secret, 1) } }, r.caller);
    expect(again.secret).not.toBe(secret);
  });
});

describe('changing the e-mail', () => {
  it('takes the current password', async () => {
    const r = await h.register();
    const email = uniqueEmail();
    await expectAppError(h.call(identityRoutes.updateProfile, { body: { email } }, r.caller), 400, 'VALIDATION_FAILED');
    await expectAppError(
      h.call(identityRoutes.updateProfile, { body: { email, current_password: 'wrong-pass-1' } }, r.caller),
      400,
      'INVALID_CURRENT_PASSWORD',
    );
    const out = await h.call(identityRoutes.updateProfile, { body: { email, current_password: r.password } }, r.caller);
    expect(out.user.email).toBe(email);
    // the name alone, or the same e-mail, needs no password
    await expect(h.call(identityRoutes.updateProfile, { body: { name: 'New Name', email } }, r.caller)).resolves.toMatchObject({
      user: { name: 'New Name' },
    });
  });

  it('is refused for an account without a password', async () => {
    const { caller } = await registerByPhone();
    await expectAppError(
      h.call(identityRoutes.updateProfile, { body: { email: uniqueEmail(), current_password: 'anything' } }, caller),
      422,
      'EMAIL_CHANGE_NEEDS_PASSWORD',
    );
  });
});

describe('secrets at rest and in logs', () => {
  it('encrypts a TOTP secret written in the clear before, at boot, and sign-in still takes its codes', async () => {
    const r = await h.register();
    const secret = await turnOnTwoFactor(r.caller);
    await h.svc.ds.query('UPDATE users SET totp_secret = $2 WHERE id = $1', [r.userId, secret]);
    const replica = await startTestService(IdentityModule.create(h.env), h.env);
    await replica.app.close();
    const [row] = await h.svc.ds.query('SELECT totp_secret FROM users WHERE id = $1', [r.userId]);
    expect(TotpSecretCipher.isEncrypted(row.totp_secret)).toBe(true);
    expect(row.totp_secret).not.toContain(secret);
    await expect(
      h.call(identityRoutes.login, { body: { email: r.email, password: r.password, totp_code: codeOf(secret, 1) } }),
    ).resolves.toMatchObject({
      user: { id: r.userId },
    });
  });

  it('the development SMS provider logs codes only when development was asked for', async () => {
    const lines: string[] = [];
    const log = createLogger('identity', 'info', 'test');
    jest.spyOn(log, 'info').mockImplementation(((obj: unknown) => lines.push(JSON.stringify(obj))) as never);
    await new DevSmsProvider(log, false).sendCode('+251911000111', '480213', 300);
    expect(lines).toEqual([]);
    await new DevSmsProvider(log, true).sendCode('+251911000111', '480213', 300);
    expect(lines).toHaveLength(1);
  });
});
