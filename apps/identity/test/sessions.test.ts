import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityRoutes } from '@lp/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_SECONDS } from '@lp/auth';
import { IdentityHarness, expectAppError } from './support/identity-harness.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start();
}, 60_000);
afterAll(() => h.stop());

type Granted = { token: string; refresh_token: string; refresh_expires_in: number };

const signIn = async (): Promise<{ email: string; first: Granted }> => {
  const r = await h.register();
  const first = (await h.call(identityRoutes.login, { body: { email: r.email, password: r.password } })) as unknown as Granted;
  return { email: r.email, first };
};
const refresh = (refreshToken: string) =>
  h.call(identityRoutes.refresh, { body: { refresh_token: refreshToken } }) as unknown as Promise<Granted & { expires_in: number }>;

describe('short access tokens and rotating refresh tokens', () => {
  it('signs in with a 15-minute access token and a refresh token for the 30-day session, stored only as a hash', async () => {
    const { first } = await signIn();
    const v = h.tokens.verify(first.token);
    expect(v.expiresAt - v.issuedAt).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(first.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.refresh_expires_in).toBe(SESSION_TTL_SECONDS);
    const rows = await h.svc.ds.query('SELECT token_hash FROM refresh_tokens WHERE session_id = $1', [v.caller.sessionId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(first.refresh_token);
  });

  it('rotates: a refresh answers a new access token of the same session and a new refresh token', async () => {
    const { first } = await signIn();
    const next = await refresh(first.refresh_token);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(next.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(h.callerOf(next.token)).toEqual(h.callerOf(first.token));
    // the session's end does not move with each refresh
    expect(next.refresh_expires_in).toBeLessThanOrEqual(first.refresh_expires_in);
    const third = await refresh(next.refresh_token);
    expect(await h.isRevoked(third.token)).toBe(false);
  });

  it('a reused refresh token ends the whole session: every token of the family dies', async () => {
    const { first } = await signIn();
    const next = await refresh(first.refresh_token);
    // the thief (or the victim) presents the spent token
    await expectAppError(refresh(first.refresh_token), 401, 'REFRESH_TOKEN_REUSED');
    await expectAppError(refresh(next.refresh_token), 401, 'SESSION_ENDED');
    expect(await h.isRevoked(next.token)).toBe(true);
    expect(await h.isRevoked(first.token)).toBe(true);
  });

  it('of ten concurrent refreshes with one token exactly one succeeds, and the reuse ends the session', async () => {
    const { first } = await signIn();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refresh(first.refresh_token)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    const codes = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code: string }).code] : []));
    expect(codes).toContain('REFRESH_TOKEN_REUSED');
    expect(codes.every((c) => c === 'REFRESH_TOKEN_REUSED' || c === 'SESSION_ENDED')).toBe(true);
    const winner = (ok[0] as PromiseFulfilledResult<Granted>).value;
    expect(await h.isRevoked(winner.token)).toBe(true);
    await expectAppError(refresh(winner.refresh_token), 401, 'SESSION_ENDED');
  });

  it('refuses an unknown token, and any token of a signed-out session', async () => {
    await expectAppError(refresh('x'.repeat(43)), 401, 'SESSION_ENDED');
    const { first } = await signIn();
    await h.call(identityRoutes.logout, {}, h.callerOf(first.token));
    await expectAppError(refresh(first.refresh_token), 401, 'SESSION_ENDED');
  });

  it("a password change ends the other sessions' refresh tokens too", async () => {
    const r = await h.register();
    const a = (await h.call(identityRoutes.login, { body: { email: r.email, password: r.password } })) as unknown as Granted;
    const b = (await h.call(identityRoutes.login, { body: { email: r.email, password: r.password } })) as unknown as Granted;
    await h.call(
      identityRoutes.changePassword,
      { body: { current_password: r.password, new_password: 'another-pass-2' } },
      h.callerOf(a.token),
    );
    await expectAppError(refresh(b.refresh_token), 401, 'SESSION_ENDED');
  });
});

describe('download links', () => {
  it('makes a link only for a file route, bound to that path', async () => {
    const r = await h.register();
    const made = await h.call(identityRoutes.downloadLink, { body: { path: '/api/users/export-data' } }, r.caller);
    expect(made.url).toMatch(/^\/api\/users\/export-data\?link=[\w.-]+$/);
    expect(made.expires_in).toBe(ACCESS_TOKEN_TTL_SECONDS);
    await expectAppError(h.call(identityRoutes.downloadLink, { body: { path: '/api/auth/me' } }, r.caller), 400, 'VALIDATION_FAILED');
    await expectAppError(h.call(identityRoutes.downloadLink, { body: { path: '/api/users/export-data' } }, null), 401, 'UNAUTHENTICATED');
  });
});
