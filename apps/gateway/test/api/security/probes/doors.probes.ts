import { describe, expect, it } from '@jest/globals';
import type { ProbeTarget } from '../target.js';

/** What a proxy on the gateway's machine adds when it forwards a stranger's request. */
const STRANGER = { 'x-forwarded-for': '203.0.113.9' };
const NOT_FOUND = { detail: 'Not found', code: 'NOT_FOUND', errors: [] };

/**
 * Issue 24, attack 1: passwordless sign-in as anyone. `POST /api/auth/dev-provider/session
 * {"email":"admin@learnhub.local"}` without a token, then `POST /api/auth/session` with the
 * session id, answered an admin session to whoever reached the port. The development doors now
 * answer only this machine (a stranger, here one forwarded by a proxy on this machine, is told
 * the path does not exist); the production side is proved in ../dev-doors.test.ts.
 */
export function doorProbes(target: () => ProbeTarget): void {
  describe('attack 1: development doors from a stranger', () => {
    it("the Google stand-in gives a stranger no session, not even the admin's", async () => {
      const res = await target().api('POST', '/auth/dev-provider/session', {
        body: { email: 'admin@learnhub.local', name: 'Admin' },
        headers: STRANGER,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('the demo checkout, the development mailbox and the stand-in page shut to a stranger', async () => {
      const checkout = await target().api('GET', '/demo-checkout/any-reference', { headers: STRANGER });
      expect(checkout.status).toBe(404);
      const act = await target().api('POST', '/demo-checkout/any-reference', { body: { action: 'confirm' }, headers: STRANGER });
      expect(act.status).toBe(404);
      const mailbox = await target().api('GET', '/dev/mailbox', { headers: STRANGER });
      expect(mailbox.status).toBe(404);
      expect(mailbox.body).toEqual(NOT_FOUND);
      // the "Continue with Google" start sends a stranger back with "unavailable", never to the stand-in
      const google = await fetch(`${target().url}/api/auth/google/start?role=learner`, { redirect: 'manual', headers: STRANGER });
      expect(google.status).toBe(302);
      expect(google.headers.get('location')).not.toContain('dev-google');
    });

    it('the same doors still serve this machine in development (what npm start is for)', async () => {
      const res = await target().api<{ session_id: string }>('POST', '/auth/dev-provider/session', {
        body: { email: `probe.${Date.now()}@example.test`, name: 'Probe Local' },
      });
      expect(res.status).toBe(200);
      expect(res.body.session_id).toEqual(expect.any(String));
    });
  });
}
