import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '@lp/contracts';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Google sign-in end to end through the gateway's passport strategy, against a local double
 * of Google's authorization-code endpoints (token and userinfo): the browser leaves with a
 * state bound to it by a cookie, comes back with a code, the gateway trades it for the
 * person, identity keeps them behind a one-time session id, and POST /auth/session signs in.
 */
describe('Google sign-in (passport-google-oauth20, against a double of Google)', () => {
  let stack: Stack;
  let google: Server;
  let googleUrl: string;
  const people = new Map<string, { sub: string; email: string; email_verified: boolean; name: string }>();
  const tokenRequests: URLSearchParams[] = [];

  beforeAll(async () => {
    google = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const json = (status: number, value: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        const url = new URL(req.url ?? '/', 'http://double');
        if (req.method === 'POST' && url.pathname === '/token') {
          const form = new URLSearchParams(body);
          tokenRequests.push(form);
          const code = form.get('code') ?? '';
          if (form.get('client_secret') !== 'double-secret' || !people.has(code)) return json(400, { error: 'invalid_grant' });
          return json(200, { access_token: `at-${code}`, token_type: 'Bearer', expires_in: 3600 });
        }
        if (req.method === 'GET' && url.pathname === '/userinfo') {
          const token = (req.headers.authorization ?? '').replace(/^Bearer /, '') || url.searchParams.get('access_token') || '';
          const person = people.get(token.replace(/^at-/, ''));
          return person ? json(200, person) : json(401, { error: 'invalid_token', error_description: 'bad token' });
        }
        json(404, {});
      });
    });
    await new Promise<void>((r) => google.listen(0, '127.0.0.1', r));
    googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    stack = await startStack({
      GOOGLE_CLIENT_ID: 'double-client',
      GOOGLE_CLIENT_SECRET: 'double-secret',
      PUBLIC_URL: 'https://learnhub.test',
      GOOGLE_AUTH_URL: `${googleUrl}/auth`,
      GOOGLE_TOKEN_URL: `${googleUrl}/token`,
      GOOGLE_USERINFO_URL: `${googleUrl}/userinfo`,
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await new Promise((r) => google?.close(r));
  });

  const leave = async (role: string) => {
    const res = await fetch(`${stack.url}/api/auth/google/start?role=${role}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { to, cookie, state: to.searchParams.get('state')! };
  };
  const back = (query: string, cookie?: string) =>
    fetch(`${stack.url}/api/auth/google/callback?${query}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

  it('leaves for Google with the client id, the callback address, the scopes and a state bound to this browser', async () => {
    const { to, cookie, state } = await leave('instructor');
    expect(`${to.origin}${to.pathname}`).toBe(`${googleUrl}/auth`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'double-client',
      redirect_uri: 'https://learnhub.test/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie).toBe(`lp_google_state=${state}.instructor`);
  });

  it('comes back signed in: the code is traded for the person, who signs in once with the chosen role', async () => {
    const email = uniqueEmail('gina');
    people.set('code-gina', { sub: '10987654321', email, email_verified: true, name: 'Gina Google' });
    const { cookie, state } = await leave('instructor');
    const res = await back(`state=${state}&code=code-gina`, cookie);
    expect(res.status).toBe(302);
    expect(tokenRequests.at(-1)?.get('redirect_uri')).toBe('https://learnhub.test/api/auth/google/callback');
    const hash = new URLSearchParams(res.headers.get('location')!.replace(/^\/#/, ''));
    expect(hash.get('role')).toBe('instructor');
    expect(res.headers.get('set-cookie')).toMatch(/^lp_google_state=; .*Max-Age=0/);
    const form = new URLSearchParams({ session_id: hash.get('session_id')!, role: hash.get('role')! }).toString();
    const signedIn = await stack.api<{ session_token: string; user: User }>('POST', '/auth/session', {
      raw: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([signedIn.status, signedIn.body.user.email, signedIn.body.user.name, signedIn.body.user.role]).toEqual([
      200,
      email,
      'Gina Google',
      'instructor',
    ]);
    const replay = await stack.api('POST', '/auth/session', {
      raw: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(replay.status).toBe(401);
  });

  it("sends the browser back with an error, and no session, when the state is not this browser's, Google refused, the code is bad or the e-mail unverified", async () => {
    people.set('code-unverified', { sub: '555', email: uniqueEmail('unverified'), email_verified: false, name: 'Unverified' });
    const { cookie, state } = await leave('learner');
    const outcomes = await Promise.all([
      back(`state=${state}&code=code-gina`), // no cookie: another browser's state
      back(`state=${state}x&code=code-gina`, cookie),
      back('error=access_denied', cookie),
      back(`state=${state}&code=unknown-code`, cookie),
      back(`state=${state}&code=code-unverified`, cookie),
    ]);
    expect(outcomes.map((r) => [r.status, r.headers.get('location')])).toEqual(Array(5).fill([302, '/#sign_in_error=google']));
  });
});
