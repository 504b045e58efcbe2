import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.js';
import { TEXT } from '../support/ui.js';

test.describe('coming-soon page', () => {
  test('Notify Me with an e-mail thanks the visitor', async ({ page }) => {
    await page.goto('/');
    // the landing page links to it
    await page.getByRole('contentinfo').getByRole('link', { name: 'Launch updates' }).click();
    await expect(page).toHaveURL(/\/coming-soon$/);
    await expect(page).toHaveTitle('Coming soon · LearnHub');

    const email = page.getByLabel('Email', { exact: true });
    const notify = page.getByRole('button', { name: 'Notify Me' });
    await expect(email).toHaveAttribute('type', 'email');

    // spec 5: the e-mail is required (an empty field is refused on the client)
    await notify.click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toBeVisible();
    await email.fill('not-an-email');
    await notify.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid email address' })).toBeVisible();

    await email.fill(uniqueEmail('notify'));
    await notify.click();
    await expect(page.getByTestId('coming-soon-success')).toHaveText(TEXT.comingSoonSuccess);
    await expect(notify).toBeHidden();
  });
});
