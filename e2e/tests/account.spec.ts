import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { loginViaApi, registerViaApi, signInWithToken, storedToken } from '../support/accounts.js';
import { authModal, expectDashboard, fillSignIn, openAuthModal, signOut, TEXT, toast } from '../support/ui.js';

/** Opens /account-settings signed in as a fresh account of `role` (made through the API). */
async function settingsOf(
  page: Page,
  request: Parameters<typeof registerViaApi>[0],
  role: Parameters<typeof registerViaApi>[1],
  tag: string,
) {
  const account = await registerViaApi(request, role, tag);
  await signInWithToken(page, account.token, '/account-settings');
  await expect(page.getByTestId('account-settings')).toBeVisible();
  return account;
}

test.describe('account settings', () => {
  test('the personal information card shows name, e-mail, role and member-since date', async ({ page, request }) => {
    const account = await settingsOf(page, request, 'instructor', 'info');
    await expect(page).toHaveTitle('Account Settings · LearnHub');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

    const card = page.getByRole('region', { name: 'Personal Information' });
    await expect(card.getByTestId('account-name')).toHaveText(account.name);
    await expect(card.getByTestId('account-email')).toHaveText(account.email);
    await expect(card.getByTestId('account-role')).toHaveText('Instructor');
    const since = card.getByTestId('account-member-since').locator('time');
    await expect(since).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    await expect(since).not.toBeEmpty();

    // spec 2.14: the other sections are there
    for (const name of ['Notifications', 'Privacy & Security', 'Danger Zone']) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
  });

  test('change password: client checks, the server message, success, then only the new password signs in', async ({ page, request }) => {
    const account = await settingsOf(page, request, 'learner', 'password');
    const newPassword = `${account.password}-new`;

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByTestId('change-password-dialog');
    await expect(dialog).toBeVisible();
    const current = dialog.getByLabel('Current Password', { exact: true });
    const next = dialog.getByLabel('New Password', { exact: true });
    const confirm = dialog.getByLabel('Confirm New Password', { exact: true });
    const submit = dialog.getByRole('button', { name: 'Change Password' });

    // spec 5: match first, then length; nothing is sent
    await current.fill(account.password);
    await next.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await submit.click();
    await expect(dialog.getByText(TEXT.passwordsMismatch)).toBeVisible();
    await expect(dialog).toBeVisible();

    await next.fill('abc');
    await confirm.fill('abc');
    await submit.click();
    await expect(dialog.getByText(TEXT.passwordTooShort)).toBeVisible();
    await expect(dialog).toBeVisible();

    // the current password is checked by the server only
    await current.fill('not-my-password');
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(toast(page, 'Failed to change password: Current password is incorrect')).toBeVisible();
    await expect(dialog).toBeVisible();

    await current.fill(account.password);
    await submit.click();
    await expect(toast(page, TEXT.passwordChanged)).toBeVisible();
    await expect(dialog).toBeHidden();
    // the session that made the change stays signed in
    await page.reload();
    await expect(page.getByTestId('account-settings')).toBeVisible();

    await signOut(page);
    const modal = await openAuthModal(page, 'login');
    await fillSignIn(modal, account.email, account.password);
    await expect(modal.getByTestId('auth-error')).toHaveText(TEXT.invalidCredentials);
    await fillSignIn(modal, account.email, newPassword);
    await expectDashboard(page, 'learner', account.name);
  });

  test('notification toggles persist across a reload; Edit Profile updates the name shown', async ({ page, request }) => {
    const account = await settingsOf(page, request, 'learner', 'prefs');
    const section = page.getByRole('region', { name: 'Notifications' });
    const reminders = section.getByRole('switch', { name: 'Study Reminders' });
    const deadlines = section.getByRole('switch', { name: 'Assignment Deadlines' });
    const email = section.getByRole('switch', { name: 'Email Notifications' });
    for (const s of [reminders, deadlines, email]) await expect(s).toHaveAttribute('aria-checked', 'true');

    const saved = (req: { url(): string; method(): string }) =>
      req.url().endsWith('/api/users/notification-settings') && req.method() === 'PUT';
    let answer = page.waitForResponse((res) => saved(res.request()));
    await reminders.click();
    expect((await answer).status()).toBe(200);
    await expect(reminders).toHaveAttribute('aria-checked', 'false');
    await expect(reminders).toBeEnabled();
    answer = page.waitForResponse((res) => saved(res.request()));
    await deadlines.click();
    expect((await answer).status()).toBe(200);
    await expect(deadlines).toHaveAttribute('aria-checked', 'false');

    await page.reload();
    await expect(reminders).toHaveAttribute('aria-checked', 'false');
    await expect(deadlines).toHaveAttribute('aria-checked', 'false');
    await expect(email).toHaveAttribute('aria-checked', 'true');

    // and back on
    answer = page.waitForResponse((res) => saved(res.request()));
    await reminders.click();
    expect((await answer).status()).toBe(200);
    await page.reload();
    await expect(reminders).toHaveAttribute('aria-checked', 'true');
    await expect(deadlines).toHaveAttribute('aria-checked', 'false');

    // Edit Profile: Full Name, Save Changes
    const newName = `${account.name} Renamed`;
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByTestId('edit-profile-dialog');
    await expect(dialog.getByLabel('Full Name')).toHaveValue(account.name);
    await expect(dialog.getByLabel('Email Address')).toHaveValue(account.email);
    await dialog.getByLabel('Full Name').fill(newName);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, TEXT.profileUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-name')).toHaveText(newName);
    await expect(page.getByTestId('user-menu')).toContainText(newName);

    await page.reload();
    await expect(page.getByTestId('account-name')).toHaveText(newName);
    await page.goto('/learner/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${newName}` })).toBeVisible();
  });

  test('Download My Data saves a JSON file that holds the account', async ({ page, request }) => {
    test.slow(); // a worker job gathers the data
    const account = await settingsOf(page, request, 'learner', 'export');
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download My Data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^LearnHub-data-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    expect(text).toContain(account.email);
    expect(() => JSON.parse(text)).not.toThrow();
    await expect(toast(page, TEXT.dataDownloaded)).toBeVisible();
  });

  test('Enable Two-Factor Authentication shows the QR code; a confirmed code turns it on for sign-in', async ({ page, request }) => {
    const account = await settingsOf(page, request, 'learner', 'twofa');
    await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
    const dialog = page.getByTestId('two-factor-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^2FA setup initiated!/)).toBeVisible();
    const qr = dialog.getByRole('img', { name: 'QR code to add LearnHub to your authenticator app' });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    // the data URL is a real image the browser decoded
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // finish the setup as an authenticator app would
    const secret = (await dialog.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await dialog.getByLabel('Authenticator code').fill(totp.generate());
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    await expect(toast(page, 'Two-factor authentication is on.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Privacy & Security' }).getByText('Two-factor authentication is on.')).toBeVisible();

    // sign-in now asks for a code; a code of a later time step (never used) lets the user in
    await signOut(page);
    const modal = await openAuthModal(page, 'login');
    await fillSignIn(modal, account.email, account.password);
    const code = modal.getByLabel('Authenticator code');
    await expect(code).toBeVisible();
    await expect(modal.getByTestId('auth-error')).toHaveCount(0);
    await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await modal.getByRole('button', { name: 'Sign In' }).click();
    await expectDashboard(page, 'learner', account.name);
  });

  test('Delete Account: a wrong phrase cancels; DELETE MY ACCOUNT deletes, signs out, and the account no longer signs in', async ({
    page,
    request,
  }) => {
    const account = await settingsOf(page, request, 'learner', 'delete');
    const danger = page.getByRole('region', { name: 'Danger Zone' });

    await danger.getByRole('button', { name: 'Delete Account' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Confirmation text').fill('delete my account');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page, TEXT.deleteMismatch)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/account-settings$/);
    expect((await loginViaApi(request, account.email, account.password)).status).toBe(200);

    await danger.getByRole('button', { name: 'Delete Account' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog.getByLabel('Confirmation text')).toHaveValue('');
    await dialog.getByLabel('Confirmation text').fill('DELETE MY ACCOUNT');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();

    // spec 4: signed out and sent to /
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('get-started')).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    const modal = await openAuthModal(page, 'login');
    await fillSignIn(modal, account.email, account.password);
    await expect(modal.getByTestId('auth-error')).toHaveText('This account is scheduled for deletion');
    await expect(page).toHaveURL(/\/$/);
    await expect(authModal(page)).toBeVisible();
    expect((await loginViaApi(request, account.email, account.password)).status).toBe(401);
  });
});
