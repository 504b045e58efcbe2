import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { topUpViaApi, walletMinor } from '../support/billing.js';
import { toast } from '../support/ui.js';

/**
 * Issue 11, the mentor dashboard's remaining tabs (features/mentor-insights): Sessions (counts,
 * the upcoming cards, a mentor's cancellation refunding the learner in full), Mentee Progress
 * (Update Progress), Analytics (the timeframe asks the server again), Business Intel (a failed
 * load and its retry) and Resources (Add Resource with a field error, then delete), axe on each.
 * Everything is seeded through the API: a mentor open all day every day in UTC, a learner whose
 * wallet is funded through the demo checkout, two sessions booked from the wallet.
 */

const TEXT = {
  cancelRefund: 'When a mentor cancels, the learner is refunded in full ($40.00). The time becomes free again.',
  cancelled: 'The session is cancelled. $40.00 is refunded to the learner.',
  progressSaved: 'Progress updated.',
  resourceAdded: 'Resource added.',
  resourceDeleted: 'Resource deleted.',
  linkOrContent: 'Add a link or some content',
  biFailed: 'Could not load your business intelligence.',
} as const;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A mentor with a published profile (40 USD an hour), open all day every day of the week in UTC. */
async function seedMentor(request: APIRequestContext): Promise<RegisteredAccount> {
  const mentor = await registerViaApi(request, 'mentor', 'insights-mentor');
  const profile = await request.put('/api/mentor/profile', {
    headers: bearer(mentor.token),
    data: {
      bio: 'Reviews code and plans careers.',
      expertise_areas: ['TypeScript', 'Career growth'],
      hourly_rate: 40,
      currency: 'USD',
      experience_years: 5,
      languages: ['English'],
      timezone: 'UTC',
      is_accepting_bookings: true,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '24:00' }));
  const availability = await request.put('/api/mentor/availability', { headers: bearer(mentor.token), data: { timezone: 'UTC', slots } });
  expect(availability.status(), await availability.text()).toBe(200);
  return mentor;
}

interface Booked {
  id: string;
  title: string;
}

