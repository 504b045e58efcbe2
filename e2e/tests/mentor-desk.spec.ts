import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { toast } from '../support/ui.js';

// Issue 11: the mentor's dashboard gets the spec's Availability and Profile tabs (2.13 reading A)
// with real data: the profile learners see, the weekly schedule, time off.

const PHONE = { width: 390, height: 844 };
const BROWSER_ZONE = 'Africa/Addis_Ababa';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

// the browser's own time zone, which a mentor who never saved starts with
test.use({ timezoneId: BROWSER_ZONE });

interface Slot {
  weekday: number;
  start_time: string;
  end_time: string;
}

const day = (page: Page, weekday: string): Locator => page.getByTestId(`schedule-day-${weekday}`);
const opening = (page: Page, weekday: string, n: number): Locator => day(page, weekday).getByTestId('opening').nth(n);

async function setOpening(page: Page, weekday: string, n: number, start: string, end: string): Promise<void> {
  const row = opening(page, weekday, n);
  await row.getByTestId('opening-start').fill(start);
  await row.getByTestId('opening-end').fill(end);
}

async function expectOpenings(page: Page, weekday: string, spans: string[]): Promise<void> {
  const rows = day(page, weekday).getByTestId('opening');
  await expect(rows).toHaveCount(spans.length);
  for (const [i, span] of spans.entries()) {
    const [start, end] = span.split('-');
    await expect(rows.nth(i).getByTestId('opening-start')).toHaveValue(start!);
    await expect(rows.nth(i).getByTestId('opening-end')).toHaveValue(end!);
  }
}

