import { expect, test } from '@playwright/test';
import { registerViaApi, signInWithToken, uniqueEmail } from '../support/accounts.js';
import { openUserMenu, TEXT } from '../support/ui.js';

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

test.describe('pages of the app that are not built yet', () => {
  test('the user menu marks Referrals "Soon", and its page says what Referrals will do', async ({ page, request }) => {
    const account = await registerViaApi(request, 'instructor', 'soon-referrals');
    await signInWithToken(page, account.token, '/instructor/dashboard');
    const menu = await openUserMenu(page);
    const referrals = menu.getByRole('menuitem', { name: 'Referrals (coming soon)', exact: true });
    await expect(referrals.getByText('Soon', { exact: true })).toBeVisible();
    // built entries carry no such mark
    await expect(menu.getByRole('menuitem', { name: 'Account Settings', exact: true })).toBeVisible();
    await referrals.click();

    await expect(page).toHaveURL(/\/referrals$/);
    const soonPage = page.getByTestId('not-yet-available');
    await expect(soonPage).toHaveAttribute('data-area', 'referrals');
    await expect(soonPage.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
    await expect(soonPage.getByRole('listitem')).toHaveText([
      'Your own referral code and a link to share it.',
      'The list of the people who joined through your link.',
    ]);
    await soonPage.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/instructor\/dashboard$/);
  });

  test('a page reached only by address (the AI summarizer) names its own area too', async ({ page, request }) => {
    const account = await registerViaApi(request, 'learner', 'soon-summarizer');
    await signInWithToken(page, account.token, '/ai/summarizer');
    const soonPage = page.getByTestId('not-yet-available');
    await expect(soonPage).toHaveAttribute('data-area', 'aiSummarizer');
    await expect(soonPage.getByRole('heading', { level: 1, name: 'AI Summarizer' })).toBeVisible();
    await expect(soonPage).toContainText('Paste a text or a lesson and get a short summary of it.');
    await expect(page).toHaveTitle(/^AI Summarizer/);
  });
});
