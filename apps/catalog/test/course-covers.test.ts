import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { COURSE_COVER_MAX_BYTES, COURSE_COVER_SIZE, catalogRoutes, type Course } from '@lp/contracts';
import { CatalogHarness, PNG_BYTES, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(60_000);

let h: CatalogHarness;
let ivan: TestUser;
let olga: TestUser;
let admin: TestUser;
let lena: TestUser;
beforeAll(async () => {
  h = await CatalogHarness.start();
  [ivan, olga, admin, lena] = await Promise.all([
    h.user('instructor', 'Ivan Instructor'),
    h.user('instructor', 'Olga Other'),
    h.user('admin', 'Ada Admin'),
    h.user('learner', 'Lena Learner'),
  ]);
});
afterAll(async () => {
  await h.stop();
});

/** A real picture of the given size and format (a gradient, so the crop has something to look at). */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const keyOf = async (courseId: string): Promise<string | null> =>
  ((await h.ds.query('SELECT cover_key FROM courses WHERE id = $1', [courseId])) as Array<{ cover_key: string | null }>)[0]!.cover_key;

const setCover = (course: Course, file: Awaited<ReturnType<CatalogHarness['upload']>>, who: TestUser = ivan) =>
  h.call(catalogRoutes.setCourseCover, { params: { id: course.id }, body: { file } }, who.caller);

describe('course covers', () => {
  it('takes a PNG, keeps a 1200x675 WebP crop of it, serves it publicly and drops the original', async () => {
    const c = await h.course(ivan, { is_published: true });
    expect(c.cover_url).toBeNull();
    const upload = await h.upload(await picture(400, 400, 'png'), 'square.png', 'image/png');
    const updated = await setCover(c, upload);
    const key = await keyOf(c.id);
    expect(key).toMatch(/^course-covers\/[0-9a-f-]+\.webp$/);
    expect(updated.cover_url).toBe(`/api/courses/${c.id}/cover?v=${key!.slice('course-covers/'.length, -'.webp'.length)}`);
    expect(await h.stored(upload.storage_key)).toBe(false);
    const meta = await sharp(await readFile(join(h.env.STORAGE_DIR!, key!))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: COURSE_COVER_SIZE.width, height: COURSE_COVER_SIZE.height });

    const v = new URL(updated.cover_url!, 'http://x').searchParams.get('v')!;
    const served = await h.call(catalogRoutes.courseCover, { params: { id: c.id }, query: { v } });
    expect(served).toMatchObject({ storage_key: key, content_type: 'image/webp', public_cache: { max_age: 31_536_000, immutable: true } });
    const unversioned = await h.call(catalogRoutes.courseCover, { params: { id: c.id }, query: {} });
    expect(unversioned.public_cache).toEqual({ max_age: 300, immutable: false });

    // the browse list (cached for learners) shows the new cover at once
    const listed = await h.call(catalogRoutes.listCourses, { query: { limit: 100 } }, lena.caller);
    expect(listed.find((x) => x.id === c.id)?.cover_url).toBe(updated.cover_url);
    expect((await h.outbox('catalog.course.updated', { course_id: c.id })).map((e) => e.payload.changed)).toContainEqual(['cover']);
  });

  it('recognises JPEG and WebP by their bytes, replaces the old cover file, and removes the cover', async () => {
    const c = await h.course(ivan);
    const jpeg = await h.upload(await picture(1600, 900, 'jpeg'), 'photo.jpg', 'application/octet-stream');
    await setCover(c, jpeg);
    const first = (await keyOf(c.id))!;
    const webp = await h.upload(await picture(300, 120, 'webp'), 'wide.webp', 'image/webp');
    const replaced = await setCover(c, webp);
    const second = (await keyOf(c.id))!;
    expect(second).not.toBe(first);
    expect(await h.stored(first)).toBe(false);
    expect(replaced.cover_url).toContain(second.slice('course-covers/'.length, -'.webp'.length));
    expect(await sharp(await readFile(join(h.env.STORAGE_DIR!, second))).metadata()).toMatchObject({ width: 1200, height: 675 });

    const removed = await h.call(catalogRoutes.removeCourseCover, { params: { id: c.id } }, ivan.caller);
    expect(removed.cover_url).toBeNull();
    expect(await keyOf(c.id)).toBeNull();
    expect(await h.stored(second)).toBe(false);
    await expectAppError(h.call(catalogRoutes.courseCover, { params: { id: c.id }, query: {} }), 404, 'FILE_NOT_FOUND');
  });

  it('refuses what is not a JPEG, PNG or WebP image by its bytes (415), a broken image, and a file over the limit (413)', async () => {
    const c = await h.course(ivan);
    const text = await h.upload(Buffer.from('just some notes\n'), 'notes.txt', 'text/plain');
    const err = await expectAppError(setCover(c, text), 415, 'UNSUPPORTED_FILE_TYPE');
    expect(err.detail).toBe('The file is not a JPEG, PNG or WebP image');
    expect(err.errors).toEqual([{ path: 'file', message: 'Choose a JPEG, PNG or WebP image' }]);
    expect(await h.stored(text.storage_key)).toBe(false);

    // the declared type and the name say PNG; the bytes do not
    const disguised = await h.upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png', 'image/png');
    await expectAppError(setCover(c, disguised), 415, 'UNSUPPORTED_FILE_TYPE');
    expect(await h.stored(disguised.storage_key)).toBe(false);

    // a PNG signature followed by nothing that decodes
    const broken = await h.upload(PNG_BYTES, 'broken.png', 'image/png');
    const unreadable = await expectAppError(setCover(c, broken), 415, 'UNSUPPORTED_FILE_TYPE');
    expect(unreadable.detail).toMatch(/could not be read/);
    expect(await h.stored(broken.storage_key)).toBe(false);

    const big = await h.upload(Buffer.concat([await picture(16, 16, 'png'), Buffer.alloc(COURSE_COVER_MAX_BYTES)]), 'big.png', 'image/png');
    const tooLarge = await expectAppError(setCover(c, big), 413, 'FILE_TOO_LARGE');
    expect(tooLarge.detail).toBe('Cover image files can be at most 5 MB');
    expect(await h.stored(big.storage_key)).toBe(false);
    expect(await keyOf(c.id)).toBeNull();
  });

  it('lets only the owner or an admin change the cover: 403 on a visible course, 404 on a draft, upload removed', async () => {
    const published = await h.course(ivan, { is_published: true });
    const draft = await h.course(ivan, { is_published: false });
    for (const [course, who, status, code] of [
      [published, olga, 403, 'NOT_COURSE_OWNER'],
      [published, lena, 403, 'NOT_COURSE_OWNER'],
      [draft, olga, 404, 'COURSE_NOT_FOUND'],
    ] as const) {
      const upload = await h.upload(await picture(32, 32, 'png'), 'x.png', 'image/png');
      await expectAppError(setCover(course, upload, who), status, code);
      expect(await h.stored(upload.storage_key)).toBe(false);
    }
    await expectAppError(h.call(catalogRoutes.removeCourseCover, { params: { id: published.id } }, olga.caller), 403, 'NOT_COURSE_OWNER');
    expect(await keyOf(published.id)).toBeNull();

    const byAdmin = await setCover(draft, await h.upload(await picture(64, 36, 'png'), 'a.png', 'image/png'), admin);
    expect(byAdmin.cover_url).not.toBeNull();
    // the owner's list shows the draft's cover
    const mine = await h.call(catalogRoutes.instructorCourses, {}, ivan.caller);
    expect(mine.find((x) => x.id === draft.id)?.cover_url).toBe(byAdmin.cover_url);
  });
});
