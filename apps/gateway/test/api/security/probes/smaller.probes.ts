import { describe, expect, it } from '@jest/globals';
import { PROBE_PASSWORD, type ProbeTarget } from '../target.js';

/**
 * Issue 24, attack 5 (the smaller ones): an overlong address answered in Fastify's shape with
 * no security headers; answers carrying tokens were cacheable; password spraying across many
 * e-mails from one address was never slowed (40 x 401, no 429). The spray runs last: it leaves
 * the address's sign-ins paused for the window.
 */
export function smallerProbes(target: () => ProbeTarget): void {
  describe('attack 5: framework errors, caching, spraying', () => {
    it('an address over 16 KB answers 431 in the error shape with the security headers', async () => {
      const res = await fetch(`${target().url}/api/courses?search=${'a'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({ detail: expect.any(String), code: 'REQUEST_HEADERS_TOO_LARGE', errors: [] });
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('answers with tokens or private data are no-store (the catalogue needs a session: only covers are public)', async () => {
      const me = await target().register('learner', 'cache');
      const login = await target().api('POST', '/auth/login', { body: { email: me.email, password: PROBE_PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.headers.get('cache-control')).toBe('no-store');
      const profile = await target().api('GET', '/auth/me', { token: me.token });
      expect(profile.status).toBe(200);
      expect(profile.headers.get('cache-control')).toBe('no-store');
      const courses = await target().api('GET', '/courses', { token: me.token });
      expect(courses.headers.get('cache-control')).toBe('no-store');
      const refused = await target().api('GET', '/auth/me');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      const unknown = await target().api('GET', '/no-such-route');
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('cache-control')).toBe('no-store');
    });

    it('one address spraying a password across 40 accounts is paused (429) within its first 31 refusals', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await target().api('POST', '/auth/login', {
          body: { email: `spray.${Date.now()}.${i}@example.test`, password: 'Summer2026!' },
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
          break;
        }
      }
      expect(statuses).toContain(429);
      expect(statuses.indexOf(429)).toBeLessThanOrEqual(30);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    });
  });
}
