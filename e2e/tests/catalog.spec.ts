import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { addLessonThroughForm, CATALOG_TEXT, courseLesson, waitForCertificate } from '../support/catalog.js';
import { pdfText } from '../../libs/testing/src/pdf-text.js';
import { toast } from '../support/ui.js';

// One journey over the catalog (issue "Catalog and learning", item 8): an instructor builds and
// publishes a free course; a learner finds it, meets the lock, enrolls, completes everything and
// downloads a certificate that carries their name.
test.describe('catalog and learning journey', () => {
  test.describe.configure({ timeout: 180_000 });

  test('instructor publishes a course; a learner enrolls, completes it and downloads the certificate', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'cat-instr');
    const learner = await registerViaApi(request, 'learner', 'cat-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const title = `E2E Course ${stamp}`;
    const description = `A course made by the end-to-end suite (${stamp}). `.padEnd(140, 'Lorem ipsum dolor sit amet. ');
    const previewLesson = {
      title: `Welcome ${stamp}`,
      content: 'Welcome to the course.\nThis lesson is a free preview.',
      freePreview: true,
    };
    const lockedLesson = { title: `Deep dive ${stamp}`, content: 'Only enrolled learners read this.' };
    let courseId = '';

    await test.step('the instructor creates the course (a draft) and lands on its management page', async () => {
      await signInWithToken(page, instructor.token, '/instructor/create');
      const form = page.getByTestId('create-course-form');
      await expect(page.getByRole('heading', { level: 1, name: 'Create Course' })).toBeVisible();
      // spec 9: default category programming, level beginner
      await expect(form.getByTestId('course-category-input')).toHaveValue('programming');
      await expect(form.getByTestId('course-level-input')).toHaveValue('beginner');
      // spec 5: title, description and price are required
      await form.getByTestId('create-course-submit').click();
      await expect(form.getByText('Title is required')).toBeVisible();
      await expect(form.getByText('Price is required')).toBeVisible();

      await form.getByTestId('course-title').fill(title);
      await form.getByTestId('course-description-input').fill(description);
      await form.getByTestId('course-price-input').fill('0');
      await form.getByTestId('create-course-submit').click();
      await expect(toast(page, CATALOG_TEXT.courseCreated)).toBeVisible();
      await expect(page).toHaveURL(/\/instructor\/course\/[0-9a-f-]{36}$/);
      courseId = page.url().split('/').pop()!;
      const manage = page.getByTestId('manage-course');
      await expect(manage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(manage.getByTestId('course-status')).toHaveText('Draft');
      await expect(manage.getByTestId('stat-rating-value')).toHaveText('N/A');
    });

    await test.step('the instructor adds lessons, one of them a free preview, and deletes an extra one', async () => {
      // issue 14: lessons are added on the management page itself; a new one goes after the last
      await page.getByTestId('manage-course').getByTestId('add-lesson').click();
      const form = page.getByTestId('lesson-form');
      // spec 5: duration default 15
      await expect(form.getByTestId('lesson-duration')).toHaveValue('15');
      await form.getByTestId('lesson-save').click();
      await expect(form.getByText('Title is required')).toBeVisible();
      await expect(form.getByText('Content is required')).toBeVisible();

      await addLessonThroughForm(page, previewLesson);
      await expect(toast(page, CATALOG_TEXT.lessonCreated)).toBeVisible();
      await addLessonThroughForm(page, lockedLesson);

      // a video lesson needs a URL (spec 5)
      await page.getByTestId('add-lesson').click();
      await form.getByTestId('lesson-title').fill(`Extra ${stamp}`);
      await form.getByTestId('lesson-content-type').selectOption('video');
      await form.getByTestId('lesson-content').fill('not a url');
      await form.getByTestId('lesson-save').click();
      await expect(form.getByText('Enter the URL of the video')).toBeVisible();
      await form.getByTestId('lesson-content').fill('https://example.com/intro.mp4');
      await form.getByTestId('lesson-save').click();
      const extra = page.getByTestId('managed-lesson').filter({ hasText: `Extra ${stamp}` });
      await expect(extra).toBeVisible();

      // edit it, then delete it: the confirmation of spec 2.8 first
      await extra.getByTestId('edit-lesson').click();
      await expect(form).toHaveAttribute('data-mode', 'edit');
      await expect(form.getByTestId('lesson-title')).toHaveValue(`Extra ${stamp}`);
      await form.getByTestId('lesson-title').fill(`Extra ${stamp} (edited)`);
      await form.getByTestId('lesson-save').click();
      await expect(toast(page, CATALOG_TEXT.lessonUpdated)).toBeVisible();
      const edited = page.getByTestId('managed-lesson').filter({ hasText: `Extra ${stamp} (edited)` });
      await edited.getByTestId('delete-lesson').click();
      const dialog = page.getByTestId('delete-lesson-dialog');
      await expect(dialog.getByText(CATALOG_TEXT.deleteLessonConfirm)).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(edited).toBeVisible();
      await edited.getByTestId('delete-lesson').click();
      await page.getByTestId('delete-lesson-dialog-confirm').click();
      await expect(toast(page, CATALOG_TEXT.lessonDeleted)).toBeVisible();
      await expect(edited).toHaveCount(0);
      await expect(page.getByTestId('managed-lesson')).toHaveCount(2);
    });

    await test.step('the instructor adds a text content item to the first lesson (multipart upload)', async () => {
      const lesson = page.getByTestId('managed-lesson').filter({ hasText: previewLesson.title });
      await lesson.getByTestId('lesson-add-content').click();
      const form = lesson.getByTestId('add-content-form');
      await form.getByTestId('content-type').selectOption('text');
      await form.getByTestId('add-content-submit').click();
      await expect(form.getByText('Title is required')).toBeVisible();
      await form.getByTestId('content-title').fill(`Reading ${stamp}`);
      await form.getByTestId('content-text').fill('Read this before the lessons.');
      await form.getByTestId('add-content-submit').click();
      await expect(toast(page, CATALOG_TEXT.contentAdded)).toBeVisible();
      await expect(page.getByTestId('content-item').filter({ hasText: `Reading ${stamp}` })).toBeVisible();
      await expect(page.getByTestId('stat-content-items-value')).toHaveText('1');
    });

    await test.step('the instructor publishes the course and sees the instructor tools on its page', async () => {
      await page.goto(`/instructor/course/${courseId}`);
      await page.getByTestId('toggle-publish').click();
      await expect(toast(page, CATALOG_TEXT.coursePublished)).toBeVisible();
      await expect(page.getByTestId('manage-course').getByTestId('course-status')).toHaveText('Published');

      await page.goto(`/course/${courseId}`);
      await expect(page.getByTestId('course-lessons').getByTestId('manage-lessons-link')).toBeVisible();
      await expect(page.getByTestId('owner-note')).toBeVisible();
      await expect(page.getByTestId('enroll-button')).toHaveCount(0);
    });

    await test.step('the learner finds the course in Browse Courses', async () => {
      await signInWithToken(page, learner.token, '/courses');
      await expect(page.getByRole('heading', { level: 1, name: 'Browse Courses' })).toBeVisible();
      // spec 9: the browse list adds two categories to the six of the create form
      const categories = await page.getByTestId('course-category').locator('option').allTextContents();
      expect(categories).toEqual(expect.arrayContaining(['Data Science', 'Personal Development', 'Exam Prep']));
      await page.getByTestId('course-search').fill(stamp);
      // the search settles into the URL after its debounce: wait for it, or that late update
      // lands on the course page the click below opens (/course/{id}?search=...)
      await expect(page).toHaveURL(new RegExp(`[?&]search=${stamp}`));
      const card = page.getByTestId('course-card').filter({ hasText: title });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId('course-price')).toHaveText('Free');
      await expect(card.getByTestId('course-rating')).toHaveText(/No ratings/);
      await expect(card.getByTestId('course-thumbnail-placeholder')).toBeAttached();
      const shown = (await card.getByTestId('course-description').textContent()) ?? '';
      expect(shown.endsWith('…')).toBe(true);
      expect(shown.replace(/…$/, '').length).toBeLessThanOrEqual(100);
      await card.getByTestId('course-card-link').click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    });

    await test.step('before enrolling: the lock message, the locked lesson and the open free preview', async () => {
      const detail = page.getByTestId('course-detail');
      await expect(detail.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('lessons-lock-message')).toHaveText(CATALOG_TEXT.lockMessage);
      const locked = courseLesson(page, lockedLesson.title);
      await expect(locked).toHaveAttribute('data-locked', 'true');
      await expect(locked.getByTestId('lesson-locked')).toHaveText('Locked');
      await expect(locked.getByRole('link')).toHaveCount(0);
      const preview = courseLesson(page, previewLesson.title);
      await expect(preview).toHaveAttribute('data-locked', 'false');
      await expect(preview.getByText('Free preview')).toBeVisible();
      // only the instructor manages lessons
      await expect(page.getByTestId('manage-lessons-link')).toHaveCount(0);
      await expect(page.getByTestId('add-first-lesson')).toHaveCount(0);

      // the free preview opens without enrolling, with no Mark Complete
      await preview.getByRole('link').click();
      await expect(page.getByTestId('lesson-viewer')).toBeVisible();
      await expect(page.getByTestId('lesson-content-view')).toContainText('This lesson is a free preview.');
      await expect(page.getByTestId('mark-complete')).toHaveCount(0);
      await page.getByTestId('back-to-course').click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    });

    await test.step('the learner enrolls in the free course', async () => {
      await page.getByTestId('enroll-button').click();
      await expect(toast(page, CATALOG_TEXT.enrolledFree)).toBeVisible();
      await expect(page.getByTestId('enrolled-state')).toBeVisible();
      await expect(page.getByTestId('course-progress-value')).toHaveText('0%');
      await expect(page.getByTestId('lessons-lock-message')).toHaveCount(0);
      await expect(courseLesson(page, lockedLesson.title)).toHaveAttribute('data-locked', 'false');
    });

    await test.step('the learner completes both lessons in the lesson viewer', async () => {
      await courseLesson(page, previewLesson.title).getByRole('link').click();
      await expect(page.getByTestId('lesson-sidebar').getByRole('link')).toHaveCount(2);
      await page.getByTestId('mark-complete').click();
      await expect(toast(page, CATALOG_TEXT.lessonMarked)).toBeVisible();
      await expect(page.getByTestId('lesson-completed-badge')).toBeVisible();
      await expect(page.getByTestId('mark-complete')).toBeDisabled();

      await page.getByTestId('next-lesson').click();
      await expect(page.getByRole('heading', { level: 1, name: lockedLesson.title })).toBeVisible();
      await expect(page.getByTestId('lesson-content-view')).toContainText(lockedLesson.content);
      await page.getByTestId('mark-complete').click();
      await expect(page.getByTestId('lesson-completed-badge')).toBeVisible();
    });

    await test.step('the learner completes the content item in the course player and reaches 100%', async () => {
      await page.goto(`/course/${courseId}/learn`);
      const player = page.getByTestId('course-player');
      await expect(player.getByTestId('player-unit')).toHaveCount(3);
      const reading = player.getByTestId('player-unit').filter({ hasText: `Reading ${stamp}` });
      await expect(reading).toHaveAttribute('data-done', 'false');
      await reading.click();
      await expect(player.getByTestId('player-viewer')).toContainText('Read this before the lessons.');
      await player.getByTestId('player-mark-complete').click();
      await expect(toast(page, CATALOG_TEXT.itemMarked)).toBeVisible();
      await expect(reading).toHaveAttribute('data-done', 'true');
      await expect(player.getByTestId('player-progress-value')).toHaveText('100%');
      await expect(player.getByTestId('player-completed')).toBeVisible();
    });

    await test.step('the course page shows the completed badge; the certificate PDF carries the learner name', async () => {
      await page.goto(`/course/${courseId}`);
      await expect(page.getByTestId('course-completed')).toBeVisible();
      await expect(page.getByTestId('course-completed').getByText('Completed', { exact: true })).toBeVisible();
      await expect(page.getByTestId('course-progress-value')).toHaveText('100%');

      await waitForCertificate(request, courseId, learner.token);
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByTestId('download-certificate').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/i);
      const path = await download.path();
      const pdf = await readFile(path);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(pdf)).toContain(learner.name);
    });

    await test.step('the enrolled learner reviews the course', async () => {
      const form = page.getByTestId('review-form');
      await form
        .locator('label')
        .filter({ has: page.getByTestId('review-rating-5') })
        .click();
      await expect(page.getByTestId('review-rating-5')).toBeChecked();
      await form.getByTestId('review-comment').fill('Clear and short.');
      await form.getByTestId('review-submit').click();
      await expect(toast(page, CATALOG_TEXT.reviewThanks)).toBeVisible();
      await expect(page.getByTestId('course-review').filter({ hasText: 'Clear and short.' })).toBeVisible();
      await expect(page.getByTestId('review-form')).toHaveCount(0);
    });

    await test.step('without a stored token the certificate asks to sign in again', async () => {
      await page.evaluate(() => window.localStorage.removeItem('token'));
      await page.getByTestId('download-certificate').click();
      await expect(toast(page, CATALOG_TEXT.certificateLoginAgain)).toBeVisible();
    });
  });

  test('a non-enrolled learner cannot open a locked lesson: "Failed to load lesson" and back', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'cat-lock-instr');
    const learner = await registerViaApi(request, 'learner', 'cat-lock-learner');
    const auth = { Authorization: `Bearer ${instructor.token}` };
    const course = await request.post('/api/courses', {
      headers: auth,
      data: { title: `Locked course ${Date.now()}`, description: 'A paid course with one locked lesson.', price: 19.5, is_published: true },
    });
    expect(course.status(), await course.text()).toBe(201);
    const { id: courseId } = (await course.json()) as { id: string };
    const lesson = await request.post(`/api/courses/${courseId}/lessons`, {
      headers: auth,
      data: { title: 'Members only', content: 'Secret text', duration_minutes: 10 },
    });
    expect(lesson.status(), await lesson.text()).toBe(201);
    const { id: lessonId } = (await lesson.json()) as { id: string };

    await signInWithToken(page, learner.token, `/course/${courseId}`);
    await expect(page.getByTestId('course-detail-price')).toHaveText('$19.50');
    // a paid course opens the payment dialog: the price and the four payment methods (the payment journeys are billing's)
    await page.getByTestId('enroll-button').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('payment-amount')).toHaveText('$19.50');
    for (const method of ['wallet', 'chapa', 'telebirr', 'mpesa'])
      await expect(dialog.getByTestId(`payment-method-${method}`)).toBeVisible();
    await expect(dialog.getByTestId('pay-button')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // opened from inside the app, a lesson that cannot be loaded sends the user back there
    await page.evaluate((path) => {
      window.history.pushState({ usr: null, key: 'e2e', idx: 1 }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, `/lessons/${lessonId}`);
    await expect(toast(page, 'Failed to load lesson')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    await expect(page.getByTestId('course-detail')).toBeVisible();

    // opened as the first page, there is nowhere to go back to: the dashboard
    await page.goto(`/lessons/${lessonId}`);
    await expect(toast(page, 'Failed to load lesson')).toBeVisible();
    await expect(page).toHaveURL(/\/learner\/dashboard$/);
  });

  test('the catalog screens have no serious or critical axe violation', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'cat-a11y-instr');
    const learner = await registerViaApi(request, 'learner', 'cat-a11y-learner');
    const auth = { Authorization: `Bearer ${instructor.token}` };
    const course = await request.post('/api/courses', {
      headers: auth,
      data: { title: `Accessible course ${Date.now()}`, description: 'Checked with axe.', price: 0, is_published: true },
    });
    expect(course.status(), await course.text()).toBe(201);
    const { id: courseId } = (await course.json()) as { id: string };
    const lesson = await request.post(`/api/courses/${courseId}/lessons`, {
      headers: auth,
      data: { title: 'Open lesson', content: 'Hello', is_free_preview: true },
    });
    expect(lesson.status(), await lesson.text()).toBe(201);
    const { id: lessonId } = (await lesson.json()) as { id: string };

    const check = async (what: string, ready: (p: Page) => Promise<void>) => {
      await ready(page);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = blocking
        .map(
          (v) =>
            `[${v.impact}] ${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 5)
              .join(', ')}`,
        )
        .join('\n');
      expect(blocking, `axe on ${what}:\n${report}`).toEqual([]);
    };

    await signInWithToken(page, learner.token, '/courses');
    await check('/courses', async (p) => expect(p.getByTestId('course-card').first()).toBeVisible());
    await page.goto(`/course/${courseId}`);
    await check('/course/{id}', async (p) => expect(p.getByTestId('enroll-button')).toBeVisible());
    await page.goto(`/lessons/${lessonId}`);
    await check('/lessons/{id}', async (p) => expect(p.getByTestId('lesson-sidebar')).toBeVisible());
    await page.goto('/knowledge-hub');
    await check('/knowledge-hub with the upload form', async (p) => {
      await p.getByTestId('toggle-upload').click();
      await expect(p.getByTestId('resource-upload-form')).toBeVisible();
    });

    await signInWithToken(page, instructor.token, `/instructor/course/${courseId}`);
    await check('/instructor/course/{id}', async (p) => expect(p.getByTestId('managed-lesson')).toHaveCount(1));
    await page.goto(`/instructor/course/${courseId}/lessons`);
    await check('/instructor/course/{id}/lessons', async (p) => expect(p.getByTestId('managed-lesson')).toHaveCount(1));
    await page.goto('/instructor/create');
    await check('/instructor/create', async (p) => expect(p.getByTestId('create-course-form')).toBeVisible());
    for (const tab of ['overview', 'courses', 'analytics', 'students', 'messages', 'library']) {
      await page.goto(`/instructor/dashboard?tab=${tab}`);
      await check(`/instructor/dashboard (${tab})`, async (p) => {
        await expect(p.getByTestId(`instructor-tab-${tab}`)).toHaveAttribute('data-state', 'active');
        await expect(p.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      });
    }
  });

  test('content upload: the size limit is checked before sending, a wrong file is refused by the server, a PDF goes up', async ({
    page,
    request,
  }, testInfo) => {
    const instructor = await registerViaApi(request, 'instructor', 'cat-upload');
    const course = await request.post('/api/courses', {
      headers: { Authorization: `Bearer ${instructor.token}` },
      data: { title: `Upload course ${Date.now()}`, description: 'Files.', price: 0 },
    });
    expect(course.status(), await course.text()).toBe(201);
    const { id: courseId } = (await course.json()) as { id: string };
    // content items belong to a lesson (issue 14)
    const lesson = await request.post(`/api/courses/${courseId}/lessons`, {
      headers: { Authorization: `Bearer ${instructor.token}` },
      data: { title: 'Files lesson', content: 'The files of this course.' },
    });
    expect(lesson.status(), await lesson.text()).toBe(201);
    await signInWithToken(page, instructor.token, `/instructor/course/${courseId}`);
    await page.getByTestId('lesson-add-content').click();
    const form = page.getByTestId('add-content-form');
    await form.getByTestId('content-type').selectOption('pdf');
    await expect(form.getByText('PDF up to 25 MB')).toBeVisible();
    await form.getByTestId('content-title').fill('Workbook');

    // over the 25 MB PDF limit: refused on the client, nothing is sent
    let uploads = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/courses/${courseId}/content`)) uploads += 1;
    });
    // from a file on disk: Chromium 156 no longer takes a 25 MB in-memory buffer through setInputFiles in time
    const big = join(testInfo.outputDir, 'big.pdf');
    await mkdir(testInfo.outputDir, { recursive: true });
    await writeFile(big, Buffer.alloc(25 * 1024 * 1024 + 1, 0x20));
    await form.getByTestId('content-file').setInputFiles(big);
    await form.getByTestId('add-content-submit').click();
    await expect(form.getByText('The file is too large: PDF files can be at most 25 MB')).toBeVisible();
    expect(uploads).toBe(0);

    // not a PDF inside: the server's explanation is shown
    await form
      .getByTestId('content-file')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
    await form.getByTestId('add-content-submit').click();
    await expect(form.getByTestId('add-content-error')).toHaveText('The file is not a PDF');
    expect(uploads).toBe(1);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
    await form.getByTestId('content-file').setInputFiles({ name: 'workbook.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form.getByTestId('add-content-submit').click();
    await expect(toast(page, CATALOG_TEXT.contentAdded)).toBeVisible();
    const item = page.getByTestId('content-item').filter({ hasText: 'Workbook' });
    await expect(item).toHaveAttribute('data-content-type', 'pdf');
    await expect(item).toContainText('workbook.pdf');
    // the address carries no token; opening it goes through a short-lived download link
    const href = await item.getByRole('link').getAttribute('href');
    expect(href).toMatch(new RegExp(`^/api/courses/${courseId}/content/[0-9a-f-]{36}/file$`));
    const [tab] = await Promise.all([page.context().waitForEvent('page'), item.getByRole('link').click()]);
    await expect.poll(() => tab.url()).toContain('?link=');
    const opened = new URL(tab.url());
    expect(opened.pathname).toBe(href);
    expect(opened.search).not.toContain(instructor.token);
    await tab.close();
    const file = await request.get(`${opened.pathname}${opened.search}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('instructor dashboard: compose needs recipient, subject and message; bulk upload sends only complete lessons', async ({
    page,
    request,
  }) => {
    const instructor = await registerViaApi(request, 'instructor', 'cat-dash');
    const learner = await registerViaApi(request, 'learner', 'cat-dash-learner');
    const auth = { Authorization: `Bearer ${instructor.token}` };
    const title = `Dashboard course ${Date.now()}`;
    const course = await request.post('/api/courses', {
      headers: auth,
      data: { title, description: 'For the dashboard.', price: 0, is_published: true },
    });
    expect(course.status(), await course.text()).toBe(201);
    const { id: courseId } = (await course.json()) as { id: string };
    const enroll = await request.post(`/api/courses/${courseId}/enroll`, { headers: { Authorization: `Bearer ${learner.token}` } });
    expect(enroll.status(), await enroll.text()).toBe(201);

    await signInWithToken(page, instructor.token, '/instructor/dashboard');
    await expect(page.getByTestId('stat-total-courses-value')).toHaveText('1');
    await expect(page.getByTestId('stat-total-students-value')).toHaveText('1');

    // My Courses: the card shows Published, the enrollment count and No ratings; Analytics opens the tab with the course chosen
    await page.getByTestId('instructor-tab-courses').click();
    const card = page.getByTestId('course-card').filter({ hasText: title });
    await expect(card.getByTestId('course-status')).toHaveText('Published');
    await expect(card.getByTestId('course-enrollments')).toContainText('1 enrollment');
    await expect(card.getByTestId('course-rating')).toHaveText(/No ratings/);
    await card.getByRole('link', { name: /^Analytics/ }).click();
    await expect(page).toHaveURL(new RegExp(`/instructor/dashboard\\?tab=analytics&course=${courseId}$`));
    await expect(page.getByTestId('analytics-course-select')).toHaveValue(courseId);
    await expect(page.getByTestId('analytics-total-enrollments-value')).toHaveText('1');

    // Students: the learner is in the grid
    await page.getByTestId('instructor-tab-students').click();
    await expect(page.getByTestId('student-card').filter({ hasText: learner.name })).toBeVisible();

    // Messages: Send stays disabled until recipient, subject and message are filled
    await page.getByTestId('instructor-tab-messages').click();
    await page.getByTestId('compose-button').click();
    const compose = page.getByTestId('compose-dialog');
    const send = compose.getByTestId('compose-send');
    await expect(send).toBeDisabled();
    await compose.getByTestId('compose-recipient').selectOption(learner.id);
    await compose.getByTestId('compose-subject').fill('Welcome aboard');
    await expect(send).toBeDisabled();
    await compose.getByTestId('compose-message').fill('   ');
    await expect(send).toBeDisabled();
    await compose.getByTestId('compose-message').fill('Glad to have you in the course.');
    await compose.getByTestId('compose-course').selectOption(courseId);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(toast(page, 'Message sent successfully!')).toBeVisible();
    await page.getByTestId('messages-sent').click();
    await expect(page.getByTestId('message-item').filter({ hasText: 'Welcome aboard' })).toBeVisible();

    // Content Library, bulk upload: disabled until a lesson has title and content; only complete lessons go
    await page.getByTestId('instructor-tab-library').click();
    await page.getByTestId('bulk-upload-button').click();
    const bulk = page.getByTestId('bulk-upload-dialog');
    const upload = bulk.getByTestId('bulk-upload-submit');
    await expect(upload).toBeDisabled();
    await expect(bulk.getByTestId('bulk-remove')).toHaveCount(0);
    await bulk.getByTestId('bulk-title').first().fill('Bulk lesson one');
    await expect(upload).toBeDisabled();
    await bulk.getByTestId('bulk-content').first().fill('First bulk content');
    await expect(upload).toBeEnabled();
    await bulk.getByTestId('bulk-add').click();
    await bulk.getByTestId('bulk-add').click();
    await expect(bulk.getByTestId('bulk-lesson')).toHaveCount(3);
    await bulk.getByTestId('bulk-title').nth(1).fill('Only a title');
    await bulk.getByTestId('bulk-remove').nth(2).click();
    await expect(bulk.getByTestId('bulk-lesson')).toHaveCount(2);
    await upload.click();
    const prompt = page.getByTestId('course-id-prompt');
    await prompt.getByTestId('course-id-input').fill(courseId);
    await prompt.getByTestId('course-id-confirm').click();
    await expect(toast(page, 'Lessons uploaded successfully!')).toBeVisible();
    await expect(bulk).toBeHidden();

    const lessons = await request.get(`/api/courses/${courseId}/lessons`, { headers: auth });
    const titles = ((await lessons.json()) as Array<{ title: string }>).map((l) => l.title);
    expect(titles).toEqual(['Bulk lesson one']);
    await expect(page.getByTestId('lesson-templates')).toContainText('Bulk lesson one');
  });
});
