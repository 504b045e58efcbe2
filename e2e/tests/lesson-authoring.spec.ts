import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { CATALOG_TEXT } from '../support/catalog.js';
import { toast } from '../support/ui.js';

// Issue 14, item 4: one place for the course's structure. A course has lessons, a lesson its
// content items; new lessons take the next number; lessons reorder by keyboard and by dragging,
// the order persists and the player follows it; the course page and the player count the same.

const lessonRows = (page: Page): Locator => page.getByTestId('managed-lesson');
const row = (page: Page, title: string): Locator =>
  lessonRows(page).filter({ has: page.getByTestId('lesson-title-text').getByText(title, { exact: true }) });
const shownTitles = (page: Page) => page.getByTestId('managed-lesson').getByTestId('lesson-title-text').allTextContents();

async function addLesson(page: Page, title: string, content: string): Promise<void> {
  await page.getByTestId('add-lesson').click();
  const dialog = page.getByTestId('lesson-dialog');
  await expect(dialog.getByRole('heading', { name: 'Add lesson' })).toBeVisible();
  const form = dialog.getByTestId('lesson-form');
  await expect(form).toHaveAttribute('data-mode', 'create');
  await form.getByTestId('lesson-title').fill(title);
  await form.getByTestId('lesson-content').fill(content);
  await form.getByTestId('lesson-save').click();
  await expect(toast(page, CATALOG_TEXT.lessonCreated).last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, title)).toBeVisible();
}

