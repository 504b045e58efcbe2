import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue, type Job } from 'bullmq';
import {
  identityInternal,
  identityRoutes,
  JOBS,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type EmailJob,
} from '@lp/contracts';
import { Clock, queuePrefix } from '@lp/service-kit';
import { hashSecretToken } from '@lp/auth';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
let emails: Queue;
let clock: Clock;
beforeAll(async () => {
  h = await IdentityHarness.start({ PUBLIC_URL: 'https://learn.example/', SIGN_IN_MAX_FAILURES: '3', PASSWORD_RESET_EMAILS_PER_HOUR: '4' });
  emails = new Queue(JOBS.sendEmail.queue, {
    connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
    prefix: queuePrefix(h.env.BUS_PREFIX!),
  });
  clock = h.get(Clock);
}, 60_000);
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await emails?.close();
  await h?.stop();
});

const ALL_STATES = ['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized'] as const;
const mailsTo = async (to: string): Promise<Job<EmailJob>[]> =>
  ((await emails.getJobs([...ALL_STATES])) as Job<EmailJob>[]).filter((j) => j.data.to === to).sort((a, b) => a.timestamp - b.timestamp);
const tokenLink = /https:\/\/learn\.example\/reset-password\?token=\S+/;
const tokenOf = (job: Job<EmailJob>): string => {
  const m = /https:\/\/learn\.example\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(job.data.text);
  if (!m) throw new Error(`no reset link in ${job.data.text}`);
  return m[1]!;
};
const forgot = (email: string) => h.call(identityRoutes.forgotPassword, { body: { email } });
const reset = (token: string, password: string) => h.call(identityRoutes.resetPassword, { body: { token, password } });
/** asks for a link and answers the token of the newest e-mail */
const linkFor = async (email: string): Promise<string> => {
  const before = (await mailsTo(email)).length;
  await forgot(email);
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  return tokenOf(mails.at(-1)!);
};
const later = (seconds: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + seconds * 1000));

describe('asking for a link', () => {
  it('answers the same for an unknown e-mail and queues nothing', async () => {
    const email = uniqueEmail();
    const known = await h.register();
    expect(await forgot(email)).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(await forgot(known.email)).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(PASSWORD_RESET_REQUESTED_MESSAGE).toBe(
      'If an account exists for that e-mail, we have sent a link to set a new password. It is valid for 60 minutes.',
    );
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailsTo(known.email)).toHaveLength(1);
    const [{ count }] = await h.svc.ds.query(
      'SELECT count(*)::int AS count FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE lower(u.email) = $1',
      [email],
    );
    expect(count).toBe(0);
  });

  it('e-mails a reset link that says whom it is for and how long it works; only the hash of its token is stored; the job is named after the link', async () => {
    const r = await h.register({ name: 'Abebe Kebede' });
    await forgot(r.email.toUpperCase());
    const [mail] = await mailsTo(r.email);
    expect(mail!.name).toBe('email.send');
    expect(mail!.data).toMatchObject({ to: r.email, subject: 'Reset your learning platform password', kind: 'identity.password-reset' });
    expect(mail!.data.text).toContain('Hello Abebe Kebede,');
    expect(mail!.data.text).toContain(`reset the password of the account ${r.email}`);
    expect(mail!.data.text).toContain('valid for 60 minutes');
    const token = tokenOf(mail!);
    expect(mail!.id).toBe(`password-reset-${hashSecretToken(token).slice(0, 32)}`);
    const rows = await h.svc.ds.query('SELECT token_hash, expires_at, created_at, used_at FROM password_reset_tokens WHERE user_id = $1', [
      r.userId,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashSecretToken(token));
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].used_at).toBeNull();
    expect(new Date(rows[0].expires_at).getTime() - new Date(rows[0].created_at).getTime()).toBe(60 * 60_000);
  });

  it('sends at most PASSWORD_RESET_EMAILS_PER_HOUR links an hour per account, with the same answer after', async () => {
    const r = await h.register();
    for (let i = 0; i < 6; i++) expect(await forgot(r.email)).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect(await mailsTo(r.email)).toHaveLength(4);
    // an hour on, the account may ask again
    later(3601);
    await forgot(r.email);
    expect(await mailsTo(r.email)).toHaveLength(5);
  });

  it('refuses an invalid e-mail', async () => {
    await expectAppError(forgot('not-an-email'), 400, 'VALIDATION_FAILED');
  });
});

