import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken, storedToken } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { DEMO_INSTITUTION, onboardViaApi, uniqueSubdomain, waitForInstitutionDemoData } from '../support/institution.js';
import { demoToken } from '../support/seeded.js';
import { toast } from '../support/ui.js';

/**
 * Issue 12, an institution's start: onboarding (the subdomain kept as the server keeps it, its
 * availability asked while typing), the pending dashboard in a session scoped to the new
 * institution, and the platform admin's verification with notes.
 */

test.describe('institutions: onboarding and verification', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new institution account onboards, and its session enters the pending institution', async ({ page, request }) => {
    await waitForInstitutionDemoData(request);
    const owner = await registerViaApi(request, 'institution', 'inst-onboard');
    await signInWithToken(page, owner.token, '/institution/onboard');
    const form = page.getByTestId('onboarding-form');
    await expect(form).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the onboarding form');

    const name = `E2E Onboarded ${Math.random().toString(36).slice(2, 7)}`;
    await form.getByLabel('Institution name').fill(name);
    // the demo's pending institution holds this subdomain: typed loosely, it is cleaned up and found taken
    const subdomainInput = page.getByTestId('onboarding-subdomain');
    await subdomainInput.pressSequentially('Hawassa_Training!');
    await expect(subdomainInput).toHaveValue('hawassatraining');
    await subdomainInput.fill('');
    await subdomainInput.pressSequentially('Hawassa-Training');
    await expect(subdomainInput).toHaveValue('hawassa-training');
    await expect(page.getByTestId('onboarding-subdomain-taken')).toContainText(DEMO_INSTITUTION.pendingName);

    const subdomain = uniqueSubdomain('onb');
    await subdomainInput.fill('');
    await subdomainInput.pressSequentially(` ${subdomain.toUpperCase()} `);
    await expect(subdomainInput).toHaveValue(subdomain);
    await expect(page.getByTestId('onboarding-subdomain-preview')).toContainText(`${subdomain}.`);
    await expect(page.getByTestId('onboarding-subdomain-available')).toHaveText(`${subdomain} is available`);

    await page.getByTestId('onboarding-contact-email').fill(owner.email);
    await page.getByTestId('onboarding-country').fill('Ethiopia');
    const before = await storedToken(page);
    await page.getByTestId('onboarding-submit').click();

    await expect(page).toHaveURL(/\/institution\/dashboard$/, { timeout: 20_000 });
    const dashboard = page.getByTestId('institution-dashboard');
    await expect(dashboard.getByTestId('institution-name')).toHaveText(name);
    await expect(dashboard.getByTestId('institution-verification')).toHaveAttribute('data-status', 'pending');
    const banner = page.getByTestId('institution-status-banner');
    await expect(banner).toHaveAttribute('data-status', 'pending');
    await expect(banner).toContainText('Verification pending.');
    const institutionId = await dashboard.getAttribute('data-institution-id');
    expect(institutionId).toBeTruthy();

    // the session was switched to the new institution: a new token, the portal kept as current
    const after = await storedToken(page);
    expect(after, 'onboarding ends in a token scoped to the new institution').not.toBe(before);
    const current = await page.evaluate(() => window.localStorage.getItem('current_institution'));
    expect(JSON.parse(current ?? 'null')).toMatchObject({ id: institutionId });
    const context = await request.get('/api/auth/portal-context', { headers: { Authorization: `Bearer ${after}` } });
    expect(context.status()).toBe(200);
    const { available_portals } = (await context.json()) as { available_portals: { institution_id: string; is_current: boolean }[] };
    expect(available_portals.find((p) => p.institution_id === institutionId)?.is_current).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the pending institution dashboard');
  });

  test('the admin approves a pending institution with notes and sees it verified with a date', async ({ page, request }) => {
    await waitForInstitutionDemoData(request);
    const { institution } = await onboardViaApi(request, 'inst-verify');
    const admin = await demoToken(request, DEMO_INSTITUTION.platformAdmin);
    await signInWithToken(page, admin, '/admin/dashboard?tab=institutions');

    const list = page.getByTestId('admin-institutions');
    await list.getByTestId('admin-institution-status-filter').selectOption('pending');
    const row = list.locator(`[data-testid="admin-institution-row"][data-institution-id="${institution.id}"]`);
    await expect(row).toContainText(institution.name);
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(list.locator('[data-testid="admin-institution-row"]').filter({ hasText: DEMO_INSTITUTION.pendingName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the admin institutions tab');

    await row.getByTestId(`approve-institution-${institution.id}`).click();
    const dialog = page.getByTestId('verify-institution-dialog');
    await expect(dialog).toHaveAttribute('data-decision', 'verified');
    const notes = 'Registration papers checked by e2e.';
    await dialog.getByTestId('verify-institution-notes').fill(notes);
    await dialog.getByTestId('verify-institution-confirm').click();
    await expect(toast(page, `${institution.name} is verified.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await list.getByTestId('admin-institution-status-filter').selectOption('all');
    await expect(row).toHaveAttribute('data-status', 'verified');
    await expect(row.getByTestId('admin-institution-status')).toHaveText('Verified');
    await expect(row.getByTestId('admin-institution-decided-at')).toHaveText(/^Verified .*\d/);

    // what the server keeps: verified, with the notes and a date
    const answer = await request.get('/api/admin/institutions?status=verified', { headers: { Authorization: `Bearer ${admin}` } });
    const { institutions } = (await answer.json()) as {
      institutions: { id: string; verification_status: string; verification_notes: string | null; verified_at: string | null }[];
    };
    const kept = institutions.find((i) => i.id === institution.id);
    expect(kept).toMatchObject({ verification_status: 'verified', verification_notes: notes });
    expect(kept?.verified_at).toBeTruthy();
  });
});
