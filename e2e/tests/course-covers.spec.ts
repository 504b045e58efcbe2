import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerViaApi, signInWithToken } from '../support/accounts.js';
import { toast } from '../support/ui.js';

// Issue 14 item 5: an instructor uploads a cover on the course's edit page; My Courses and the
// course page show the server's resized copy; a course without one gets a generated cover of its
// own; a file that is not an image is refused with the reason. Each screen is checked with axe.

const COVER = { width: 1200, height: 675 };
const TEXT = {
  uploaded: 'Cover uploaded.',
  removed: 'Cover removed.',
  wrongTypeClient: 'Choose a JPEG, PNG or WebP image.',
  wrongTypeServer: 'The file is not a JPEG, PNG or WebP image',
};

/** A 640x480 PNG with a gradient and a block of colour (made here, so the test needs no fixture file). */
async function pngPicture(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const block = x > 200 && x < 440 && y > 140 && y < 340;
      pixels[i] = block ? 250 : Math.round((x / width) * 255);
      pixels[i + 1] = block ? 200 : Math.round((y / height) * 255);
      pixels[i + 2] = block ? 20 : 140;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function createCourse(request: APIRequestContext, token: string, title: string, category: string): Promise<string> {
  const res = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, description: `${title}: a course of the covers journey.`, price: 0, category, is_published: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Waits for the picture to be loaded and answers its intrinsic size. */
async function naturalSize(img: Locator): Promise<{ width: number; height: number }> {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }));
}

const card = (page: Page, courseId: string): Locator => page.locator(`[data-testid="course-card"][data-course-id="${courseId}"]`);

test.describe('course covers', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an instructor uploads a cover; cards and the course page show the resized image; others get distinct generated covers', async ({
    page,
    request,
  }) => {
    const instructor = await registerViaApi(request, 'instructor', 'cov-instr');
    const stamp = Math.random().toString(36).slice(2, 7);
    const withCover = await createCourse(request, instructor.token, `Covered Course ${stamp}`, 'design');
    const plainA = await createCourse(request, instructor.token, `Python Basics ${stamp}`, 'programming');
    const plainB = await createCourse(request, instructor.token, `Rust Deep Dive ${stamp}`, 'programming');
    const field = page.getByTestId('course-cover-field');
    const preview = field.getByTestId('course-cover-preview');
    let coverUrl = '';

    await test.step('the edit page shows the generated cover and the cover field', async () => {
      await signInWithToken(page, instructor.token, `/instructor/courses/${withCover}/edit`);
      await expect(field.getByRole('heading', { name: 'Cover image' })).toBeVisible();
      await expect(preview.locator('[data-cover="generated"]')).toBeVisible();
      await expect(field.getByText('JPEG, PNG or WebP, at most 5 MB. It is cropped to 1200 × 675 pixels.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the course edit page');
    });

    await test.step('a text file is refused with the reason, by the page and by the server', async () => {
      const input = field.getByLabel('Upload a cover');
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture\n') });
      await expect(field.getByRole('alert')).toHaveText(TEXT.wrongTypeClient);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      // named and typed as a PNG: only the server, reading its bytes, can tell
      await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('still not a picture\n') });
      await expect(field.getByRole('alert')).toHaveText(TEXT.wrongTypeServer);
      await expect(preview.locator('[data-cover="generated"]')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'the course edit page with a refused file');
    });

    await test.step('a PNG is uploaded and the preview shows the 1200x675 copy', async () => {
      await field.getByLabel('Upload a cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await pngPicture() });
      await expect(toast(page, TEXT.uploaded)).toBeVisible();
      await expect(field.getByRole('alert')).toHaveCount(0);
      const img = preview.locator('img[data-cover="uploaded"]');
      await expect(img).toHaveAttribute('alt', '');
      expect(await naturalSize(img)).toEqual(COVER);
      coverUrl = (await img.getAttribute('src'))!;
      expect(coverUrl).toMatch(new RegExp(`^/api/courses/${withCover}/cover\\?v=`));
      await expect(field.getByLabel('Replace the cover')).toBeVisible();
    });

    await test.step('the cover is served publicly, as WebP, resized, cacheable for good', async () => {
      const res = await request.get(coverUrl);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(await res.body()).metadata()).toMatchObject({ format: 'webp', ...COVER });
    });

    await test.step('My Courses shows the uploaded cover and two distinct generated ones', async () => {
      await page.goto('/instructor/courses');
      const img = card(page, withCover).locator('img[data-cover="uploaded"]');
      await expect(img).toHaveAttribute('src', coverUrl);
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', String(COVER.width));
      await expect(img).toHaveAttribute('height', String(COVER.height));
      expect(await naturalSize(img)).toEqual(COVER);
      const a = card(page, plainA).locator('[data-cover="generated"]');
      const b = card(page, plainB).locator('[data-cover="generated"]');
      await expect(a).toBeVisible();
      await expect(b).toBeVisible();
      await expect(a).toContainText('PB');
      await expect(b).toContainText('RD');
      expect(await a.getAttribute('data-cover-look')).not.toBe(await b.getAttribute('data-cover-look'));
      await expectNoSeriousA11yViolations(page, 'My Courses');
    });

    await test.step('the course page shows the cover in its header', async () => {
      await page.goto(`/course/${withCover}`);
      const header = page.getByTestId('course-detail').locator('header').first();
      const img = header.locator('img[data-cover="uploaded"]');
      expect(await naturalSize(img)).toEqual(COVER);
      await expectNoSeriousA11yViolations(page, 'the course page');
    });

    await test.step('the instructor removes the cover and the generated one is back', async () => {
      await page.goto(`/instructor/courses/${withCover}/edit`);
      await field.getByTestId('course-cover-remove').click();
      await expect(toast(page, TEXT.removed)).toBeVisible();
      await expect(preview.locator('[data-cover="generated"]')).toBeVisible();
      expect((await request.get(coverUrl)).status()).toBe(404);
      await page.goto('/instructor/courses');
      await expect(card(page, withCover).locator('[data-cover="generated"]')).toBeVisible();
    });
  });
});
