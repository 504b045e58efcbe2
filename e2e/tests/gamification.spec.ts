import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, registerViaApi, signInWithToken, storedToken, type RegisteredAccount } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { CATALOG_TEXT } from '../support/catalog.js';
import { expectDashboard, fillRegistration, toast } from '../support/ui.js';

/**
 * Issue 26, the SPA's engagement pages against the whole stack: a learner completes a lesson
 * and sees the XP in the header, the live toast of the first badge and the leaderboard take
 * them in; a new account registered through a referral link completes its first lesson and
 * the referrer's /referrals shows it completed and paid. axe and the 390 px width on both pages.
 */

const PHONE = { width: 390, height: 844 };
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A published free course with two text lessons by `instructor`; answers the lesson ids. */
async function courseWithLessons(
  request: APIRequestContext,
  instructor: RegisteredAccount,
  title: string,
): Promise<{ id: string; lessons: string[] }> {
  const course = await request.post('/api/courses', {
    headers: bearer(instructor.token),
    data: { title, description: `${title}: a course of the gamification journeys.`, price: 0, is_published: true },
  });
  expect(course.status(), await course.text()).toBe(201);
  const id = ((await course.json()) as { id: string }).id;
  const lessons: string[] = [];
  for (const n of [1, 2]) {
    const lesson = await request.post(`/api/courses/${id}/lessons`, {
      headers: bearer(instructor.token),
      data: { title: `${title} lesson ${n}`, content: `Lesson ${n}: read this and mark it complete.` },
    });
    expect(lesson.status(), await lesson.text()).toBe(201);
    lessons.push(((await lesson.json()) as { id: string }).id);
  }
  return { id, lessons };
}

