import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { identityInternal, identityRoutes } from '@lp/contracts';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start({ GOOGLE_PROVIDER: 'none' });
});
afterAll(async () => {
  await h.stop();
});

describe('external sign-in sessions (GOOGLE_PROVIDER=none: no development stand-in)', () => {
  it('hides the development provider (404) and refuses an unknown session (401)', async () => {
    await expectAppError(h.call(identityRoutes.devProviderSession, { body: { email: uniqueEmail(), name: 'Dev' } }), 404, 'NOT_FOUND');
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id: 'anything' } }), 401, 'INVALID_SESSION');
  });

  it("signs in the person the gateway's Google strategy vouched for, once", async () => {
    const email = uniqueEmail();
    const { session_id } = await h.internal(identityInternal.externalSession, {
      provider: 'google',
      subject: '1098765',
      email,
      name: 'Gina Google',
    });
    const signedIn = await h.call(identityRoutes.sessionExchange, { body: { session_id, role: 'instructor' } });
    expect([signedIn.user.email, signedIn.user.name, signedIn.user.role]).toEqual([email, 'Gina Google', 'instructor']);
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id } }), 401, 'INVALID_SESSION');
  });

  it('refuses a vouched person without a valid e-mail', async () => {
    await expectAppError(
      h.internal(identityInternal.externalSession, { provider: 'google', subject: '1', email: 'not-an-email', name: 'X' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