/** Books an hour from the wallet (POST /api/sessions/book) at a free start `daysAhead` days away; waits until it is confirmed. */
async function book(
  request: APIRequestContext,
  learner: RegisteredAccount,
  mentorId: string,
  daysAhead: number,
  title: string,
): Promise<Booked> {
  const from = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const free = await request.get(`/api/mentors/${mentorId}/slots?from=${from}&days=1&duration_minutes=60`, {
    headers: bearer(learner.token),
  });
  expect(free.status(), await free.text()).toBe(200);
  const { slots } = (await free.json()) as { slots: { start: string }[] };
  // noon UTC when free: the day is the same in every time zone the browser might have
  const start = slots.find((s) => s.start.endsWith('T12:00:00.000Z'))?.start ?? slots[0]?.start;
  expect(start, `a free time ${daysAhead} days ahead`).toBeTruthy();
  const res = await request.post('/api/sessions/book', {
    headers: bearer(learner.token),
    data: {
      mentor_id: mentorId,
      title,
      description: 'Seeded by mentor-insights.spec.ts',
      scheduled_at: start,
      duration_minutes: 60,
      payment_method: 'wallet',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const one = await request.get(`/api/sessions/${id}`, { headers: bearer(learner.token) });
        return one.ok() ? ((await one.json()) as { status: string }).status : `http ${one.status()}`;
      },
      { timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe('confirmed');
  return { id, title };
}

async function openTab(page: Page, name: string, testId: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByTestId(testId)).toBeVisible();
}

test.describe('mentor dashboard: sessions, mentees, analytics, business intel, resources', () => {
  test('a mentor sees and cancels a booking, updates a mentee, switches the timeframe and manages resources', async ({ page, request }) => {
    test.setTimeout(150_000);
    const mentor = await seedMentor(request);
    const learner = await registerViaApi(request, 'learner', 'insights-learner');
    await topUpViaApi(request, learner.token, 100);
    const kept = await book(request, learner, mentor.id, 3, 'Portfolio review');
    const dropped = await book(request, learner, mentor.id, 4, 'Interview practice');
    const fundedMinor = await walletMinor(request, learner.token);

    await signInWithToken(page, mentor.token, '/mentor/dashboard');
    await expect(page.getByTestId('mentor-dashboard')).toBeVisible();

    await test.step('Sessions: the counts and the two upcoming cards with Join Session', async () => {
      await openTab(page, 'Sessions', 'mentor-sessions-tab');
      const tab = page.getByTestId('mentor-sessions-tab');
      await expect(tab.getByRole('heading', { level: 2, name: 'Session Management' })).toBeVisible();
      await expect(tab.getByTestId('sessions-count-upcoming-value')).toHaveText('2');
      await expect(tab.getByTestId('sessions-count-cancelled-value')).toHaveText('0');
      await expect(tab.getByTestId('sessions-completed-empty')).toHaveText('No completed sessions yet.');
      const cards = tab.getByTestId('mentor-session-card');
      await expect(cards).toHaveCount(2);
      const card = cards.filter({ hasText: kept.title });
      await expect(card.getByTestId('session-mentee')).toHaveText(learner.name);
      await expect(card.getByTestId('session-duration')).toHaveText('60 minutes');
      await expect(card.getByTestId('session-amount')).toHaveText('$40.00');
      await expect(card.getByTestId('session-time')).not.toHaveText('TBD');
      await expect(card.getByRole('link', { name: `Join Session with ${learner.name}` })).toHaveAttribute('href', /^https:\/\//);
      // not started yet: no no-show, and no Reschedule button wired to nothing
      await expect(card.getByTestId('session-no-show')).toHaveCount(0);
      await expect(tab.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'mentor Sessions tab');
    });

    await test.step('Sessions: cancelling as the mentor refunds the learner in full', async () => {
      const tab = page.getByTestId('mentor-sessions-tab');
      const card = tab.getByTestId('mentor-session-card').filter({ hasText: dropped.title });
      await card.getByRole('button', { name: `Cancel the session with ${learner.name}` }).click();
      const dialog = page.getByTestId('mentor-cancel-session-dialog');
      await expect(dialog).toContainText(TEXT.cancelRefund);
      // Escape keeps the session
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(tab.getByTestId('mentor-session-card')).toHaveCount(2);
      await card.getByRole('button', { name: `Cancel the session with ${learner.name}` }).click();
      await page.getByTestId('mentor-cancel-session-dialog-confirm').click();
      await expect(toast(page, TEXT.cancelled)).toBeVisible();
      await expect(tab.getByTestId('mentor-session-card')).toHaveCount(1);
      await expect(tab.getByTestId('sessions-count-upcoming-value')).toHaveText('1');
      await expect(tab.getByTestId('sessions-count-cancelled-value')).toHaveText('1');
      await expect.poll(() => walletMinor(request, learner.token), { timeout: 20_000 }).toBe(fundedMinor + 4000);
    });

    await test.step('Mentee Progress: the learner, then Update Progress', async () => {
      await openTab(page, 'Mentee Progress', 'mentor-mentees-tab');
      const tab = page.getByTestId('mentor-mentees-tab');
      await expect(tab.getByRole('heading', { level: 2, name: 'Mentee Progress Tracking' })).toBeVisible();
      await expect(tab.getByTestId('mentees-total-value')).toHaveText('1');
      const card = tab.getByTestId('mentee-card').filter({ hasText: learner.name });
      await expect(card.getByTestId('mentee-email')).toHaveText(learner.email);
      await expect(card.getByTestId('mentee-no-goals')).toHaveText('No goals set');
      await card.getByRole('button', { name: `Update Progress of ${learner.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Progress' });
      await dialog.getByLabel('Goal 1', { exact: true }).fill('Ship the portfolio site');
      await dialog.getByRole('button', { name: 'Add more' }).first().click();
      await dialog.getByLabel('Goal 2', { exact: true }).fill('Practise system design');
      await dialog.getByLabel('Skills Developed').fill('React, testing, , React');
      await dialog.getByLabel('Progress Notes').fill('Good momentum.');
      await expectNoSeriousA11yViolations(page, 'Update Progress modal');
      await dialog.getByRole('button', { name: 'Save Progress' }).click();
      await expect(toast(page, TEXT.progressSaved)).toBeVisible();
      await expect(card.getByTestId('mentee-goals')).toContainText('Ship the portfolio site');
      await expect(card.getByTestId('mentee-goals')).toContainText('Practise system design');
      await card.getByRole('button', { name: `View History of ${learner.name}` }).click();
      const history = page.getByRole('dialog', { name: 'Session History' });
      await expect(history.getByTestId('mentee-history-list').getByRole('listitem')).toHaveCount(2);
      await history.getByRole('button', { name: 'Close' }).first().click();
      await expectNoSeriousA11yViolations(page, 'mentor Mentee Progress tab');
    });

    await test.step('Analytics: Last 30 Days by default; Last 7 Days asks the server again', async () => {
      await openTab(page, 'Analytics', 'mentor-analytics-tab');
      const tab = page.getByTestId('mentor-analytics-tab');
      const select = tab.getByLabel('Timeframe');
      await expect(select).toHaveValue('30days');
      await expect(tab).toHaveAttribute('data-timeframe', '30days');
      await expect(tab.getByTestId('analytics-breakdown-upcoming')).toHaveText('1');
      // nothing completed yet: "—" with a sentence, never a bare 0
      await expect(tab.getByTestId('analytics-weekly')).toHaveAttribute('data-state', 'empty');
      await expect(tab.getByTestId('analytics-weekly-hint')).toHaveText('No completed sessions in this period.');
      const asked = page.waitForResponse((r) => r.url().includes('/api/mentor/analytics/overview') && r.url().includes('timeframe=7days'));
      await select.selectOption({ label: 'Last 7 Days' });
      expect((await asked).status()).toBe(200);
      await expect(tab).toHaveAttribute('data-timeframe', '7days');
      await expectNoSeriousA11yViolations(page, 'mentor Analytics tab');
    });

    await test.step('Business Intel: a failed load says so, Retry loads it; the timeframe switches', async () => {
      let fail = true;
      await page.route('**/api/mentor/business-intelligence**', async (route) => {
        if (fail)
          await route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ detail: 'Internal error', code: 'INTERNAL' }),
          });
        else await route.fallback();
      });
      await page.getByRole('tab', { name: 'Business Intel', exact: true }).click();
      const tab = page.getByTestId('mentor-bi-tab');
      await expect(tab.getByTestId('load-error')).toContainText(TEXT.biFailed);
      fail = false;
      await tab.getByRole('button', { name: 'Try again' }).click();
      // the figures cover sessions that started in the window: the bookings are still ahead
      await expect(tab.getByTestId('bi-pricing-empty')).toHaveText('No sessions were booked in this period.');
      await expect(tab.getByTestId('bi-total-mentees')).toBeVisible();
      const asked = page.waitForResponse(
        (r) => r.url().includes('/api/mentor/business-intelligence') && r.url().includes('timeframe=90days'),
      );
      await tab.getByLabel('Timeframe').selectOption({ label: 'Last 90 Days' });
      expect((await asked).status()).toBe(200);
      await expect(tab).toHaveAttribute('data-timeframe', '90days');
      await page.unroute('**/api/mentor/business-intelligence**');
      await expectNoSeriousA11yViolations(page, 'mentor Business Intel tab');
    });

    await test.step('Resources: empty sections, a field error, Add Resource, then Delete', async () => {
      await openTab(page, 'Resources', 'mentor-resources-tab');
      const tab = page.getByTestId('mentor-resources-tab');
      await expect(tab.getByTestId('resources-empty-video')).toHaveText('No videos yet.');
      await tab.getByRole('button', { name: 'Add Resource' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Resource' });
      await dialog.getByLabel('Title').fill('Intro to testing');
      await dialog.getByLabel('Type').selectOption({ label: 'Video' });
      await dialog.getByRole('button', { name: 'Add Resource' }).click();
      // neither a link nor content: the error sits beside the URL field
      await expect(dialog.getByRole('alert').filter({ hasText: TEXT.linkOrContent })).toBeVisible();
      await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel('URL').fill('https://example.com/testing-video');
      await dialog.getByLabel('Tags').fill('testing, intro');
      await dialog.getByRole('switch', { name: 'Public' }).click();
      await expectNoSeriousA11yViolations(page, 'Add Resource modal');
      await dialog.getByRole('button', { name: 'Add Resource' }).click();
      await expect(toast(page, TEXT.resourceAdded)).toBeVisible();
      const videos = tab.getByTestId('resources-section-video');
      await expect(videos.getByTestId('resource-title')).toHaveText('Intro to testing');
      await expect(videos).toContainText('Public');
      await expectNoSeriousA11yViolations(page, 'mentor Resources tab');
      await videos.getByRole('button', { name: 'Delete Intro to testing' }).click();
      await page.getByTestId('delete-resource-dialog-confirm').click();
      await expect(toast(page, TEXT.resourceDeleted)).toBeVisible();
      await expect(tab.getByTestId('resources-empty-video')).toHaveText('No videos yet.');
    });
  });
});
