import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { identityRoutes } from '@lp/contracts';
import { IdentityHarness, expectAppError, uniqueEmail } from './support/identity-harness.js';

jest.setTimeout(30_000);

let h: IdentityHarness;
beforeAll(async () => {
  h = await IdentityHarness.start({ GOOGLE_PROVIDER: 'none' });
});
afterAll(async () => {
  await h.stop();
});

describe('GOOGLE_PROVIDER=none', () => {
  it('hides the development provider (404) and refuses exchanges (503)', async () => {
    await expectAppError(h.call(identityRoutes.devProviderSession, { body: { email: uniqueEmail(), name: 'Dev' } }), 404, 'NOT_FOUND');
    await expectAppError(h.call(identityRoutes.sessionExchange, { body: { session_id: 'anything' } }), 503, 'PROVIDER_NOT_CONFIGURED');
  });
});
