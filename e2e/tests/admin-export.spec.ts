import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInWithToken, uniqueEmail } from '../support/accounts.js';
import { adminToken } from '../support/billing.js';

/**
 * Issue 24, attack 5: names typed at registration (or put there by an institution's bulk CSV)
 * like =HYPERLINK(...) would run in a spreadsheet. The admin's Export Data downloads every
 * account as CSV with such cells neutralised (OWASP's rule: a leading apostrophe), and shows
 * its progress while it pages through the directory.
 */
test('the admin exports the user directory as CSV; a formula-looking name opens as text', async ({ page, request }) => {
  const email = uniqueEmail('formula');
  const name = '=HYPERLINK("http://evil.example","Click me")';
  const res = await request.post('/api/auth/register', { data: { name, email, password: 'Pw-formula-123456', role: 'learner' } });
  expect(res.status(), await res.text()).toBe(201);

  await signInWithToken(page, await adminToken(request), '/admin/dashboard');
  await expect(page.getByTestId('admin-overview')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('quick-exportData').click()]);
  expect(download.suggestedFilename()).toMatch(/^learnhub-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('id,name,email,phone,role,status,created_at');
  const row = lines.find((l) => l.includes(email));
  expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click me"")"`);
  expect(lines.some((l) => l.includes('admin@learnhub.local'))).toBe(true);
  await expect(page.getByText(/accounts exported/)).toBeVisible();
});