test.describe('lesson authoring: one place for the course structure', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an instructor builds a course of three lessons, reorders them by keyboard and by dragging; the order persists and the player follows it', async ({
    page,
    request,
  }) => {
    const instructor = await registerViaApi(request, 'instructor', 'auth-lessons');
    const stamp = Math.random().toString(36).slice(2, 8);
    const title = `Structured course ${stamp}`;
    let courseId = '';

    await test.step('the instructor creates the course and lands on its management page, whose one primary action is Add lesson', async () => {
      await signInWithToken(page, instructor.token, '/instructor/create');
      const form = page.getByTestId('create-course-form');
      await form.getByTestId('course-title').fill(title);
      await form.getByTestId('course-description-input').fill('Three lessons, reordered.');
      await form.getByTestId('course-price-input').fill('0');
      await form.getByTestId('create-course-submit').click();
      await expect(page).toHaveURL(/\/instructor\/course\/[0-9a-f-]{36}$/);
      courseId = page.url().split('/').pop()!;
      const manage = page.getByTestId('manage-course');
      await expect(manage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(manage.getByRole('heading', { level: 2, name: 'Lessons (0)' })).toBeVisible();
      // no separate Add Content form and no link away to a second lessons page
      await expect(page.getByTestId('add-content-form')).toHaveCount(0);
      await expect(manage.getByTestId('manage-lessons-link')).toHaveCount(0);
      await expect(manage.getByTestId('add-lesson')).toHaveText('Add your first lesson');
      // the design system's primary buttons are the filled ones: exactly one on the page
      await expect(manage.locator('a.bg-primary:visible, button.bg-primary:visible')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'the empty manage page');
    });

    await test.step('three lessons get the numbers 1, 2 and 3 (never #0)', async () => {
      await addLesson(page, `Alpha ${stamp}`, 'First lesson text.');
      await addLesson(page, `Beta ${stamp}`, 'Second lesson text.');
      await page.getByTestId('add-lesson').click();
      await expectNoSeriousA11yViolations(page, 'the manage page with the Add lesson dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('lesson-dialog')).toBeHidden();
      await addLesson(page, `Gamma ${stamp}`, 'Third lesson text.');

      await expect(page.getByRole('heading', { level: 2, name: 'Lessons (3)' })).toBeVisible();
      expect(await shownTitles(page)).toEqual([`Alpha ${stamp}`, `Beta ${stamp}`, `Gamma ${stamp}`]);
      await expect(lessonRows(page).getByTestId('lesson-position')).toHaveText(['Lesson 1', 'Lesson 2', 'Lesson 3']);
      expect(await lessonRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order')))).toEqual(['1', '2', '3']);
      await expect(page.getByTestId('manage-course')).not.toContainText('#0');
      // once there are lessons, Add lesson is the page's one primary action
      await expect(page.getByTestId('add-lesson')).toHaveText('Add lesson');
      await expect(page.getByTestId('manage-course').locator('a.bg-primary:visible, button.bg-primary:visible')).toHaveCount(1);
    });

    await test.step('content is added to a lesson, inside the lesson', async () => {
      const beta = row(page, `Beta ${stamp}`);
      await beta.getByTestId('lesson-add-content').click();
      const form = beta.getByTestId('add-content-form');
      await form.getByTestId('content-type').selectOption('text');
      await form.getByTestId('content-title').fill(`Reading ${stamp}`);
      await form.getByTestId('content-text').fill('Read this inside Beta.');
      await form.getByTestId('add-content-submit').click();
      await expect(toast(page, CATALOG_TEXT.contentAdded)).toBeVisible();
      await expect(beta.getByTestId('content-item').filter({ hasText: `Reading ${stamp}` })).toBeVisible();
      await expect(beta.getByTestId('lesson-item-count')).toHaveText('1 content item');
      await expect(row(page, `Alpha ${stamp}`).getByTestId('lesson-item-count')).toHaveText('0 content items');
    });

    await test.step('keyboard: Gamma is picked up with Space, moved up twice with the arrows and dropped with Space', async () => {
      const handle = row(page, `Gamma ${stamp}`).getByTestId('lesson-drag-handle');
      await handle.focus();
      await page.keyboard.press('Space');
      await expect(page.getByTestId('reorder-status')).toHaveText(`Picked up Gamma ${stamp}. It is lesson 3 of 3.`);
      await page.keyboard.press('ArrowUp');
      await expect(page.getByTestId('reorder-status')).toHaveText(`Gamma ${stamp} is now lesson 2 of 3.`);
      await page.keyboard.press('ArrowUp');
      await expect(page.getByTestId('reorder-status')).toHaveText(`Gamma ${stamp} is now lesson 1 of 3.`);
      // still holding it: nothing is saved yet, and the focus stayed on the handle
      await expect(row(page, `Gamma ${stamp}`).getByTestId('lesson-drag-handle')).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page.getByTestId('reorder-status')).toHaveText('Lesson order saved.');
      expect(await shownTitles(page)).toEqual([`Gamma ${stamp}`, `Alpha ${stamp}`, `Beta ${stamp}`]);
      await expect(lessonRows(page).getByTestId('lesson-position')).toHaveText(['Lesson 1', 'Lesson 2', 'Lesson 3']);

      // Escape puts a held lesson back where it was, and saves nothing
      await row(page, `Alpha ${stamp}`).getByTestId('lesson-drag-handle').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      expect(await shownTitles(page)).toEqual([`Gamma ${stamp}`, `Beta ${stamp}`, `Alpha ${stamp}`]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('reorder-status')).toHaveText(`Reordering cancelled. Alpha ${stamp} is back as lesson 2.`);
      expect(await shownTitles(page)).toEqual([`Gamma ${stamp}`, `Alpha ${stamp}`, `Beta ${stamp}`]);
    });

    await test.step('mouse: Beta is dragged by its handle onto the first lesson', async () => {
      await row(page, `Beta ${stamp}`)
        .getByTestId('lesson-drag-handle')
        .dragTo(row(page, `Gamma ${stamp}`));
      await expect(page.getByTestId('reorder-status')).toHaveText('Lesson order saved.');
      expect(await shownTitles(page)).toEqual([`Beta ${stamp}`, `Gamma ${stamp}`, `Alpha ${stamp}`]);
    });

    await test.step('a refused save puts the previous order back', async () => {
      await page.route(`**/api/courses/${courseId}/lessons/order`, (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'List every lesson of this course exactly once', code: 'LESSON_ORDER_MISMATCH', errors: [] }),
        }),
      );
      await row(page, `Alpha ${stamp}`).getByTestId('lesson-move-up').click();
      // the code's own text (apps/web/src/i18n/en.json errors.code)
      await expect(toast(page, 'The lesson list changed meanwhile. Reload the page and try again.')).toBeVisible();
      await expect(page.getByTestId('reorder-status')).toHaveText('Failed to save the new order; the previous order is back.');
      expect(await shownTitles(page)).toEqual([`Beta ${stamp}`, `Gamma ${stamp}`, `Alpha ${stamp}`]);
      await page.unroute(`**/api/courses/${courseId}/lessons/order`);
    });

    await test.step('the order persists after a reload, numbered 1..3', async () => {
      await page.reload();
      await expect(lessonRows(page)).toHaveCount(3);
      expect(await shownTitles(page)).toEqual([`Beta ${stamp}`, `Gamma ${stamp}`, `Alpha ${stamp}`]);
      expect(await lessonRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order')))).toEqual(['1', '2', '3']);
      await expectNoSeriousA11yViolations(page, 'the manage page with three lessons');
      // publishing is done in the same place: Alpha goes back to draft and says so
      const alpha = row(page, `Alpha ${stamp}`);
      await alpha.getByRole('switch', { name: `Published: Alpha ${stamp}` }).click();
      await expect(toast(page, 'Lesson moved back to draft.')).toBeVisible();
      await expect(alpha.getByText('Draft', { exact: true })).toBeVisible();
      await expect(alpha.getByRole('switch', { name: `Published: Alpha ${stamp}` })).toHaveAttribute('aria-checked', 'false');

      // the old lessons address leads to the same place
      await page.goto(`/instructor/course/${courseId}/lessons`);
      await expect(page).toHaveURL(new RegExp(`/instructor/course/${courseId}$`));
      await expect(lessonRows(page)).toHaveCount(3);
    });

    await test.step('the player lists the lessons in that order, each with its items, and counts them like the course page', async () => {
      await page.goto(`/course/${courseId}/learn`);
      const player = page.getByTestId('course-player');
      await expect(player.getByTestId('player-lessons-heading')).toHaveText('Lessons (3)');
      const lessons = player.getByTestId('player-lesson');
      await expect(lessons).toHaveCount(3);
      await expect(lessons.locator(':scope > button')).toHaveText([
        new RegExp(`Beta ${stamp}`),
        new RegExp(`Gamma ${stamp}`),
        new RegExp(`Alpha ${stamp}`),
      ]);
      // Beta's item sits under Beta
      await expect(
        lessons
          .nth(0)
          .getByTestId('player-unit')
          .filter({ hasText: `Reading ${stamp}` }),
      ).toHaveAttribute('data-kind', 'item');
      await expectNoSeriousA11yViolations(page, 'the course player');

      await page.goto(`/course/${courseId}`);
      await expect(page.getByTestId('course-lessons').getByRole('heading', { name: 'Lessons (3)' })).toBeVisible();
      await expect(page.getByTestId('course-lesson')).toHaveText([
        new RegExp(`Beta ${stamp}`),
        new RegExp(`Gamma ${stamp}`),
        new RegExp(`Alpha ${stamp}`),
      ]);
      await expect(page.getByTestId('course-lesson').first()).toContainText('1 content item');

      // the lesson page lists its items and opens one in the player
      await page.getByTestId('course-lesson').first().getByRole('link').click();
      const items = page.getByTestId('lesson-items');
      await expect(items.getByRole('heading', { name: 'In this lesson (1)' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the lesson page with its items');
      await items.getByRole('link', { name: `Reading ${stamp}` }).click();
      await expect(page.getByTestId('player-viewer')).toContainText('Read this inside Beta.');
    });
  });
});
