import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS, revocationKeys } from '@lp/auth';
import { startStack, uniqueEmail, type Stack } from './harness.js';

type Auth = { token: string; user: { id: string } };
const PASSWORD = 'secret-pass-1';

/** The refresh cookie a response set, with its attributes. */
function refreshCookie(res: { headers: Headers }): { value: string; attrs: string[] } | null {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('lp_refresh='));
  if (!raw) return null;
  const [pair, ...attrs] = raw.split(';').map((p) => p.trim());
  return { value: pair!.slice('lp_refresh='.length), attrs };
}

describe('sessions through the gateway', () => {
  let stack: Stack;
  let redis: Redis;
  const register = async () => {
    const email = uniqueEmail();
    const res = await stack.api<Auth>('POST', '/auth/register', { body: { name: 'Sam', email, password: PASSWORD, role: 'learner' } });
    expect(res.status).toBe(201);
    return { ...res.body, email, cookie: refreshCookie(res)!.value };
  };
  const refresh = (cookie: string) =>
    stack.api<{ token: string; expires_in: number }>('POST', '/auth/refresh', { headers: { cookie: `lp_refresh=${cookie}` } });

  beforeAll(async () => {
    stack = await startStack();
    redis = new Redis(stack.env.REDIS_URL!);
  }, 90_000);
  afterAll(async () => {
    redis.disconnect();
    await stack.stop();
  }, 30_000);

  it('keeps the refresh token in an httpOnly, Secure, SameSite=Strict cookie, never in the body', async () => {
    const res = await stack.api<Auth & Record<string, unknown>>('POST', '/auth/login', {
      body: { email: (await register()).email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    const cookie = refreshCookie(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attrs).toEqual(
      expect.arrayContaining(['Path=/api/auth', 'HttpOnly', 'Secure', 'SameSite=Strict', `Max-Age=${30 * 24 * 3600}`]),
    );
    const [, payload] = res.body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
  });

  it('refreshes from the cookie, rotating it; a reused cookie ends the session for everyone', async () => {
    const me = await register();
    const first = await refresh(me.cookie);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['expires_in', 'token']);
    const rotated = refreshCookie(first)!.value;
    expect(rotated).not.toBe(me.cookie);
    expect((await stack.api('GET', '/auth/me', { token: first.body.token })).status).toBe(200);

    const replay = await refresh(me.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    // the failed refresh clears the browser's cookie
    expect(refreshCookie(replay)?.attrs).toContain('Max-Age=0');
    expect((await stack.api('GET', '/auth/me', { token: first.body.token })).body).toMatchObject({ code: 'TOKEN_REVOKED' });
    expect((await refresh(rotated)).status).toBe(401);
  });

  it('answers 401 without a cookie, and logout clears the cookie and ends the refresh token', async () => {
    expect((await stack.api('POST', '/auth/refresh')).body).toMatchObject({ code: 'SESSION_ENDED' });
    const me = await register();
    const out = await stack.api('POST', '/auth/logout', { token: me.token });
    expect(out.status).toBe(200);
    expect(refreshCookie(out)?.attrs).toContain('Max-Age=0');
    expect((await refresh(me.cookie)).body).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('opens files with a download link for that one path, never with a token in the URL', async () => {
    const me = await register();
    expect((await fetch(`${stack.url}/api/users/export-data?token=${me.token}`)).status).toBe(401);
    const link = await stack.link('/api/users/export-data', me.token);
    expect(link).not.toContain(me.token);
    const file = await stack.fetchFile(link);
    expect(file.status).toBe(200);
    // the link is for that path only, and is no bearer token
    const other = link.replace('/api/users/export-data', '/api/certificates/3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11');
    expect(await (await fetch(`${stack.url}${other}`)).json()).toMatchObject({ code: 'INVALID_DOWNLOAD_LINK' });
    const asBearer = new URL(link, stack.url).searchParams.get('link')!;
    expect((await stack.api('GET', '/auth/me', { token: asBearer })).status).toBe(401);
    // a link dies with its session
    await stack.api('POST', '/auth/logout', { token: me.token });
    expect((await fetch(`${stack.url}${link}`)).status).toBe(401);
  });

  it('lets no revoked token through while Redis comes back empty, and re-warms it from the database', async () => {
    const me = await register();
    const other = await stack.api<Auth>('POST', '/auth/login', { body: { email: me.email, password: PASSWORD } });
    await stack.api('POST', '/auth/logout', { token: me.token });
    // what a Redis restart leaves: neither the revocation nor the mark that the list is loaded
    const { sid } = JSON.parse(Buffer.from(me.token.split('.')[1]!, 'base64url').toString()) as { sid: string };
    const keys = revocationKeys(stack.env.BUS_PREFIX!);
    await redis.del(keys.session(sid), keys.warm);
    const during = await stack.api('GET', '/auth/me', { token: me.token });
    expect([401, 503]).toContain(during.status);
    const deadline = Date.now() + 20_000;
    let after = during;
    while (Date.now() < deadline && after.status !== 401) {
      await new Promise((r) => setTimeout(r, 250));
      after = await stack.api('GET', '/auth/me', { token: me.token });
    }
    expect(after.body).toMatchObject({ code: 'TOKEN_REVOKED' });
    expect((await stack.api('GET', '/auth/me', { token: other.body.token })).status).toBe(200);
  }, 30_000);
});
