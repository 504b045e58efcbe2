import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityRoutes } from '@lp/contracts';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start();
});
afterAll(async () => {
  await h.stop();
});

/** A portal as institution's member events write it (institution-portals.test.ts sends the events themselves). */
async function addMembership(
  userId: string,
  o: { institutionId?: string; name?: string; role?: string; accessLevel?: string; primary?: boolean } = {},
) {
  const institutionId = o.institutionId ?? randomUUID();
  await h.svc.ds.query(
    `INSERT INTO portal_memberships (institution_id, user_id, institution_name, subdomain, role, access_level, is_primary)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [institutionId, userId, o.name ?? 'Acme Academy', 'acme', o.role ?? 'institution', o.accessLevel ?? 'standard', o.primary ?? true],
  );
  return institutionId;
}

describe('portal context and switching', () => {
  it('a new user has no portals and cannot switch (403 NO_PORTAL_ACCESS)', async () => {
    const r = await h.register();
    await expect(h.call(identityRoutes.portalContext, {}, r.caller)).resolves.toEqual({ available_portals: [] });
    await expectAppError(
      h.call(identityRoutes.switchPortal, { body: { target_institution_id: randomUUID() } }, r.caller),
      403,
      'NO_PORTAL_ACCESS',
    );
  });

  it('lists memberships, scopes sign-in to the primary portal and switches to another', async () => {
    const r = await h.register({ role: 'institution' });
    const primary = await addMembership(r.userId, { name: 'Alpha', primary: true });
    const second = await addMembership(r.userId, { name: 'Beta', role: 'instructor', primary: false });

    const login = await h.call(identityRoutes.crossPortalLogin, { body: { email: r.email, password: r.password } });
    expect(login.institution).toEqual({ id: primary, name: 'Alpha', subdomain: 'acme' });
    expect(login.user.institution).toEqual({ id: primary, name: 'Alpha', subdomain: 'acme' });
    expect(login.available_portals.map((p) => [p.name, p.is_primary, p.is_current])).toEqual([
      ['Alpha', true, true],
      ['Beta', false, false],
    ]);
    const caller = h.callerOf(login.access_token);
    expect(caller.institutionId).toBe(primary);

    const switched = await h.call(identityRoutes.switchPortal, { body: { target_institution_id: second } }, caller);
    expect(switched.institution).toEqual({ id: second, name: 'Beta', subdomain: 'acme' });
    const scoped = h.callerOf(switched.access_token);
    expect(scoped).toMatchObject({ userId: r.userId, institutionId: second });
    // the portal left behind is signed out: its token and its refresh token are dead
    expect(scoped.sessionId).not.toBe(caller.sessionId);
    expect(await h.isRevoked(login.access_token)).toBe(true);
    expect(await h.isRevoked(switched.access_token)).toBe(false);
    const [old] = await h.svc.ds.query('SELECT revoked_at FROM sessions WHERE id = $1', [caller.sessionId]);
    expect(old.revoked_at).not.toBeNull();
    const ctx = await h.call(identityRoutes.portalContext, {}, scoped);
    expect(ctx.available_portals.find((p) => p.is_current)?.institution_id).toBe(second);
    expect((await h.call(identityRoutes.me, {}, scoped)).available_portals.find((p) => p.is_current)?.name).toBe('Beta');
  });
});

describe('coming soon', () => {
  it('subscribes an e-mail once, however often it is sent', async () => {
    const email = uniqueEmail();
    const first = await h.call(identityRoutes.comingSoonSubscribe, { body: { email } });
    expect(first).toEqual({ message: "Thank you! We'll notify you when we launch." });
    await h.call(identityRoutes.comingSoonSubscribe, { body: { email: email.toUpperCase() } });
    await Promise.all([1, 2, 3].map(() => h.call(identityRoutes.comingSoonSubscribe, { body: { email } })));
    const [{ count }] = await h.svc.ds.query('SELECT count(*)::int AS count FROM coming_soon_subscriptions WHERE email = $1', [email]);
    expect(count).toBe(1);
  });

  it('needs a valid e-mail (400)', async () => {
    await expectAppError(h.call(identityRoutes.comingSoonSubscribe, { body: { email: 'nope' } }), 400, 'VALIDATION_FAILED');
  });
});