/** No sideways scrolling of the whole page (a pixel of rounding allowed). */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways at 390 px`).toBeLessThanOrEqual(1);
}

test.describe('the mentor dashboard: availability and profile', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new mentor publishes the profile, which learners then see; wrong fields are named beside them', async ({ page, request }) => {
    const mentor = await registerViaApi(request, 'mentor', 'desk-profile');
    const learner = await registerViaApi(request, 'learner', 'desk-learner');
    const publicProfile = () => request.get(`/api/mentors/profile/${mentor.id}`, { headers: auth(learner.token) });
    expect((await publicProfile()).status(), 'an unpublished profile is not found').toBe(404);

    await signInWithToken(page, mentor.token, '/mentor/dashboard');
    const dashboard = page.getByTestId('mentor-dashboard');
    // the spec's tabs, both readings merged, Overview first
    await expect(dashboard.getByRole('tab')).toHaveText([
      'Overview',
      'Sessions',
      'Mentee Progress',
      'Analytics',
      'Business Intel',
      'Availability',
      'Resources',
      'Profile',
    ]);
    await expect(dashboard.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(dashboard.getByTestId('figure-sessions')).toBeVisible();

    await dashboard.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/mentor\/dashboard\?tab=profile$/);
    const form = page.getByTestId('mentor-profile-form');
    await expect(page.getByTestId('profile-published')).toHaveText('Not published yet: save to appear in Find Mentors');
    await expect(page.getByTestId('profile-rating')).toContainText('No ratings yet');
    await expect(page.getByTestId('profile-sessions')).toContainText('0');
    await expect(form.getByLabel('Time zone')).toHaveValue(BROWSER_ZONE);
    await expect(form.getByTestId('profile-languages-chips')).toHaveText('English');
    await expectNoSeriousA11yViolations(page, 'the Profile tab');

    await test.step('the client checks what the server would: an expertise area and a rate are needed', async () => {
      await form.getByTestId('profile-save').click();
      await expect(form.getByText('Add at least one expertise area')).toBeVisible();
      await expect(form.getByText('Hourly rate is required')).toBeVisible();
      await expect(form.getByLabel('Hourly rate')).toHaveAttribute('aria-invalid', 'true');
      expect((await publicProfile()).status(), 'nothing was saved').toBe(404);
    });

    await test.step('fill the profile: chips typed with commas or one by one, rate in euros, bookings paused', async () => {
      await form.getByLabel('Bio', { exact: true }).fill('Ten years of building web apps; I mentor juniors into seniors.');
      const expertise = form.getByLabel('Expertise areas', { exact: true });
      await expertise.fill('React, System design, react');
      await expertise.press('Enter');
      await expect(form.getByTestId('profile-expertise-chips').getByRole('listitem')).toHaveText(['React', 'System design']);
      await form.getByRole('button', { name: 'Remove System design' }).click();
      await expertise.fill('Node.js');
      await form.getByRole('button', { name: 'Add to Expertise areas' }).click();
      await expect(form.getByTestId('profile-expertise-chips').getByRole('listitem')).toHaveText(['React', 'Node.js']);
      await form.getByLabel('Hourly rate').fill('45.50');
      await form.getByLabel('Currency').selectOption('EUR');
      await expect(form.getByLabel('Currency')).toHaveValue('EUR');
      await form.getByLabel('Experience (years)').fill('7');
      const languages = form.getByLabel('Languages', { exact: true });
      await languages.fill('Amharic');
      await languages.press('Enter');
      await form.getByLabel('Time zone').selectOption('Europe/Paris');
      await form.getByRole('switch', { name: 'Accepting bookings' }).click();
      await expect(form.getByRole('switch', { name: 'Accepting bookings' })).toHaveAttribute('aria-checked', 'false');
      await form.getByTestId('profile-save').click();
      await expect(toast(page, 'Profile saved')).toBeVisible();
      await expect(page.getByTestId('profile-published')).toHaveText('Learners can find you');
    });

    await test.step('a learner reads the saved profile through the API', async () => {
      const res = await publicProfile();
      expect(res.status(), await res.text()).toBe(200);
      expect(await res.json()).toMatchObject({
        user_id: mentor.id,
        name: mentor.name,
        bio: 'Ten years of building web apps; I mentor juniors into seniors.',
        expertise_areas: ['React', 'Node.js'],
        hourly_rate: { amount: 45.5, amount_minor: 4550, currency: 'EUR' },
        experience_years: 7,
        languages: ['English', 'Amharic'],
        timezone: 'Europe/Paris',
        is_accepting_bookings: false,
        is_published: true,
        rating: 0,
        total_sessions: 0,
      });
    });

    await test.step('a reload opens the Profile tab from the URL with the saved values', async () => {
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
      await expect(form.getByLabel('Hourly rate')).toHaveValue('45.5');
      await expect(form.getByLabel('Currency')).toHaveValue('EUR');
      await expect(form.getByLabel('Time zone')).toHaveValue('Europe/Paris');
      await expect(form.getByTestId('profile-expertise-chips').getByRole('listitem')).toHaveText(['React', 'Node.js']);
      await expect(page.getByTestId('profile-published')).toHaveText('Learners can find you');
    });

    await test.step("the server's field errors (errors[].path) are shown beside their fields", async () => {
      // a rule the browser does not know yet: the server's answer is all the form has to go on
      await page.route('**/api/mentor/profile', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                detail: 'Validation failed',
                code: 'VALIDATION_FAILED',
                errors: [
                  { path: 'bio', message: 'Bio mentions a phone number' },
                  { path: 'expertise_areas.1', message: 'Expertise area is not allowed' },
                ],
              }),
            })
          : route.fallback(),
      );
      await form.getByTestId('profile-save').click();
      await expect(form.getByLabel('Bio', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText('Bio mentions a phone number')).toBeVisible();
      await expect(form.getByTestId('profile-expertise')).toContainText('Expertise area is not allowed');
      await expect(page.getByTestId('profile-save-error')).toHaveText('Check the marked fields: nothing was saved.');
      await page.unroute('**/api/mentor/profile');
    });
  });

  test('the weekly schedule: overlaps are refused with nothing saved, a valid week is kept; time off comes and goes', async ({
    page,
    request,
  }) => {
    const mentor = await registerViaApi(request, 'mentor', 'desk-schedule');
    const saved = async (): Promise<{ timezone: string; slots: Slot[]; time_off: { reason: string }[] }> => {
      const res = await request.get('/api/mentor/availability', { headers: auth(mentor.token) });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    };

    // the tab can be linked
    await signInWithToken(page, mentor.token, '/mentor/dashboard?tab=availability');
    await expect(page.getByRole('tab', { name: 'Availability' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('schedule-timezone')).toHaveValue(BROWSER_ZONE);
    await expect(day(page, 'monday')).toContainText('No openings');
    await expect(page.getByTestId('time-off-empty')).toHaveText('No time off planned.');
    await expectNoSeriousA11yViolations(page, 'the Availability tab');

    await test.step('overlapping openings on Monday: the server names the pair and saves nothing', async () => {
      await page.getByRole('button', { name: 'Add opening on Monday' }).click();
      await expectOpenings(page, 'monday', ['09:00-17:00']);
      await setOpening(page, 'monday', 0, '09:00', '12:00');
      await page.getByRole('button', { name: 'Add opening on Monday' }).click();
      // the next opening is offered after the day's last one
      await expectOpenings(page, 'monday', ['09:00-12:00', '12:00-13:00']);
      await page.getByLabel('Start of opening 2 on Monday').fill('11:00');
      await page.getByTestId('schedule-save').click();
      await expect(page.getByTestId('schedule-error')).toHaveText(
        'Slots on Monday overlap: 09:00-12:00 and 11:00-13:00 Nothing was saved.',
      );
      expect((await saved()).slots).toEqual([]);
    });

    await test.step('a time that is not HH:MM, or an end before the start, is named on its row before anything is sent', async () => {
      await page.getByRole('button', { name: 'Add opening on Wednesday' }).click();
      await setOpening(page, 'wednesday', 0, '18:00', '14:00');
      await page.getByLabel('Start of opening 2 on Monday').fill('12');
      await page.getByTestId('schedule-save').click();
      await expect(page.getByTestId('schedule-error')).toHaveText('Fix the marked times first: nothing was saved.');
      await expect(opening(page, 'wednesday', 0)).toContainText('A slot ends after it starts');
      await expect(opening(page, 'monday', 1)).toContainText('Use a time like 09:30');
      await expect(page.getByLabel('Start of opening 2 on Monday')).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('a valid week in another time zone is saved whole and kept after a reload', async () => {
      await page.getByLabel('Start of opening 2 on Monday').fill('12:00');
      await setOpening(page, 'wednesday', 0, '14:00', '18:00');
      await page.getByRole('button', { name: 'Add opening on Saturday' }).click();
      await setOpening(page, 'saturday', 0, '20:00', '24:00');
      // one more, then removed again: only what is on screen is saved
      await page.getByRole('button', { name: 'Add opening on Friday' }).click();
      await page.getByRole('button', { name: 'Remove opening 1 on Friday' }).click();
      await page.getByTestId('schedule-timezone').selectOption('America/New_York');
      await expect(page.getByTestId('schedule-summary')).toContainText('Unsaved changes');
      await page.getByTestId('schedule-save').click();
      await expect(toast(page, 'Schedule saved')).toBeVisible();
      await expect(page.getByTestId('schedule-error')).toHaveCount(0);
      await expect(page.getByTestId('schedule-summary')).toHaveText('4 openings');
      expect(await saved()).toMatchObject({
        timezone: 'America/New_York',
        slots: [
          { weekday: 1, start_time: '09:00', end_time: '12:00' },
          { weekday: 1, start_time: '12:00', end_time: '13:00' },
          { weekday: 3, start_time: '14:00', end_time: '18:00' },
          { weekday: 6, start_time: '20:00', end_time: '24:00' },
        ],
      });

      await page.reload();
      await expect(page.getByTestId('schedule-timezone')).toHaveValue('America/New_York');
      await expectOpenings(page, 'monday', ['09:00-12:00', '12:00-13:00']);
      await expectOpenings(page, 'wednesday', ['14:00-18:00']);
      await expectOpenings(page, 'saturday', ['20:00-24:00']);
      await expectOpenings(page, 'friday', []);
    });

    await test.step('Request Time Off: the modal checks the dates and the reason, then the request is listed', async () => {
      await page.getByTestId('request-time-off').click();
      const dialog = page.getByRole('dialog', { name: 'Request Time Off' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Start date').fill('2030-12-24');
      await dialog.getByLabel('End date').fill('2030-12-20');
      await dialog.getByTestId('time-off-submit').click();
      await expect(dialog.getByText('End date cannot be before start date')).toBeVisible();
      await expect(dialog.getByText('Reason is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the Request Time Off modal');
      expect((await saved()).time_off).toEqual([]);

      await dialog.getByLabel('End date').fill('2030-12-26');
      await dialog.getByLabel('Reason').fill('Family holidays');
      await dialog.getByLabel('Repeats every year').check();
      await dialog.getByTestId('time-off-submit').click();
      await expect(toast(page, 'Time off request submitted successfully!')).toBeVisible();
      await expect(dialog).toBeHidden();
      const item = page.getByTestId('time-off-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('Dec 24, 2030 – Dec 26, 2030');
      await expect(item).toContainText('Every year');
      await expect(item).toContainText('Family holidays');
      expect((await saved()).time_off).toMatchObject([
        { start_date: '2030-12-24', end_date: '2030-12-26', reason: 'Family holidays', is_recurring: true },
      ]);
    });

    await test.step('Remove asks first: Cancel keeps it, confirming removes it', async () => {
      await page.getByRole('button', { name: 'Remove time off Dec 24, 2030 – Dec 26, 2030' }).click();
      const confirm = page.getByTestId('time-off-confirm');
      await expect(confirm).toContainText('Remove this time off?');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId('time-off-item')).toHaveCount(1);

      await page.getByRole('button', { name: 'Remove time off Dec 24, 2030 – Dec 26, 2030' }).click();
      await page.getByTestId('time-off-confirm-confirm').click();
      await expect(toast(page, 'Time off removed')).toBeVisible();
      await expect(page.getByTestId('time-off-empty')).toHaveText('No time off planned.');
      expect((await saved()).time_off).toEqual([]);
      // the schedule was not touched by the time off
      expect((await saved()).slots).toHaveLength(4);
    });
  });

  test('at 390 px the tabs and both forms fit the phone and work', async ({ page, request }) => {
    const mentor = await registerViaApi(request, 'mentor', 'desk-phone');
    await page.setViewportSize(PHONE);
    await signInWithToken(page, mentor.token, '/mentor/dashboard');
    const tabs = page.getByTestId('mentor-dashboard').getByRole('tab');
    // eight tabs scroll inside their own row; the page itself never scrolls sideways
    await expect(tabs).toHaveCount(8);
    await expect(tabs.first()).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, 'the overview');

    await tabs.filter({ hasText: 'Availability' }).scrollIntoViewIfNeeded();
    await tabs.filter({ hasText: 'Availability' }).click();
    await expect(page).toHaveURL(/\?tab=availability$/);
    await page.getByRole('button', { name: 'Add opening on Tuesday' }).click();
    await setOpening(page, 'tuesday', 0, '08:30', '10:00');
    await expectNoSidewaysScroll(page, 'the Availability tab');
    const save = page.getByTestId('schedule-save');
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport({ ratio: 1 });
    await save.click();
    await expect(toast(page, 'Schedule saved')).toBeVisible();
    await page.getByTestId('request-time-off').click();
    const dialog = page.getByRole('dialog', { name: 'Request Time Off' });
    await expect(dialog.getByTestId('time-off-submit')).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, 'the Request Time Off modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: test.info().outputPath('availability-390.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page, 'the Availability tab at 390 px');

    await tabs.filter({ hasText: 'Profile' }).scrollIntoViewIfNeeded();
    await tabs.filter({ hasText: 'Profile' }).click();
    const form = page.getByTestId('mentor-profile-form');
    await expect(form).toBeVisible();
    await form.getByLabel('Expertise areas', { exact: true }).fill('Data science');
    await form.getByLabel('Expertise areas', { exact: true }).press('Enter');
    await form.getByLabel('Hourly rate').fill('1200');
    await form.getByLabel('Currency').selectOption('ETB');
    // the schedule saved first made a profile row without languages: the form still offers English
    await expect(form.getByTestId('profile-languages-chips')).toHaveText('English');
    await expectNoSidewaysScroll(page, 'the Profile tab');
    const saveProfile = form.getByTestId('profile-save');
    await saveProfile.scrollIntoViewIfNeeded();
    await expect(saveProfile).toBeInViewport({ ratio: 1 });
    await saveProfile.click();
    await expect(toast(page, 'Profile saved')).toBeVisible();
    await expect(page.getByTestId('profile-published')).toHaveText('Learners can find you');
    await page.screenshot({ path: test.info().outputPath('profile-390.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page, 'the Profile tab at 390 px');
  });
});