describe('setting the password with a link', () => {
  it('a member account made without a password gets a "set a password" link, sets one and signs in with it', async () => {
    const email = uniqueEmail();
    const made = await h.internal(identityInternal.ensureMemberAccounts, { people: [{ email, name: 'Selam Bekele' }], create: true });
    const userId = made.accounts[0]!.user!.id;
    await expectAppError(h.login(email, 'first-pass-1'), 401, 'INVALID_CREDENTIALS');

    await forgot(email);
    const [mail] = await mailsTo(email);
    expect(mail!.data).toMatchObject({ subject: 'Set a password for your learning platform account', kind: 'identity.password-set' });
    expect(mail!.data.text).toContain(`set a password for the account ${email}`);
    // besides its link, the mail speaks of setting a password, not resetting one
    expect(mail!.data.text.replace(tokenLink, '')).not.toMatch(/reset/i);
    expect(mail!.data.text).toContain('valid for 60 minutes');

    expect(await reset(tokenOf(mail!), 'first-pass-1')).toEqual({ message: PASSWORD_RESET_DONE_MESSAGE });
    expect(PASSWORD_RESET_DONE_MESSAGE).toBe('Your password is set. You can sign in now.');
    const token = await h.login(email, 'first-pass-1');
    expect(h.callerOf(token).userId).toBe(userId);
  });

  it('a link works once', async () => {
    const r = await h.register();
    const token = await linkFor(r.email);
    await reset(token, 'new-pass-1');
    const e = await expectAppError(reset(token, 'new-pass-2'), 400, 'RESET_LINK_INVALID');
    expect(e.detail).toBe('This link is no longer valid. Ask for a new one.');
    await h.login(r.email, 'new-pass-1');
    await expectAppError(h.login(r.email, 'new-pass-2'), 401, 'INVALID_CREDENTIALS');
  });

  it('an expired link is refused, an unknown one too', async () => {
    const r = await h.register();
    const token = await linkFor(r.email);
    later(60 * 60 + 1);
    await expectAppError(reset(token, 'new-pass-1'), 400, 'RESET_LINK_INVALID');
    jest.restoreAllMocks();
    await expectAppError(reset('A'.repeat(43), 'new-pass-1'), 400, 'RESET_LINK_INVALID');
    await h.login(r.email, r.password);
  });

  it('a new link ends the older unused ones', async () => {
    const r = await h.register();
    const older = await linkFor(r.email);
    const newer = await linkFor(r.email);
    await expectAppError(reset(older, 'new-pass-1'), 400, 'RESET_LINK_INVALID');
    await reset(newer, 'new-pass-2');
    await h.login(r.email, 'new-pass-2');
  });

  it("applies registration's password rules", async () => {
    const r = await h.register();
    const token = await linkFor(r.email);
    const e = await expectAppError(reset(token, 'short'), 400, 'VALIDATION_FAILED');
    expect(e.errors).toEqual([{ path: 'password', message: 'Password must be at least 6 characters long' }]);
    // the link is still good
    await reset(token, 'long-enough-1');
  });

  it('ends every session of the account: it signs in again everywhere', async () => {
    const r = await h.register();
    const a = (await h.call(identityRoutes.login, { body: { email: r.email, password: r.password } })) as unknown as {
      token: string;
      refresh_token: string;
    };
    const b = await h.login(r.email, r.password);
    await reset(await linkFor(r.email), 'after-reset-1');
    expect(await h.isRevoked(r.token)).toBe(true);
    expect(await h.isRevoked(a.token)).toBe(true);
    expect(await h.isRevoked(b)).toBe(true);
    await expectAppError(h.call(identityRoutes.refresh, { body: { refresh_token: a.refresh_token } }), 401, 'SESSION_ENDED');
    await expectAppError(h.login(r.email, r.password), 401, 'INVALID_CREDENTIALS');
    // a sign-in right after, with the new password, is good (same second included)
    const fresh = await h.login(r.email, 'after-reset-1');
    expect(await h.isRevoked(fresh)).toBe(false);
  });

  it('lifts a sign-in lockout', async () => {
    const r = await h.register();
    for (let i = 0; i < 3; i++) await expectAppError(h.login(r.email, 'wrong-pass'), 401, 'INVALID_CREDENTIALS');
    await expectAppError(h.login(r.email, r.password), 429, 'SIGN_IN_LOCKED');
    await reset(await linkFor(r.email), 'unlocked-pass-1');
    await h.login(r.email, 'unlocked-pass-1');
  });

  it('of concurrent resets with one link exactly one succeeds', async () => {
    const r = await h.register();
    const token = await linkFor(r.email);
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => reset(token, `concurrent-pass-${i}`)));
    const ok = results.flatMap((x, i) => (x.status === 'fulfilled' ? [i] : []));
    expect(ok).toHaveLength(1);
    const codes = results.flatMap((x) => (x.status === 'rejected' ? [(x.reason as { code: string }).code] : []));
    expect(codes).toEqual(Array(5).fill('RESET_LINK_INVALID'));
    await h.login(r.email, `concurrent-pass-${ok[0]}`);
    const [row] = await h.svc.ds.query('SELECT used_at FROM password_reset_tokens WHERE token_hash = $1', [hashSecretToken(token)]);
    expect(row.used_at).not.toBeNull();
  });

  it('an account scheduled for deletion gets no link, and its links stop working', async () => {
    const r = await h.register();
    const token = await linkFor(r.email);
    await h.call(identityRoutes.deleteAccount, {}, r.caller);
    await forgot(r.email);
    expect(await mailsTo(r.email)).toHaveLength(1);
    await expectAppError(reset(token, 'new-pass-1'), 400, 'RESET_LINK_INVALID');
  });
});
