import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { signInWithToken } from '../support/accounts.js';
import { demoToken, waitForDemoData } from '../support/seeded.js';

/**
 * Issue 11, after real sessions: the seeded history (apps/mentoring/src/seed/mentoring-demo.ts) holds
 * sessions that took place (booked, paid, moved into the past and completed by the maintenance
 * sweep), so these journeys run on real completed sessions rather than faked answers: the
 * demo mentor adds notes to one and updates the learner's progress; the demo learner rates the
 * one she has not rated yet.
 */
const MENTOR = 'mentor@learnhub.local';
const LEARNER = 'learner@learnhub.local';
const LEARNER_NAME = 'Lena Learner';
const UNRATED = 'Testing Flask apps';

async function signIn(page: Page, email: string, path: string): Promise<void> {
  await signInWithToken(page, await demoToken(page.request, email), path);
}

test.describe('mentoring after the sessions took place (demo data)', () => {
  test.beforeAll(async ({ request }) => {
    await waitForDemoData(request);
  });

  test("the mentor adds notes to a completed session and updates the mentee's progress", async ({ page }) => {
    await signIn(page, MENTOR, '/mentor/dashboard?tab=sessions');
    const tab = page.getByTestId('mentor-sessions-tab');
    const session = tab.getByTestId('mentor-completed-session').filter({ hasText: UNRATED });
    await expect(session).toBeVisible();
    await session.getByRole('button', { name: `Add Notes for the session with ${LEARNER_NAME}` }).click();
    const dialog = page.getByTestId('session-notes-dialog');
    await expect(dialog.getByRole('heading', { name: 'Session Notes' })).toBeVisible();
    await dialog.getByLabel('Session Notes', { exact: true }).fill('Wrote the first tests for the login view together.');
    await dialog.getByLabel('Action item 1', { exact: true }).fill('Cover the sign-up view');
    await dialog.getByLabel('Mentee Progress', { exact: true }).fill('Understands fixtures now.');
    await expectNoSeriousA11yViolations(page, 'the Add Notes dialog');
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    await expect(dialog).toBeHidden();
    await session.getByRole('button', { name: `View Details of the session with ${LEARNER_NAME}` }).click();
    const details = page.getByRole('dialog', { name: 'Session Details' });
    await expect(details).toContainText('Wrote the first tests for the login view together.');
    await expect(details).toContainText('Cover the sign-up view');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Mentee Progress', exact: true }).click();
    const mentees = page.getByTestId('mentor-mentees-tab');
    const card = mentees.getByTestId('mentee-card').filter({ hasText: LEARNER_NAME });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Update Progress of ${LEARNER_NAME}` }).click();
    const progress = page.getByRole('dialog', { name: 'Update Progress' });
    await progress.getByLabel('Goal 1', { exact: true }).fill('Ship the Flask project with tests');
    await progress.getByLabel('Progress Notes').fill('Tests written for two views.');
    await progress.getByRole('button', { name: 'Save Progress' }).click();
    await expect(progress).toBeHidden();
    await expect(card).toContainText('Ship the Flask project with tests');
    await expectNoSeriousA11yViolations(page, 'the Mentee Progress tab');
  });

  test('the learner rates the completed session she has not rated yet; a rated one offers nothing more', async ({ page }) => {
    await signIn(page, LEARNER, '/my-sessions?status=completed');
    const card = page.getByTestId('session-card').filter({ hasText: UNRATED });
    await expect(card.getByTestId('session-status')).toHaveText('Completed');
    await expect(card.getByTestId('session-join')).toHaveCount(0);
    // a retried run finds it rated already
    if ((await card.getByTestId('session-rate').count()) > 0) {
      await card.getByRole('button', { name: 'Rate Session' }).click();
      const dialog = page.getByTestId('rate-session-dialog');
      await dialog.getByTestId('rate-star-4').click();
      await dialog.getByLabel('Review (optional)').fill('We wrote real tests together.');
      await dialog.getByTestId('rate-submit').click();
      await expect(dialog).toBeHidden();
    }
    await expect(card.getByTestId('session-rating')).toHaveText('4 / 5');
    await expect(card.getByTestId('session-rate')).toHaveCount(0);
    const rated = page.getByTestId('session-card').filter({ hasText: 'Python code review' });
    await expect(rated.getByTestId('session-rating')).toHaveText('5 / 5');
    await expect(rated.getByTestId('session-rate')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'My Sessions with completed sessions');
  });
});
