import { expect, type APIRequestContext } from '@playwright/test';
import { loginViaApi } from './accounts.js';

/** The demo accounts' password (DEMO_PASSWORD in libs/service-kit/src/seed/seed-context.ts). */
export const DEMO_PASSWORD = 'Password123!';

/** A token of a seeded demo account, through POST /api/auth/login. */
export async function demoToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await loginViaApi(request, email, DEMO_PASSWORD);
  expect(login.status, `${email} signs in`).toBe(200);
  return (login.body as { token: string }).token;
}

/**
 * Waits until `npm start`'s seed has finished: Playwright starts the tests once /api/health
 * answers, while the seed may still be writing. Mentoring is the last area seeded, and the demo
 * mentor's completed sessions its last rows.
 */
export async function waitForDemoData(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const login = await loginViaApi(request, 'mentor@learnhub.local', DEMO_PASSWORD);
        if (login.status !== 200) return 0;
        const res = await request.get('/api/sessions/my?status=completed', {
          headers: { Authorization: `Bearer ${(login.body as { token: string }).token}` },
        });
        return res.ok() ? ((await res.json()) as { total: number }).total : 0;
      },
      { timeout: 120_000, intervals: [1000], message: 'the demo data is seeded' },
    )
    .toBeGreaterThanOrEqual(3);
}
