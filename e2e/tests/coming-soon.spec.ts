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
  test('the menu marks AI Tutor "Soon", and its page says what the AI tutor will do', async ({ page, request }) => {
    const account = await registerViaApi(request, 'instructor', 'soon-ai-tutor');
    await signInWithToken(page, account.token, '/instructor/dashboard');
    const nav = page.getByTestId('app-nav');
    await nav.getByRole('button', { name: 'AI Assistants', exact: true }).click();
    const menu = page.getByRole('menu');
    const tutor = menu.getByRole('menuitem', { name: 'AI Tutor (coming soon)', exact: true });
    await expect(tutor.getByText('Soon', { exact: true })).toBeVisible();
    await tutor.click();

    await expect(page).toHaveURL(/\/ai-tutor$/);
    const soonPage = page.getByTestId('not-yet-available');
    await expect(soonPage).toHaveAttribute('data-area', 'aiTutor');
    await expect(soonPage.getByRole('heading', { level: 1, name: 'AI Tutor' })).toBeVisible();
    await expect(soonPage.getByRole('listitem')).toHaveText([
      'Chat with an AI tutor at any hour about what you are learning.',
      'Open it from a course to ask questions about that course.',
      'Your conversation stays on the page as a list of messages.',
    ]);
    await soonPage.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/instructor\/dashboard$/);
  });

  test('the user menu leads to Referrals, built now and marked no more', async ({ page, request }) => {
    const account = await registerViaApi(request, 'instructor', 'built-referrals');
    await signInWithToken(page, account.token, '/instructor/dashboard');
    const menu = await openUserMenu(page);
    const referrals = menu.getByRole('menuitem', { name: 'Referrals', exact: true });
    await expect(referrals.getByText('Soon', { exact: true })).toHaveCount(0);
    await referrals.click();
    await expect(page).toHaveURL(/\/referrals$/);
    await expect(page.getByTestId('not-yet-available')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
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
