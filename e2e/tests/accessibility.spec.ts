import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { authModal, openAuthModal } from '../support/ui.js';

const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe on the page as it is and fails on any serious or critical violation, listing them all. */
async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
  expect(blocking, `axe found serious/critical violations on ${what}:\n\n${report}`).toEqual([]);
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, 'the landing page');
  });

  test('auth modal, register and login mode', async ({ page }) => {
    const modal = await openAuthModal(page, 'register');
    await expect(modal.getByLabel('Name', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the auth modal (register)');
    // validation messages shown
    await modal.getByRole('button', { name: 'Create Account' }).click();
    await expect(modal.getByRole('alert').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'the auth modal with validation errors');
    await modal.getByTestId('auth-mode-toggle').click();
    await expect(authModal(page)).toHaveAttribute('data-mode', 'login');
    await expectNoSeriousViolations(page, 'the auth modal (login)');
  });

  test('signed-in shell: the learner dashboard', async ({ page, request }) => {
    const account = await registerViaApi(request, 'learner', 'a11y-shell');
    await signInWithToken(page, account.token, '/learner/dashboard');
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expectNoSeriousViolations(page, 'the learner dashboard');
  });

  test('account settings', async ({ page, request }) => {
    const account = await registerViaApi(request, 'instructor', 'a11y-settings');
    await signInWithToken(page, account.token, '/account-settings');
    await expect(page.getByTestId('account-settings')).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText(account.name);
    await expectNoSeriousViolations(page, '/account-settings');
  });
});
