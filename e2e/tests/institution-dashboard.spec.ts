import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, uniqueEmail } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { auth, DEMO_INSTITUTION, uniqueSubdomain, verifiedInstitution, waitForInstitutionDemoData } from '../support/institution.js';
import { demoToken } from '../support/seeded.js';
import { toast } from '../support/ui.js';

/**
 * Issue 12, the institution dashboard's own work: subsidiaries two levels down and the org
 * chart, a bulk CSV import with a bad row, an API key used from outside, and a readonly member
 * who sees everything but may change nothing.
 */

interface Subsidiary {
  id: string;
  name: string;
  organizational_level: number;
  parent_institution_id: string | null;
}

async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`institution-tab-${tab}`).click();
  await expect(page.getByTestId(`institution-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** Fills the subsidiary dialog and saves; the subdomain must be found available first. */
async function addSubsidiary(page: Page, values: { name: string; level: string; levelType: string; parent: string }): Promise<void> {
  await page.getByTestId('subsidiary-add').click();
  const dialog = page.getByTestId('subsidiary-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('subsidiary-name-input').fill(values.name);
  const subdomain = uniqueSubdomain('sub');
  await dialog.getByTestId('subsidiary-subdomain-input').fill(subdomain);
  await dialog.getByTestId('subsidiary-level-input').selectOption(values.level);
  await dialog.getByTestId('subsidiary-level-type-input').selectOption(values.levelType);
  await dialog.getByTestId('subsidiary-parent-input').selectOption({ label: values.parent });
  await expect(dialog.getByTestId('subdomain-available')).toBeVisible();
  await dialog.getByTestId('subsidiary-submit').click();
  await expect(dialog).toBeHidden();
}

/** Opens an org chart node's children when they are folded. */
async function expand(node: Locator): Promise<void> {
  if ((await node.getAttribute('data-open')) !== 'true') {
    await node.locator(':scope > div button').first().click();
    await expect(node).toHaveAttribute('data-open', 'true');
  }
}

test.describe('institutions: the dashboard at work', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a verified institution adds a level-2 subsidiary, a level-3 one under it, and finds it in the org chart', async ({
    page,
    request,
  }) => {
    await waitForInstitutionDemoData(request);
    const { owner, institution } = await verifiedInstitution(request, 'inst-subs');
    await signInWithToken(page, owner.token, '/institution/dashboard');
    await expect(page.getByTestId('institution-name')).toHaveText(institution.name);
    await expect(page.getByTestId('institution-verification')).toHaveAttribute('data-status', 'verified');
    await openTab(page, 'subsidiaries');
    await expect(page.getByTestId('subsidiaries-empty')).toBeVisible();

    const branch = `E2E Branch ${Math.random().toString(36).slice(2, 6)}`;
    const department = `E2E Department ${Math.random().toString(36).slice(2, 6)}`;
    await addSubsidiary(page, { name: branch, level: '2', levelType: 'branch', parent: institution.name });
    await expect(page.getByTestId('subsidiary-name').filter({ hasText: branch })).toBeVisible();
    await addSubsidiary(page, { name: department, level: '3', levelType: 'department', parent: branch });
    await expect(page.getByTestId('subsidiary-name').filter({ hasText: department })).toBeVisible();

    const listed = await request.get(`/api/institutions/${institution.id}/subsidiaries`, { headers: auth(owner.token) });
    expect(listed.status()).toBe(200);
    const { subsidiaries } = (await listed.json()) as { subsidiaries: Subsidiary[] };
    const level2 = subsidiaries.find((s) => s.name === branch);
    const level3 = subsidiaries.find((s) => s.name === department);
    expect(level2).toMatchObject({ organizational_level: 2, parent_institution_id: institution.id });
    expect(level3).toMatchObject({ organizational_level: 3, parent_institution_id: level2!.id });

    const chart = page.getByTestId('org-chart');
    const top = chart.getByTestId(`org-node-${institution.id}`);
    await expect(top).toBeVisible();
    await expand(top);
    const middle = top.getByTestId(`org-node-${level2!.id}`);
    await expect(middle).toContainText(branch);
    await expand(middle);
    const bottom = middle.getByTestId(`org-node-${level3!.id}`);
    await expect(bottom).toContainText(department);
    await expect(bottom).toHaveAttribute('aria-level', '3');
    await expectNoSeriousA11yViolations(page, 'the Subsidiaries tab with its org chart');
  });

  test('a bulk CSV with one bad row: the progress reaches 100 and the bad row is named with its error', async ({ page, request }) => {
    await waitForInstitutionDemoData(request);
    const { owner } = await verifiedInstitution(request, 'inst-bulk');
    const good = [uniqueEmail('bulk-a'), uniqueEmail('bulk-b')];
    const csv = [
      'email,name,role',
      `${good[0]},Bulk Student A,student`,
      'not-an-email,Bad Row,student',
      `${good[1]},Bulk Teacher B,faculty`,
      '',
    ].join('\n');

    await signInWithToken(page, owner.token, '/institution/dashboard?tab=bulk-enroll');
    const bulk = page.getByTestId('institution-bulk');
    await expect(bulk).toBeVisible();
    await bulk.getByTestId('bulk-file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await bulk.getByTestId('bulk-submit').click();

    const report = bulk.getByTestId('bulk-current').getByTestId('bulk-report');
    await expect(report.getByTestId('bulk-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
    await expect(report).toHaveAttribute('data-status', 'completed');
    await expect(report.getByTestId('bulk-successful')).toHaveText('2');
    await expect(report.getByTestId('bulk-failed')).toHaveText('1');
    const errors = report.getByTestId('bulk-error-row');
    await expect(errors).toHaveCount(1);
    // rows are counted from the first under the header: the bad line is row 2
    await expect(errors.first()).toHaveAttribute('data-row', '2');
    await expect(errors.first().locator('td')).toHaveText(['2', 'not-an-email', 'Invalid e-mail address']);
    await expectNoSeriousA11yViolations(page, 'the Bulk Enroll tab with a finished import');
  });

  test('the demo institution makes an API key, which then reads its courses from outside and is counted', async ({
    page,
    request,
    context,
  }) => {
    await waitForInstitutionDemoData(request);
    const token = await demoToken(request, DEMO_INSTITUTION.admin);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, token, '/institution/dashboard?tab=api-keys');
    await expect(page.getByTestId('institution-name')).toHaveText(DEMO_INSTITUTION.name);
    const tab = page.getByTestId('api-keys-tab');

    const keyName = `E2E key ${Math.random().toString(36).slice(2, 8)}`;
    await tab.getByTestId('api-key-create').click();
    const form = page.getByTestId('api-key-form');
    await form.getByTestId('api-key-name-input').fill(keyName);
    await form.getByTestId('api-key-permission-courses.read').check();
    await form.getByTestId('api-key-submit').click();

    const created = page.getByTestId('api-key-created-dialog');
    await expect(created.getByTestId('api-key-warning')).toBeVisible();
    const shown = (await created.getByTestId('api-key-value').innerText()).trim();
    expect(shown).toMatch(/^lpk_/);
    await created.getByTestId('api-key-copy').click();
    await expect(toast(page, 'API key copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim()).toBe(shown);
    await created.getByTestId('api-key-created-done').click();
    await expect(created).toBeHidden();

    // from outside: the key alone, no session
    const byKey = await request.get('/api/institution/courses', { headers: { 'X-API-Key': copied.trim() } });
    expect(byKey.status(), await byKey.text()).toBe(200);
    const courses = (await byKey.json()) as { id: string; title: string }[];
    expect(courses.length).toBeGreaterThan(0);
    const bySession = await request.get('/api/institution/courses', { headers: auth(token) });
    expect(bySession.status()).toBe(200);
    const sessionCourses = (await bySession.json()) as { id: string }[];
    expect(courses.map((c) => c.id).sort()).toEqual(sessionCourses.map((c) => c.id).sort());

    const row = tab
      .locator('[data-testid^="api-key-row-"]')
      .filter({ has: page.getByTestId('api-key-name').getByText(keyName, { exact: true }) });
    await expect(async () => {
      await page.reload();
      await expect(row.getByTestId('api-key-calls')).toHaveText(/^[1-9]\d*/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('a readonly member sees the dashboard without change controls, and the server refuses their edit', async ({ page, request }) => {
    await waitForInstitutionDemoData(request);
    const { owner, institution } = await verifiedInstitution(request, 'inst-ro-owner');
    const reader = await registerViaApi(request, 'institution', 'inst-ro-reader');
    const grant = await request.post('/api/auth/grant-subsidiary-access', {
      headers: auth(owner.token),
      data: { institution_id: institution.id, user_email: reader.email, role: 'institution', access_level: 'readonly' },
    });
    expect(grant.status(), await grant.text()).toBe(200);
    // membership by consent (issue 24, item 3): the grant is an invitation the reader accepts as themself
    const invitations = await request.get('/api/institution-invitations', { headers: auth(reader.token) });
    const invitation = ((await invitations.json()) as { invitations: { id: string; institution_id: string }[] }).invitations.find(
      (i) => i.institution_id === institution.id,
    );
    expect(invitation, 'the grant reached the reader as an invitation').toBeDefined();
    const accepted = await request.post(`/api/institution-invitations/${invitation!.id}/accept`, { headers: auth(reader.token) });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // the reader's session enters the institution through the portal switch
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/auth/portal-context', { headers: auth(reader.token) });
          const body = (await res.json()) as { available_portals?: { institution_id: string }[] };
          return (body.available_portals ?? []).some((p) => p.institution_id === institution.id);
        },
        { timeout: 15_000, message: 'the granted institution is one of the reader portals' },
      )
      .toBe(true);
    const switched = await request.post('/api/auth/switch-portal', {
      headers: auth(reader.token),
      data: { target_institution_id: institution.id },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    const scoped = ((await switched.json()) as { access_token: string }).access_token;

    await signInWithToken(page, scoped, '/institution/dashboard?tab=students');
    const dashboard = page.getByTestId('institution-dashboard');
    await expect(dashboard).toHaveAttribute('data-institution-id', institution.id);
    await expect(dashboard).toHaveAttribute('data-can-edit', 'false');
    await expect(page.getByTestId('institution-access-level')).toBeVisible();
    const students = page.getByTestId('institution-members-student');
    await expect(students.getByTestId('institution-readonly-note')).toHaveText(
      'You have read-only access to this institution: you can look at everything here, but changes are made by its administrators.',
    );
    await expect(page.getByTestId('members-student-add')).toHaveCount(0);
    await openTab(page, 'subsidiaries');
    await expect(page.getByTestId('subsidiaries-tab')).toBeVisible();
    await expect(page.getByTestId('subsidiary-add')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the readonly dashboard');

    const edit = await request.put(`/api/institutions/${institution.id}`, { headers: auth(scoped), data: { name: 'Renamed by a reader' } });
    expect(edit.status()).toBe(403);
    expect(await edit.text()).toContain('READONLY_ACCESS');
  });
});
