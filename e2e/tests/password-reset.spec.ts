import { expect, test } from '@playwright/test';
import { loginViaApi, registerViaApi } from '../support/accounts.js';
import { authModal, expectDashboard, fillSignIn, openAuthModal } from '../support/ui.js';

// "Forgot password?" (besides the spec): a learner asks for a link in the sign-in modal, opens it
// from the development mailbox, sets a new password and signs in with it; the link works once.

const REQUESTED = 'If an account exists for that e-mail, we have sent a link to set a new password. It is valid for 60 minutes.';

test.describe('password reset', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a learner resets a forgotten password from the sign-in modal and signs in with the new one', async ({ page, request }) => {
    const account = await registerViaApi(request, 'learner', 'pw-reset');
    const newPassword = `New-${Math.random().toString(36).slice(2, 8)}-123456`;
    let link = '';

    await test.step('"Forgot password?" in the e-mail sign-in form asks for a link', async () => {
      const modal = await openAuthModal(page, 'login');
      await modal.getByRole('tab', { name: 'Email' }).click();
      await modal.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = modal.getByTestId('forgot-password');
      await expect(forgot.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      await forgot.getByLabel('Email', { exact: true }).fill('not-an-email');
      await forgot.getByRole('button', { name: 'Send Link' }).click();
      await expect(forgot.getByText('Enter a valid email address')).toBeVisible();
      await forgot.getByLabel('Email', { exact: true }).fill(account.email.toUpperCase());
      await forgot.getByRole('button', { name: 'Send Link' }).click();
      await expect(forgot.getByTestId('forgot-password-sent')).toHaveText(REQUESTED);
      // back to the sign-in form
      await forgot.getByRole('button', { name: 'Back to sign in' }).click();
      await expect(modal.getByTestId('email-sign-in-form')).toBeVisible();
    });

    await test.step('the e-mail arrives in the development mailbox and its link opens the reset page', async () => {
      await page.goto('/dev/mailbox');
      const mail = page.getByTestId('dev-mailbox-message').filter({ hasText: account.email }).first();
      // the worker sends it in the background
      await expect(mail).toBeVisible({ timeout: 20_000 });
      await mail.click();
      const body = page.getByTestId('dev-mailbox-body');
      await expect(body).toContainText(`reset the password of the account ${account.email}`);
      await expect(body).toContainText('valid for 60 minutes');
      const anchor = body.getByRole('link', { name: /\/reset-password\?token=/ });
      link = (await anchor.getAttribute('href'))!;
      await anchor.click();
      await expect(page).toHaveURL(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      await expect(page.getByTestId('reset-password')).toBeVisible();
    });

    await test.step('the new password, twice, is set', async () => {
      const card = page.getByTestId('reset-password');
      await card.getByLabel('New Password', { exact: true }).fill(newPassword);
      await card.getByLabel('Confirm New Password', { exact: true }).fill(`${newPassword}x`);
      await card.getByRole('button', { name: 'Set Password' }).click();
      await expect(card.getByText('Passwords do not match')).toBeVisible();
      await card.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
      await card.getByRole('button', { name: 'Set Password' }).click();
      await expect(card.getByTestId('reset-password-done')).toHaveText('Your password is set. You can sign in now.');
      expect((await loginViaApi(request, account.email, account.password)).status).toBe(401);
    });

    await test.step('sign-in opens from the page, and the new password signs in', async () => {
      await page.getByTestId('reset-password').getByRole('button', { name: 'Sign In' }).click();
      const modal = authModal(page);
      await expect(modal).toBeVisible();
      await expect(modal).toHaveAttribute('data-mode', 'login');
      await fillSignIn(modal, account.email, newPassword);
      await expectDashboard(page, 'learner', account.name);
    });

    await test.step('the link works once', async () => {
      const other = await page.context().browser()!.newContext();
      const again = await other.newPage();
      try {
        await again.goto(link);
        const card = again.getByTestId('reset-password');
        await card.getByLabel('New Password', { exact: true }).fill('another-pass-1');
        await card.getByLabel('Confirm New Password', { exact: true }).fill('another-pass-1');
        await card.getByRole('button', { name: 'Set Password' }).click();
        await expect(card.getByTestId('reset-password-error')).toHaveText('This link is no longer valid. Ask for a new one.');
      } finally {
        await other.close();
      }
    });
  });
});
