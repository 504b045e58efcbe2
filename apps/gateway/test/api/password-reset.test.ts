import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DevMailboxMessage } from '@lp/service-kit';
import { startStack, uniqueEmail, type Stack } from './harness.js';

type Entry = Omit<DevMailboxMessage, 'raw'>;

const REQUESTED = 'If an account exists for that e-mail, we have sent a link to set a new password. It is valid for 60 minutes.';

/**
 * "Forgot password?" through the gateway (besides ROUTES.md): the same 202 for any e-mail,
 * the link in the development mailbox (the worker sends identity's e-mail job), a reset that
 * works once and signs the account out everywhere, validation and the per-address limit.
 */
describe('password reset through the gateway', () => {
  let stack: Stack;
  let ip = 0;
  /** each test its own address, so the real per-address limits (scale 1) count only its own requests */
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++ip}` });

  const register = async (headers = from()) => {
    const email = uniqueEmail('reset');
    const res = await stack.api<{ token: string }>('POST', '/auth/register', {
      body: { name: 'Rahel Tesfaye', email, password: 'secret-pass-1', role: 'learner' },
      headers,
    });
    expect(res.status).toBe(201);
    return { email, token: res.body.token };
  };
  /** the reset link of the newest e-mail to `to`, once the worker has put it into the mailbox */
  const linkFor = async (to: string, count = 1): Promise<string> => {
    for (let i = 0; i < 100; i++) {
      const list = await stack.api<{ messages: Entry[] }>('GET', '/dev/mailbox');
      const ours = list.body.messages.filter((m) => m.to === to);
      if (ours.length >= count) {
        const m = /https:\/\/learn\.example\/reset-password\?token=[A-Za-z0-9_-]+/.exec(ours[0]!.text);
        if (!m) throw new Error(`no link in ${ours[0]!.text}`);
        return m[0];
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no e-mail to ${to}`);
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  beforeAll(async () => {
    stack = await startStack({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true', PUBLIC_URL: 'https://learn.example' });
  }, 90_000);
  afterAll(async () => stack?.stop(), 30_000);

  it('answers 202 with the same message whether or not the e-mail has an account, and mails only the account', async () => {
    const { email } = await register();
    const nobody = uniqueEmail('nobody');
    const headers = from();
    const unknown = await stack.api('POST', '/auth/password/forgot', { body: { email: nobody }, headers });
    const known = await stack.api('POST', '/auth/password/forgot', { body: { email: email.toUpperCase() }, headers });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual({ message: REQUESTED });
    expect(known.body).toEqual(unknown.body);

    const link = await linkFor(email);
    const [mail] = (await stack.api<{ messages: Entry[] }>('GET', '/dev/mailbox')).body.messages.filter((m) => m.to === email);
    expect(mail).toMatchObject({ subject: 'Reset your learning platform password', kind: 'identity.password-reset' });
    expect(mail!.text).toContain('valid for 60 minutes');
    expect(link).toMatch(/^https:\/\/learn\.example\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect((await stack.api<{ messages: Entry[] }>('GET', '/dev/mailbox')).body.messages.filter((m) => m.to === nobody)).toEqual([]);
  }, 60_000);

  it('sets the password once with the link, ends the old sessions, and the new password signs in', async () => {
    const { email, token: oldToken } = await register();
    expect((await stack.api('GET', '/auth/me', { token: oldToken })).status).toBe(200);
    const headers = from();
    expect((await stack.api('POST', '/auth/password/forgot', { body: { email }, headers })).status).toBe(202);
    const token = tokenOf(await linkFor(email));

    const done = await stack.api('POST', '/auth/password/reset', { body: { token, password: 'brand-new-pass-1' }, headers });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your password is set. You can sign in now.' });

    expect((await stack.api('GET', '/auth/me', { token: oldToken })).status).toBe(401);
    expect((await stack.api('POST', '/auth/login', { body: { email, password: 'secret-pass-1' }, headers })).status).toBe(401);
    const login = await stack.api<{ token: string }>('POST', '/auth/login', { body: { email, password: 'brand-new-pass-1' }, headers });
    expect(login.status).toBe(200);
    expect((await stack.api('GET', '/auth/me', { token: login.body.token })).status).toBe(200);

    const again = await stack.api('POST', '/auth/password/reset', { body: { token, password: 'another-pass-2' }, headers });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      detail: 'This link is no longer valid. Ask for a new one.',
      code: 'RESET_LINK_INVALID',
      errors: [{ path: 'token', message: 'This link is no longer valid. Ask for a new one.' }],
    });
  }, 60_000);

  it('refuses invalid bodies with the field errors', async () => {
    const headers = from();
    const forgot = await stack.api<{ code: string; errors: Array<{ path: string; message: string }> }>('POST', '/auth/password/forgot', {
      body: { email: 'not-an-email' },
      headers,
    });
    expect(forgot.status).toBe(400);
    expect(forgot.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'email', message: 'Enter a valid email address' }] });

    const reset = await stack.api<{ code: string; errors: Array<{ path: string; message: string }> }>('POST', '/auth/password/reset', {
      body: { token: '', password: '123' },
      headers,
    });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('VALIDATION_FAILED');
    expect(reset.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'token', message: 'The link is incomplete' },
        { path: 'password', message: 'Password must be at least 6 characters long' },
      ]),
    );
    const unknown = await stack.api('POST', '/auth/password/reset', {
      body: { token: 'x'.repeat(43), password: 'long-enough-1' },
      headers,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
  });

  it('limits the asking per address', async () => {
    const headers = from();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await stack.api('POST', '/auth/password/forgot', { body: { email: uniqueEmail('limit') }, headers })).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});