async function enroll(request: APIRequestContext, token: string, courseId: string): Promise<void> {
  const res = await request.post(`/api/courses/${courseId}/enroll`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(201);
}

async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways at ${page.viewportSize()?.width}px`).toBeLessThanOrEqual(0);
}

/** axe on the page, then the same page at phone width without sideways scrolling. */
async function checkPage(page: Page, what: string, ready: () => Promise<void>): Promise<void> {
  await expectNoSeriousA11yViolations(page, what);
  const wide = page.viewportSize();
  await page.setViewportSize(PHONE);
  await ready();
  await expectNoSideways(page, what);
  if (wide) await page.setViewportSize(wide);
}

const headerXp = async (page: Page) => Number(await page.getByTestId('header-level').getAttribute('data-xp'));

test.describe('gamification: XP, the leaderboard and referrals', () => {
  test('a learner completes a lesson and sees the XP, a badge toast and the leaderboard move', async ({ page, request }) => {
    test.setTimeout(120_000);
    const instructor = await registerViaApi(request, 'instructor', 'xp-instr');
    const learner = await registerViaApi(request, 'learner', 'xp-learner');
    const course = await courseWithLessons(request, instructor, `XP course ${Math.random().toString(36).slice(2, 8)}`);
    await enroll(request, learner.token, course.id);

    await test.step('before any activity: level 1 with 0 XP, and not on this week’s board', async () => {
      await signInWithToken(page, learner.token, '/leaderboard');
      await expect(page.getByTestId('header-level')).toHaveAttribute('data-xp', '0');
      await expect(page.getByTestId('header-level-number')).toHaveText('Level 1');
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
      await expect(page.getByTestId('leaderboard-mine-none')).toBeVisible();
      await expect(page.getByTestId('leaderboard-row-me')).toHaveCount(0);
      await checkPage(page, '/leaderboard', () => expect(page.getByTestId('leaderboard-mine')).toBeVisible());
    });

    await test.step('completing a lesson earns XP: the first badge arrives live and the header follows', async () => {
      await page.goto(`/lessons/${course.lessons[0]}`);
      await page.getByTestId('mark-complete').click();
      await expect(toast(page, CATALOG_TEXT.lessonMarked)).toBeVisible();
      // the badge of the first lesson comes over the live feed, without a reload
      await expect(toast(page, 'Badge earned: First Steps')).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => headerXp(page), { timeout: 20_000 }).toBeGreaterThan(0);
    });

    await test.step('the leaderboard has the learner on it, with that XP', async () => {
      const xp = await headerXp(page);
      await page.goto('/leaderboard');
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('leaderboard-row-me')).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 30_000 });
      const mine = page.getByTestId('leaderboard-row-me');
      await expect(mine.getByTestId('leaderboard-name')).toHaveText(learner.name);
      await expect(mine.getByTestId('leaderboard-xp')).toHaveText(new Intl.NumberFormat('en').format(xp));
      await expect(mine).toHaveAttribute('aria-current', 'true');
      await expect(page.getByTestId('leaderboard-mine-rank')).toHaveText(/^Rank #\d+ of \d+$/);
      // all time counts it too
      await page.getByTestId('leaderboard-tab-all').click();
      await expect(page).toHaveURL(/\?tab=all$/);
      await expect(page.getByTestId('leaderboard-row-me').getByTestId('leaderboard-xp')).toHaveText(new Intl.NumberFormat('en').format(xp));
    });

    await test.step('the profile shows the badge earned, the rest greyed', async () => {
      await page.goto('/profile');
      const badges = page.getByTestId('profile-badges');
      await expect(badges.locator('[data-code="first_lesson"]')).toHaveAttribute('data-earned', 'true');
      await expect(badges.locator('[data-earned="false"]').first()).toBeVisible();
    });
  });

  test('a new account registered through a referral link completes a lesson, and the referrer sees it completed', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const instructor = await registerViaApi(request, 'instructor', 'ref-instr');
    const referrer = await registerViaApi(request, 'learner', 'ref-referrer');
    const course = await courseWithLessons(request, instructor, `Referral course ${Math.random().toString(36).slice(2, 8)}`);

    let link = '';
    await test.step('the referrer generates a code and reads the link', async () => {
      await signInWithToken(page, referrer.token, '/referrals');
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Nobody has joined through your link yet' })).toBeVisible();
      await page.getByRole('button', { name: 'Generate my code' }).click();
      const code = (await page.getByTestId('referral-code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      link = await page.getByLabel('Your referral link').inputValue();
      expect(new URL(link).searchParams.get('ref')).toBe(code);
      await expect(page.getByTestId('referral-reward')).toContainText('$5.00');
      await checkPage(page, '/referrals', () => expect(page.getByTestId('referral-code')).toBeVisible());
    });

    await test.step('a visitor opens the link and signs up', async () => {
      const visitor = await browser.newContext();
      const newcomer = await visitor.newPage();
      try {
        const url = new URL(link);
        await newcomer.goto(`/${url.search}`);
        await newcomer.getByTestId('get-started').click();
        const account = newAccount('learner', 'ref-new');
        await fillRegistration(newcomer.getByTestId('auth-modal'), account);
        await expectDashboard(newcomer, 'learner');
        const token = await storedToken(newcomer);
        expect(token).toBeTruthy();

        // pending until the first lesson (the sign-up reaches gamification as an event: a moment later)
        await expect(async () => {
          await page.reload();
          await expect(page.getByTestId('referral-row')).toHaveCount(1, { timeout: 3000 });
        }).toPass({ timeout: 30_000 });
        await expect(page.getByTestId('referral-status')).toHaveText('Pending');
        await expect(page.getByTestId('referral-reward-state')).toHaveText('After their first lesson');
        await expect(page.getByTestId('referral-email')).not.toHaveText(account.email);

        await enroll(request, token!, course.id);
        const done = await request.post(`/api/lessons/${course.lessons[0]}/complete`, {
          headers: bearer(token!),
          data: { time_spent_minutes: 1 },
        });
        expect(done.status(), await done.text()).toBe(200);
      } finally {
        await visitor.close();
      }
    });

    await test.step("the referrer's list shows the referral completed and the reward paid", async () => {
      // completed on the first lesson; paid once billing has credited the wallet
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('referral-status')).toHaveText('Completed', { timeout: 3000 });
        await expect(page.getByTestId('referral-reward-state')).toHaveText('Paid', { timeout: 3000 });
      }).toPass({ timeout: 45_000 });
      await expect(page.getByTestId('referral-earned')).toHaveText('Earned so far: $5.00');
      await expectNoSeriousA11yViolations(page, '/referrals with a completed referral');
    });
  });
});
