import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { topUpViaApi, walletMinor } from '../support/billing.js';

/**
 * Issue 11, the learner's mentoring screens: find a mentor by the price band, book a time with
 * the wallet, the payment-success page and its redirect, My Sessions with Join Meeting, a
 * second learner losing the same time (409), the 'Mentor not found' page, cancelling with the
 * refund rule, axe on every page and a phone-width check.
 */

const TEXT = {
  required: 'Please fill in all required fields',
  slotTaken: 'Someone else has just booked this time. The free times are refreshed: please choose another.',
  notFound: 'Mentor not found',
} as const;

/** The browser's time zone is not the mentor's (UTC): times are shown, and days split, in the viewer's. */
const VIEWER_ZONE = 'Africa/Addis_Ababa';
test.use({ timezoneId: VIEWER_ZONE });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A mentor with a published profile (40 USD an hour) who is open all day, every day, in UTC. */
async function seedMentor(request: APIRequestContext): Promise<RegisteredAccount> {
  const mentor = await registerViaApi(request, 'mentor', 'mentoring-mentor');
  const profile = await request.put('/api/mentor/profile', {
    headers: bearer(mentor.token),
    data: {
      bio: 'Helps learners ship their first web application.',
      expertise_areas: ['TypeScript', 'System design'],
      hourly_rate: 40,
      currency: 'USD',
      experience_years: 7,
      languages: ['English', 'Amharic'],
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

/** "YYYY-MM-DD" a number of days from today, as a calendar in the viewer's time zone shows it. */
function viewerDay(daysAhead: number): string {
  const at = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: VIEWER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** On the booking form: the date, then the free times of that day. */
async function pickDay(page: Page, day: string): Promise<void> {
  await page.getByLabel('Date *').fill(day);
  await expect(page.getByTestId('slot-option').first()).toBeVisible();
}

async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(0);
}

test.describe('mentoring: find, book, attend and cancel', () => {
  test('a learner books a mentor with the wallet, another loses the same time, and the booking is cancelled with a refund', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const mentor = await seedMentor(request);
    const learner = await registerViaApi(request, 'learner', 'mentoring-a');
    const rival = await registerViaApi(request, 'learner', 'mentoring-b');
    await topUpViaApi(request, learner.token, 100);
    await topUpViaApi(request, rival.token, 100);
    // two days ahead: upcoming, and more than 24 hours away (a full refund on cancelling)
    const day = viewerDay(2);

    // the second learner opens the same mentor's booking form first and picks the earliest time of the day
    const rivalContext = await browser.newContext({ timezoneId: VIEWER_ZONE });
    const rivalPage = await rivalContext.newPage();
    await signInWithToken(rivalPage, rival.token, `/mentor/${mentor.id}/book`);
    await expect(rivalPage.getByRole('heading', { level: 1, name: `Book a session with ${mentor.name}` })).toBeVisible();
    await pickDay(rivalPage, day);
    const first = rivalPage.getByTestId('slot-option').first();
    const start = await first.getAttribute('data-start');
    expect(start).toBeTruthy();
    await first.click();
    await rivalPage.getByLabel('Title *').fill('Rival booking');

    await test.step('Find Mentors: the price band finds the mentor, another band leaves them out', async () => {
      await signInWithToken(page, learner.token, '/mentors');
      await expect(page.getByRole('heading', { level: 1, name: 'Find Mentors' })).toBeVisible();
      await page.getByLabel('Search', { exact: true }).fill(mentor.name);
      await page.getByLabel('Price per hour').selectOption({ label: 'Over 100' });
      await expect(page).toHaveURL(/price_band=over_100/);
      await expect(page.getByRole('heading', { level: 2, name: 'No mentors match these filters' })).toBeVisible();
      await page.getByLabel('Price per hour').selectOption({ label: 'Under 50' });
      await expect(page).toHaveURL(/price_band=under_50/);
      const card = page.getByTestId('mentor-card').filter({ hasText: mentor.name });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('mentor-rate')).toHaveText('$40.00 USD per hour');
      await expect(card.getByTestId('mentor-rating')).toHaveText('New');
      await expect(card).toContainText('7 years of experience');
      await expect(card).toContainText('Speaks English, Amharic');
      await expect(card.getByTestId('mentor-expertise-chips')).toContainText('TypeScript');
      await expectNoSeriousA11yViolations(page, 'Find Mentors');
      await card.getByRole('link', { name: `Book a Session with ${mentor.name}` }).click();
    });

    await test.step('the booking form: required fields, the viewer time zone, the total, the wallet', async () => {
      await expect(page).toHaveURL(new RegExp(`/mentor/${mentor.id}/book$`));
      await expect(page.getByRole('heading', { level: 1, name: `Book a session with ${mentor.name}` })).toBeVisible();
      await expect(page.getByTestId('booking-zone-note')).toHaveText(
        `Times are shown in your time zone (${VIEWER_ZONE}). ${mentor.name} works in UTC.`,
      );
      await page.getByTestId('booking-submit').click();
      await expect(page.getByTestId('booking-error')).toHaveText(TEXT.required);

      await page.getByLabel('Title *').fill('Review my portfolio');
      await page.getByLabel('Description').fill('Two projects, one hour.');
      await page.getByLabel('Duration').selectOption({ label: '90 minutes' });
      await expect(page.getByTestId('booking-total')).toHaveText('$60.00 USD');
      await page.getByLabel('Duration').selectOption({ label: '60 minutes' });
      await expect(page.getByTestId('booking-total')).toHaveText('$40.00 USD');
      await pickDay(page, day);
      const slot = page.locator(`[data-testid="slot-option"][data-start="${start}"]`);
      await expect(slot).toBeVisible();
      // the earliest time of the viewer's day, written in the viewer's time zone
      const shown = new Intl.DateTimeFormat('en', { timeZone: VIEWER_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(start!));
      await expect(slot).toHaveText(shown);
      await slot.click();
      await expect(page.getByTestId('payment-method-wallet')).toBeChecked();
      await expect(page.getByTestId('payment-methods')).toContainText('$100.00');
      await expectNoSeriousA11yViolations(page, 'the booking form');
      await page.getByTestId('booking-submit').click();
    });

    let sessionId = '';
    await test.step('the payment-success page, then My Sessions after 5 seconds', async () => {
      await expect(page).toHaveURL(/\/sessions\/[^/]+\/success$/);
      sessionId = page.url().split('/sessions/')[1]!.split('/')[0]!;
      await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
      await expect(page.getByTestId('session-success-text')).toContainText(`“Review my portfolio” with ${mentor.name}`);
      await expect(page.getByTestId('session-success-amount')).toHaveText('$40.00');
      await expect(page.getByTestId('session-success-countdown')).toContainText(/Taking you to My Sessions in [1-5] seconds?/);
      await expect(page.getByRole('link', { name: 'Go to My Sessions now' })).toHaveAttribute('href', '/my-sessions');
      await expectNoSeriousA11yViolations(page, 'the payment-success page');
      await expect(page).toHaveURL(/\/my-sessions$/, { timeout: 9_000 });
    });

    const card = page.locator(`[data-testid="session-card"][data-session-id="${sessionId}"]`);
    await test.step('My Sessions: the session confirmed, with Join Meeting', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'My Sessions' })).toBeVisible();
      await expect(card.getByTestId('session-title')).toHaveText('Review my portfolio');
      await expect(card.getByTestId('session-status')).toHaveText('Confirmed');
      await expect(card.getByTestId('session-mentor')).toHaveText(mentor.name);
      await expect(card.getByTestId('session-amount')).toHaveText('$40.00');
      await expect(card.getByTestId('session-rating')).toHaveText('Not rated');
      await expect(card).toContainText('1 hr');
      const join = card.getByRole('link', { name: 'Join Meeting for Review my portfolio (opens in a new tab)' });
      await expect(join).toHaveAttribute('target', '_blank');
      await expect(join).toHaveAttribute('href', /^https?:\/\//);
      await expect(card.getByTestId('session-rate')).toHaveCount(0);
      expect(await walletMinor(request, learner.token)).toBe(6000);
      await expectNoSeriousA11yViolations(page, 'My Sessions');
    });

    await test.step('the second learner gets the slot-taken message, and the time is gone from the list', async () => {
      await rivalPage.getByTestId('booking-submit').click();
      await expect(rivalPage.getByTestId('booking-error')).toHaveText(TEXT.slotTaken);
      await expect(rivalPage.locator(`[data-testid="slot-option"][data-start="${start}"]`)).toHaveCount(0);
      await expect(rivalPage).toHaveURL(new RegExp(`/mentor/${mentor.id}/book$`));
      expect(await walletMinor(request, rival.token)).toBe(10_000);
      await rivalContext.close();
    });

    await test.step('cancelling more than 24 hours ahead refunds the whole amount', async () => {
      await card.getByRole('button', { name: 'Cancel Review my portfolio' }).click();
      const dialog = page.getByTestId('cancel-session-dialog');
      await expect(dialog).toContainText('Cancelling at least 24 hours before the start gives a full refund of $40.00 to your wallet.');
      await expectNoSeriousA11yViolations(page, 'the cancel dialog');
      await dialog.getByTestId('cancel-session-dialog-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(card.getByTestId('session-status')).toHaveText('Cancelled');
      await expect(card.getByTestId('session-refund')).toHaveText('Refunded $40.00');
      await expect(card.getByTestId('session-join')).toHaveCount(0);
      await expect(card.getByTestId('session-cancel')).toHaveCount(0);
      expect(await walletMinor(request, learner.token)).toBe(10_000);

      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Upcoming' });
      await expect(page).toHaveURL(/status=upcoming/);
      await expect(card).toHaveCount(0);
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
      await expect(card).toBeVisible();
    });
  });

  test('without wallet funds the wallet is disabled; paying at the provider checkout comes back to the success page', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const mentor = await seedMentor(request);
    const learner = await registerViaApi(request, 'learner', 'mentoring-d');
    await signInWithToken(page, learner.token, `/mentor/${mentor.id}/book`);
    await expect(page.getByTestId('booking-form')).toBeVisible();
    await page.getByLabel('Title *').fill('Mock interview');
    await page.getByLabel('Duration').selectOption({ label: '30 minutes' });
    await expect(page.getByTestId('booking-total')).toHaveText('$20.00 USD');
    await expect(page.getByTestId('payment-method-wallet')).toBeDisabled();
    await expect(page.getByTestId('wallet-insufficient')).toBeVisible();
    await pickDay(page, viewerDay(3));
    await page.getByTestId('slot-option').nth(4).click();
    await page.getByTestId('payment-method-telebirr').check();
    await page.getByTestId('booking-submit').click();

    await expect(page.getByTestId('checkout-redirect')).toBeVisible();
    await expect(page).toHaveURL(/\/demo-checkout\/[^/?]+$/);
    await expect(page.getByTestId('demo-checkout-amount')).toHaveText('$20.00');
    await page.getByTestId('demo-checkout-pay').click();

    await expect(page).toHaveURL(/\/sessions\/[^/]+\/success\?payment=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('session-success-page')).toHaveAttribute('data-status', 'confirmed');
    await page.getByRole('link', { name: 'Go to My Sessions now' }).click();
    await expect(page).toHaveURL(/\/my-sessions$/);
    const card = page.getByTestId('session-card').filter({ hasText: 'Mock interview' });
    await expect(card.getByTestId('session-status')).toHaveText('Confirmed');
    await expect(card.getByTestId('session-amount')).toHaveText('$20.00');
    await expect(card.getByRole('link', { name: /^Join Meeting/ })).toBeVisible();
  });

  test('unexpected booking answers get the spec texts; Rate Session on a completed session', async ({ page, request }) => {
    // a session completes only after its end, and a booking fails only when the server does: both answers are stood in for here
    const mentor = await seedMentor(request);
    const learner = await registerViaApi(request, 'learner', 'mentoring-e');
    await signInWithToken(page, learner.token, `/mentor/${mentor.id}/book`);
    await page.getByLabel('Title *').fill('Career chat');
    await pickDay(page, viewerDay(4));
    await page.getByTestId('slot-option').first().click();
    await page.getByTestId('payment-method-chapa').check();

    await page.route('**/api/sessions/book', (route) => route.fulfill({ status: 500, json: { detail: 'boom', code: 'INTERNAL_ERROR' } }));
    await page.getByTestId('booking-submit').click();
    await expect(page.getByTestId('booking-error')).toHaveText('Failed to book session. Please try again.');
    await page.unroute('**/api/sessions/book');
    await page.route('**/api/sessions/book', (route) => route.fulfill({ status: 201, json: { message: 'ok' } }));
    await page.getByTestId('booking-submit').click();
    await expect(page.getByTestId('booking-error')).toHaveText('Invalid response from server');
    await expect(page).toHaveURL(new RegExp(`/mentor/${mentor.id}/book$`));
    await page.unroute('**/api/sessions/book');

    const id = '11111111-1111-4111-8111-111111111111';
    const completed = {
      id,
      title: 'Past session',
      description: 'Went through a portfolio.',
      scheduled_at: '2026-01-05T10:00:00.000Z',
      ends_at: '2026-01-05T11:00:00.000Z',
      duration_minutes: 60,
      status: 'completed',
      mentor_id: mentor.id,
      mentor_name: mentor.name,
      mentee_id: learner.id,
      mentee_name: learner.name,
      total_amount: { amount: 40, amount_minor: 4000, currency: 'USD' },
      meeting_link: 'https://meet.jit.si/learnhub-past',
      rating: null as number | null,
      review: null as string | null,
      payment_id: null,
      hold_expires_at: null,
      cancelled_by: null,
      cancel_reason: null,
      refunded_minor: null,
      created_at: '2026-01-01T10:00:00.000Z',
    };
    let sent: unknown = null;
    await page.route('**/api/sessions/my*', (route) => route.fulfill({ json: { sessions: [completed], total: 1 } }));
    await page.route(`**/api/sessions/${id}/rate`, async (route) => {
      sent = route.request().postDataJSON();
      Object.assign(completed, { rating: 4, review: 'Clear advice' });
      await route.fulfill({ json: completed });
    });
    await page.goto('/my-sessions');
    const card = page.getByTestId('session-card').filter({ hasText: 'Past session' });
    await expect(card.getByTestId('session-status')).toHaveText('Completed');
    // a completed session has no meeting to join and nothing to cancel
    await expect(card.getByTestId('session-join')).toHaveCount(0);
    await expect(card.getByTestId('session-cancel')).toHaveCount(0);
    await card.getByRole('button', { name: 'Rate Session' }).click();
    const dialog = page.getByTestId('rate-session-dialog');
    await expect(dialog.getByRole('heading', { name: 'Rate “Past session”' })).toBeVisible();
    await dialog.getByTestId('rate-submit').click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose 1 to 5 stars');
    await dialog.getByTestId('rate-star-4').click();
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await dialog.getByLabel('Review (optional)').fill('Clear advice');
    await expectNoSeriousA11yViolations(page, 'the rating dialog');
    await dialog.getByTestId('rate-submit').click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual({ rating: 4, review: 'Clear advice' });
    await expect(card.getByTestId('session-rating')).toHaveText('4 / 5');
    await expect(card.getByTestId('session-rate')).toHaveCount(0);
  });

  test('an unknown mentor gets the Mentor not found page with a way back; the pages fit a phone', async ({ page, request }) => {
    const learner = await registerViaApi(request, 'learner', 'mentoring-c');
    await signInWithToken(page, learner.token, '/mentor/00000000-0000-4000-8000-000000000000/book');
    const notFound = page.getByTestId('mentor-not-found');
    await expect(notFound.getByRole('heading', { level: 1, name: TEXT.notFound })).toBeVisible();
    await expect(page).toHaveTitle(/^Mentor not found/);
    await expectNoSeriousA11yViolations(page, 'Mentor not found');
    // an address that is not an id at all is just as unknown
    await page.goto('/mentor/not-a-mentor/book');
    await expect(notFound.getByRole('heading', { level: 1, name: TEXT.notFound })).toBeVisible();
    await notFound.getByRole('link', { name: 'Back to mentors' }).click();
    await expect(page).toHaveURL(/\/mentors$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Mentors' })).toBeVisible();

    // a learner without sessions sees the empty list, with the way to find a mentor
    await page.goto('/my-sessions');
    await expect(page.getByRole('heading', { level: 2, name: 'No sessions yet' })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    const mentor = await seedMentor(request);
    await page.goto(`/mentors?search=${encodeURIComponent(mentor.name)}`);
    await expect(page.getByTestId('mentor-card').filter({ hasText: mentor.name })).toBeVisible();
    await expectNoSideways(page, 'Find Mentors');
    await page.goto(`/mentor/${mentor.id}/book`);
    await expect(page.getByTestId('booking-form')).toBeVisible();
    await expect(page.getByTestId('slot-option').first().or(page.getByTestId('booking-no-slots'))).toBeVisible();
    await expectNoSideways(page, 'the booking form');
    await expectNoSeriousA11yViolations(page, 'the booking form at 390px');
  });
});
