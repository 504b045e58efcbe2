import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerViaApi, signInWithToken, type RegisteredAccount } from '../support/accounts.js';
import { waitForCertificate } from '../support/catalog.js';
import { pdfTextLines } from '../../libs/testing/src/pdf-text.js';

// Issue 14, items 6-8: a certificate whose printed link opens a readable public page, a lesson id
// that names nothing says "Lesson not found", and the course page on a 390 px phone.

const PHONE = { width: 390, height: 844 };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A published course with lessons, through the API; returns its id and the lessons' ids. */
async function createCourse(
  request: APIRequestContext,
  instructor: RegisteredAccount,
  input: { title: string; price: number; lessons?: number },
): Promise<{ id: string; lessonIds: string[] }> {
  const res = await request.post('/api/courses', {
    headers: auth(instructor.token),
    data: { title: input.title, description: `${input.title}: made by the mobile journey.`, price: input.price, is_published: true },
  });
  expect(res.status(), `create course: ${await res.text()}`).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const lessonIds: string[] = [];
  for (let i = 0; i < (input.lessons ?? 1); i++) {
    const lesson = await request.post(`/api/courses/${id}/lessons`, {
      headers: auth(instructor.token),
      data: { title: `Lesson ${i + 1} of ${input.title}`, content: 'Read this.', order: i },
    });
    expect(lesson.status(), `create lesson: ${await lesson.text()}`).toBe(201);
    lessonIds.push(((await lesson.json()) as { id: string }).id);
  }
  return { id, lessonIds };
}

/** True when the whole box is inside the viewport as it is (nothing scrolled). */
async function fullyInViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height);
}

