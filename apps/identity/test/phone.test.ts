import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityRoutes } from '@lp/contracts';
import { SmsProvider } from '../src/modules/phone/sms.provider.js';
import { DevSmsProvider } from '../src/modules/phone/dev-sms.provider.js';
import { IdentityHarness, expectAppError, uniqueEmail, uniquePhone } from './support/identity-harness.js';
import { Clock } from '@lp/service-kit';

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
afterAll(async () => {
  await h.stop();
});

const lastCode = (phone: string): string => {
  const code = sms.lastCodeFor(phone);
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
};
const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const later = (seconds: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + seconds * 1000));

/** The spec's phone flow: send-otp answers 404, so the product completes a registration. */
async function registerByPhone(phone = uniquePhone(), name = 'Phone User') {
  await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name, role: 'learner' } });
  const out = await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name, role: 'learner', code: lastCode(phone) } });
  if (!('token' in out)) throw new Error('expected an account');
  return { phone, ...out };
}

describe('the 404-then-complete-registration path', () => {
  it('send-otp answers 404 for an unknown phone; complete-registration sends a code, then creates the account', async () => {
    const phone = uniquePhone();
    await expectAppError(h.call(identityRoutes.sendOtp, { body: { phone, name: 'Abebe', role: 'mentor' } }), 404, 'PHONE_NOT_REGISTERED');
    expect(sms.lastCodeFor(phone)).toBeUndefined();

    const sent = await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Abebe', role: 'mentor' } });
    expect(sent).toEqual({ otp_sent: true, message: expect.any(String), expires_in: 300 });
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);

    const done = await h.call(identityRoutes.completePhoneRegistration, {
      body: { phone, name: 'Abebe', role: 'mentor', code, ref: 'FRIEND2' },
    });
    if (!('token' in done)) throw new Error('expected an account');
    expect(done.user).toMatchObject({ name: 'Abebe', phone, email: null, role: 'mentor' });
    expect(h.callerOf(done.token).userId).toBe(done.user.id);
    const [event] = await h.outbox('identity.user.registered', done.user.id);
    // the referral code of the ?ref= link travels on to gamification
    expect(event!.payload).toMatchObject({ phone, email: null, role: 'mentor', ref: 'FRIEND2' });
  });

  it('accepts the phone in a loose format and stores the normalised one', async () => {
    const digits = uniquePhone().slice(1);
    const loose = `+${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
    await h.call(identityRoutes.completePhoneRegistration, { body: { phone: loose, name: 'Loose', role: 'learner' } });
    const out = await h.call(identityRoutes.completePhoneRegistration, {
      body: { phone: loose, name: 'Loose', role: 'learner', code: lastCode(`+${digits}`) },
    });
    expect('token' in out && out.user.phone).toBe(`+${digits}`);
  });

  it('stores only a hash of the code', async () => {
    const phone = uniquePhone();
    await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Hash', role: 'learner' } });
    const [row] = await h.svc.ds.query('SELECT code_hash FROM otp_codes WHERE phone = $1', [phone]);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(lastCode(phone));
  });

  it('refuses a phone that already has an account (409 PHONE_TAKEN)', async () => {
    const { phone } = await registerByPhone();
    await expectAppError(
      h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Twin', role: 'learner' } }),
      409,
      'PHONE_TAKEN',
    );
  });
});

describe('sign-in with a code', () => {
  it('send-otp then verify-otp signs the account in', async () => {
    const { phone, user } = await registerByPhone();
    const sent = await h.call(identityRoutes.sendOtp, { body: { phone } });
    expect(sent).toEqual({ message: expect.any(String), expires_in: 300 });
    const out = await h.call(identityRoutes.verifyOtp, { body: { phone, code: lastCode(phone) } });
    expect(out.user.id).toBe(user.id);
    expect(h.callerOf(out.token).userId).toBe(user.id);
  });

  it('a code works once: the replay is 401 INVALID_OTP', async () => {
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const code = lastCode(phone);
    await h.call(identityRoutes.verifyOtp, { body: { phone, code } });
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code } }), 401, 'INVALID_OTP');
  });

  it('the registration code cannot be replayed to sign in', async () => {
    const phone = uniquePhone();
    await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Replay', role: 'learner' } });
    const code = lastCode(phone);
    await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Replay', role: 'learner', code } });
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code } }), 401, 'INVALID_OTP');
  });

  it('a code expires after OTP_TTL_SECONDS', async () => {
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const code = lastCode(phone);
    later(301);
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code } }), 401, 'OTP_EXPIRED');
  });

  it('after OTP_MAX_ATTEMPTS wrong codes the code is dead, even the right one (429)', async () => {
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const code = lastCode(phone);
    for (let i = 0; i < 5; i++) {
      await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: otherCode(code) } }), 401, 'INVALID_OTP');
    }
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code } }), 429, 'OTP_ATTEMPTS_EXCEEDED');
    // a new code does not buy new guesses within the hour...
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: lastCode(phone) } }), 429, 'OTP_ATTEMPTS_EXCEEDED');
    // ...the next hour starts over
    later(3601);
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    await expect(h.call(identityRoutes.verifyOtp, { body: { phone, code: lastCode(phone) } })).resolves.toMatchObject({ user: { phone } });
  });

  it('counts wrong tries made at the same time without losing any', async () => {
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const code = lastCode(phone);
    await Promise.allSettled(Array.from({ length: 8 }, () => h.call(identityRoutes.verifyOtp, { body: { phone, code: otherCode(code) } })));
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code } }), 429, 'OTP_ATTEMPTS_EXCEEDED');
  });

  it('a new code replaces the previous one', async () => {
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const first = lastCode(phone);
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    const second = lastCode(phone);
    if (first !== second) await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: first } }), 401, 'INVALID_OTP');
    await expect(h.call(identityRoutes.verifyOtp, { body: { phone, code: second } })).resolves.toMatchObject({ user: { phone } });
  });

  it('verify-otp for an unknown phone is 404, and without any code sent is 401', async () => {
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone: uniquePhone(), code: '123456' } }), 404, 'PHONE_NOT_REGISTERED');
    const { phone } = await registerByPhone();
    await h.call(identityRoutes.verifyOtp, { body: { phone, code: '000000' } }).catch(() => undefined);
    await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone, code: '000000' } }), 401, 'INVALID_OTP');
  });

  it('validates phone and code formats (400)', async () => {
    const err = await expectAppError(h.call(identityRoutes.verifyOtp, { body: { phone: '0911', code: '12ab' } }), 400, 'VALIDATION_FAILED');
    expect(err.errors.map((e) => e.path).sort()).toEqual(['code', 'phone']);
  });
});

describe('register with phone and code', () => {
  it('verifies the phone with the code and creates an e-mail account carrying it', async () => {
    const phone = uniquePhone();
    await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Both', role: 'learner' } });
    const { user } = await h.call(identityRoutes.register, {
      body: { name: 'Both', email: uniqueEmail(), password: 'secret-pass-1', role: 'learner', phone, otp: lastCode(phone) },
    });
    expect(user.phone).toBe(phone);
    const [row] = await h.svc.ds.query('SELECT phone_verified_at FROM users WHERE id = $1', [user.id]);
    expect(row.phone_verified_at).not.toBeNull();
    // and the phone now signs in too
    await h.call(identityRoutes.sendOtp, { body: { phone } });
    await expect(h.call(identityRoutes.verifyOtp, { body: { phone, code: lastCode(phone) } })).resolves.toMatchObject({
      user: { id: user.id },
    });
  });

  it('refuses a wrong code and leaves no account behind', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    await h.call(identityRoutes.completePhoneRegistration, { body: { phone, name: 'Wrong', role: 'learner' } });
    await expectAppError(
      h.call(identityRoutes.register, {
        body: { name: 'Wrong', email, password: 'secret-pass-1', role: 'learner', phone, otp: otherCode(lastCode(phone)) },
      }),
      401,
      'INVALID_OTP',
    );
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM users WHERE email = $1', [email]);
    expect(count).toBe(0);
  });

  it('refuses a phone another account has (409 PHONE_TAKEN)', async () => {
    const { phone } = await registerByPhone();
    await expectAppError(
      h.call(identityRoutes.register, {
        body: { name: 'Dup', email: uniqueEmail(), password: 'secret-pass-1', role: 'learner', phone, otp: '123456' },
      }),
      409,
      'PHONE_TAKEN',
    );
  });
});

describe('development SMS provider', () => {
  it('in development, logs the code at info level with pino; keeps the last one for tests', async () => {
    const lines: string[] = [];
    const { pino } = await import('pino');
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const provider = new DevSmsProvider(log, true);
    await provider.sendCode('+251911999999', '424242', 300);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 30, phone: '+251911999999', developmentCode: '424242' });
    expect(provider.lastCodeFor('+251911999999')).toBe('424242');
  });
});