test.describe('certificates, not-found lessons and the course page on a phone', () => {
  test.describe.configure({ timeout: 150_000 });

  test('at 390 px the price and Enroll are in view without scrolling, and long titles wrap', async ({ page, request }) => {
    const instructor = await registerViaApi(request, 'instructor', 'mob-instr');
    const learner = await registerViaApi(request, 'learner', 'mob-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const longTitle = `A very long course title that goes on ${stamp} Internationalisation-and-localisation-of-applications for every phone screen`;
    const paid = await createCourse(request, instructor, { title: longTitle, price: 750 });
    const free = await createCourse(request, instructor, { title: `Free mobile course ${stamp}`, price: 0 });
    await page.setViewportSize(PHONE);

    for (const [course, kind] of [
      [paid, 'paid'],
      [free, 'free'],
    ] as const) {
      await test.step(`the ${kind} course page: price and Enroll in view at first sight`, async () => {
        await signInWithToken(page, learner.token, `/course/${course.id}`);
        const enroll = page.getByTestId('enroll-button');
        await expect(enroll).toBeVisible();
        await expect(page.getByTestId('course-detail-price')).toHaveText(kind === 'free' ? /free/i : /750/);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await expect(enroll).toBeInViewport({ ratio: 1 });
        expect(await fullyInViewport(page, enroll)).toBe(true);
        expect(await fullyInViewport(page, page.getByTestId('course-detail-price'))).toBe(true);
        // one Enroll button for assistive technology, not a copy per layout
        await expect(page.getByRole('button', { name: /enroll/i })).toHaveCount(1);
        // nothing is wider than the phone
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: test.info().outputPath(`course-390-${kind}.png`) });
        await expectNoSeriousA11yViolations(page, `the ${kind} course page at 390 px`);
      });
    }

    await test.step('from 1024 px up the same price and Enroll sit in the course card beside the content', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const bar = page.getByTestId('enroll-bar');
      await expect(bar).toBeVisible();
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('static');
      await expect(page.getByTestId('enrollment-panel').getByTestId('enroll-button')).toBeInViewport();
      await expect(page.getByRole('button', { name: /enroll/i })).toHaveCount(1);
      await page.screenshot({ path: test.info().outputPath('course-1280-free.png') });
      await page.setViewportSize(PHONE);
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    });

    await test.step('the long title wraps onto several lines instead of being cut', async () => {
      await signInWithToken(page, learner.token, `/course/${paid.id}`);
      const title = page.getByTestId('course-detail-title');
      await expect(title).toHaveText(longTitle);
      const metrics = await title.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        overflow: getComputedStyle(el).textOverflow,
      }));
      expect(metrics.height).toBeGreaterThan(metrics.lineHeight * 1.5);
      expect(metrics.scrollWidth).toBeLessThanOrEqual(metrics.clientWidth);
      expect(metrics.overflow).not.toBe('ellipsis');
      // the course card in the catalogue wraps it too
      await page.goto('/marketplace');
      await page.getByTestId('course-search').fill(stamp);
      const card = page.getByTestId('course-card').filter({ hasText: longTitle });
      await expect(card).toBeVisible();
      const link = card.getByTestId('course-card-link');
      const cardTitle = await link.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(cardTitle.height).toBeGreaterThan(cardTitle.lineHeight * 1.5);
      expect(cardTitle.scrollWidth).toBeLessThanOrEqual(cardTitle.clientWidth);
    });

    await test.step('a tab row wider than the phone shows that it scrolls, and the keyboard still moves through it', async () => {
      await signInWithToken(page, instructor.token, '/instructor/dashboard');
      const row = page.getByTestId('scrollable-tabs').first();
      await expect(row).toBeVisible();
      await expect(row).toHaveAttribute('data-more-end', 'true');
      await expect(row).toHaveAttribute('data-more-start', 'false');
      await page.screenshot({ path: test.info().outputPath('tabs-390.png') });
      const tabs = row.getByRole('tab');
      await tabs.first().focus();
      await page.keyboard.press('End');
      const last = tabs.last();
      await expect(last).toBeFocused();
      await expect(last).toBeInViewport({ ratio: 1 });
      await expect(row).toHaveAttribute('data-more-start', 'true');
      await expect(row).toHaveAttribute('data-more-end', 'false');
      await expectNoSeriousA11yViolations(page, 'the instructor dashboard at 390 px');
    });
  });

  test('a lesson id that names no lesson shows "Lesson not found", like a course id does', async ({ page, request }) => {
    const learner = await registerViaApi(request, 'learner', 'mob-lost');
    for (const path of ['/lessons/not-a-uuid', '/lessons/6b1c1f0e-7c55-4f0b-9a57-1d1c0e4b7a10']) {
      await signInWithToken(page, learner.token, path);
      const notFound = page.getByTestId('catalog-not-found');
      await expect(notFound.getByRole('heading', { level: 1, name: 'Lesson not found' })).toBeVisible();
      await expect(page.getByText('Must be a valid id')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await page.screenshot({ path: test.info().outputPath('lesson-not-found.png') });
    await expectNoSeriousA11yViolations(page, 'Lesson not found');
    for (const path of ['/course/not-a-uuid', '/course/6b1c1f0e-7c55-4f0b-9a57-1d1c0e4b7a10']) {
      await page.goto(path);
      await expect(page.getByTestId('catalog-not-found').getByRole('heading', { level: 1, name: 'Course not found' })).toBeVisible();
    }
  });

  test('the certificate prints the public verification page, which anyone can read', async ({ page, request, browser }) => {
    const instructor = await registerViaApi(request, 'instructor', 'mob-cert-instr');
    const learner = await registerViaApi(request, 'learner', 'mob-cert-learner');
    const stamp = Math.random().toString(36).slice(2, 8);
    const course = await createCourse(request, instructor, { title: `Certified course ${stamp}`, price: 0, lessons: 2 });
    expect((await request.post(`/api/courses/${course.id}/enroll`, { headers: auth(learner.token) })).status()).toBe(201);
    const first = await request.post(`/api/lessons/${course.lessonIds[0]}/complete`, {
      headers: auth(learner.token),
      data: { time_spent_minutes: 1 },
    });
    expect(first.status(), await first.text()).toBe(200);

    await test.step('completing the last lesson in the player congratulates once', async () => {
      await signInWithToken(page, learner.token, `/course/${course.id}/learn`);
      const player = page.getByTestId('course-player');
      await expect(player.getByTestId('player-progress-value')).toHaveText('50%');
      await player.getByTestId('player-mark-complete').click();
      await expect(player.getByTestId('player-completed')).toBeVisible();
      await expect(page.getByText('Course completed: your certificate is ready.')).toBeVisible();
      await expect(page.getByText(/Congratulations/)).toHaveCount(1);
    });

    await waitForCertificate(request, course.id, learner.token);
    const pdf = await request.get(`/api/certificates/${course.id}`, { headers: auth(learner.token) });
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const lines = pdfTextLines(await pdf.body());
    const code = /^Verification code: (LH-[0-9A-Z-]+)$/.exec(lines.find((l) => l.startsWith('Verification code: ')) ?? '')?.[1];
    expect(code, lines.join('\n')).toBeTruthy();
    const printed = lines.find((l) => l.startsWith('Verify at '))?.slice('Verify at '.length);
    // absolute, on the platform's public address, and a page rather than the JSON API
    const base = new URL(test.info().project.use.baseURL!);
    expect(printed).toBe(`${base.origin}/certificates/verify/${code}`);

    await test.step('the printed link opens a readable page for a visitor who is not signed in', async () => {
      const visitor = await browser.newContext({ viewport: PHONE });
      const anon = await visitor.newPage();
      try {
        await anon.goto(printed!);
        const valid = anon.getByTestId('certificate-valid');
        await expect(valid.getByRole('heading', { level: 1, name: 'Valid certificate' })).toBeVisible();
        await expect(valid.getByTestId('certificate-status')).toHaveText('Valid');
        await expect(valid.getByTestId('certificate-learner')).toHaveText(learner.name);
        await expect(valid.getByTestId('certificate-course')).toHaveText(`Certified course ${stamp}`);
        await expect(valid.getByTestId('certificate-instructor')).toHaveText(instructor.name);
        await expect(valid.getByTestId('certificate-code')).toHaveText(code!);
        const today = new Date();
        await expect(valid.getByTestId('certificate-date')).toContainText(String(today.getUTCFullYear()));
        expect(await anon.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        await anon.screenshot({ path: test.info().outputPath('certificate-390.png'), fullPage: true });
        await expectNoSeriousA11yViolations(anon, 'the certificate verification page');

        await anon.goto('/certificates/verify/LH-0000-0000-0000');
        const unknown = anon.getByTestId('certificate-unknown');
        await expect(unknown.getByRole('heading', { level: 1, name: 'No certificate has this code' })).toBeVisible();
        await expect(unknown).toContainText('LH-0000-0000-0000');
        await expectNoSeriousA11yViolations(anon, 'an unknown certificate code');

        await anon.goto('/certificates/verify/garbage');
        await expect(anon.getByRole('heading', { level: 1, name: 'No certificate has this code' })).toBeVisible();
      } finally {
        await visitor.close();
      }
    });

    await test.step('the signed-in learner reads the same page', async () => {
      await signInWithToken(page, learner.token, `/certificates/verify/${code!.toLowerCase()}`);
      await expect(page.getByTestId('certificate-learner')).toHaveText(learner.name);
    });
  });
});
