import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CONTENT_SIZE_LIMITS_BYTES, catalogRoutes, identityEvents } from '@lp/contracts';
import { CatalogHarness, MP3_BYTES, MP4_BYTES, PDF_BYTES, PNG_BYTES, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(60_000);

let h: CatalogHarness;
let ivan: TestUser;
let olga: TestUser;
beforeAll(async () => {
  h = await CatalogHarness.start();
  [ivan, olga] = await Promise.all([h.user('instructor', 'Ivan Instructor'), h.user('instructor', 'Olga Other')]);
});
afterAll(async () => {
  await h.stop();
});

describe('reviews', () => {
  it('takes one review per enrolled learner and keeps rating_avg and rating_count true', async () => {
    const c = await h.course(ivan);
    const [a, b, outsider] = await Promise.all([h.user('learner', 'Ann'), h.user('learner', 'Ben'), h.user('learner')]);
    await h.enroll(a, c.id);
    await h.enroll(b, c.id);
    const review = await h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 5, comment: 'Great' } }, a.caller);
    expect(review).toMatchObject({ course_id: c.id, user_id: a.id, user_name: 'Ann', rating: 5, comment: 'Great' });
    await h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 2 } }, b.caller);
    await expectAppError(
      h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 1 } }, a.caller),
      409,
      'ALREADY_REVIEWED',
    );
    await expectAppError(
      h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 1 } }, outsider.caller),
      403,
      'NOT_ENROLLED',
    );
    await expectAppError(
      h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 1 } }, ivan.caller),
      403,
      'NOT_ENROLLED',
    );
    const course = await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, outsider.caller);
    expect(course).toMatchObject({ rating_avg: 3.5, rating_count: 2 });
    const list = await h.call(catalogRoutes.listReviews, { params: { id: c.id } }, outsider.caller);
    expect(list.map((r) => [r.user_name, r.rating, r.comment])).toEqual([
      ['Ben', 2, ''],
      ['Ann', 5, 'Great'],
    ]);
  });

  it('keeps the figures true under concurrent reviews, and one review per learner under a race', async () => {
    const c = await h.course(ivan);
    const users = await Promise.all(Array.from({ length: 8 }, () => h.user('learner')));
    await Promise.all(users.map((u) => h.enroll(u, c.id)));
    const ratings = [1, 2, 3, 4, 5, 5, 4, 3];
    await Promise.all(
      users.map((u, i) => h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: ratings[i]! } }, u.caller)),
    );
    const twice = await Promise.allSettled(
      [1, 2, 3].map(() => h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 5 } }, users[0]!.caller)),
    );
    expect(twice.every((r) => r.status === 'rejected' && (r.reason as { status: number }).status === 409)).toBe(true);
    const course = await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, ivan.caller);
    expect(course).toMatchObject({ rating_count: 8, rating_avg: 3.38 });
  });
});

describe('content items', () => {
  it('adds a text item and items of each file kind, listing them for the owner and enrolled learners', async () => {
    const c = await h.course(ivan);
    const text = await h.call(
      catalogRoutes.addContent,
      { params: { id: c.id }, body: { content_type: 'text', title: 'Read first', text_content: ' Hello ' } },
      ivan.caller,
    );
    expect(text).toMatchObject({ type: 'text', title: 'Read first', content: 'Hello', url: null, order: 0 });
    const pdf = await h.upload(PDF_BYTES, 'slides.pdf', 'application/pdf');
    const pdfItem = await h.call(
      catalogRoutes.addContent,
      { params: { id: c.id }, body: { content_type: 'pdf', title: 'Slides', file: pdf } },
      ivan.caller,
    );
    expect(pdfItem).toMatchObject({
      type: 'pdf',
      file_name: 'slides.pdf',
      file_size: PDF_BYTES.length,
      mime_type: 'application/pdf',
      order: 1,
      url: `/api/courses/${c.id}/content/${pdfItem.id}/file`,
    });
    const video = await h.upload(MP4_BYTES, 'talk.mp4', 'video/mp4');
    await h.call(
      catalogRoutes.addContent,
      { params: { id: c.id }, body: { content_type: 'video', title: 'Talk', file: video, duration: 12 } },
      ivan.caller,
    );
    const audio = await h.upload(MP3_BYTES, 'pod.mp3', 'audio/mpeg');
    await h.call(
      catalogRoutes.addContent,
      { params: { id: c.id }, body: { content_type: 'audio', title: 'Pod', file: audio } },
      ivan.caller,
    );
    expect(await h.stored(pdf.storage_key)).toBe(true);

    const lena = await h.user('learner');
    await expectAppError(h.call(catalogRoutes.listContent, { params: { id: c.id } }, lena.caller), 403, 'NOT_ENROLLED');
    // the course shows the items without their files and text to a non-enrolled user
    const asOutsider = await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, lena.caller);
    expect(asOutsider.content_items.map((i) => [i.type, i.title, i.url, i.content])).toEqual([
      ['text', 'Read first', null, null],
      ['pdf', 'Slides', null, null],
      ['video', 'Talk', null, null],
      ['audio', 'Pod', null, null],
    ]);
    await expectAppError(h.call(catalogRoutes.contentFile, { params: { id: c.id, itemId: pdfItem.id } }, lena.caller), 403, 'NOT_ENROLLED');
    await h.enroll(lena, c.id);
    const { content_items } = await h.call(catalogRoutes.listContent, { params: { id: c.id } }, lena.caller);
    expect(content_items.map((i) => [i.type, i.duration])).toEqual([
      ['text', null],
      ['pdf', null],
      ['video', 12],
      ['audio', null],
    ]);
    expect(content_items[0]!.content).toBe('Hello');
    expect(await h.call(catalogRoutes.contentFile, { params: { id: c.id, itemId: pdfItem.id } }, lena.caller)).toEqual({
      storage_key: pdf.storage_key,
      filename: 'slides.pdf',
      content_type: 'application/pdf',
    });
    await expectAppError(h.call(catalogRoutes.contentFile, { params: { id: c.id, itemId: text.id } }, lena.caller), 404, 'FILE_NOT_FOUND');
  });

  it('refuses a file of the wrong kind (415) and removes it', async () => {
    const c = await h.course(ivan);
    const png = await h.upload(PNG_BYTES, 'fake.pdf', 'application/pdf');
    await expectAppError(
      h.call(catalogRoutes.addContent, { params: { id: c.id }, body: { content_type: 'pdf', title: 'X', file: png } }, ivan.caller),
      415,
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(await h.stored(png.storage_key)).toBe(false);
    const pdfAsVideo = await h.upload(PDF_BYTES, 'movie.mp4', 'video/mp4');
    await expectAppError(
      h.call(
        catalogRoutes.addContent,
        { params: { id: c.id }, body: { content_type: 'video', title: 'X', file: pdfAsVideo } },
        ivan.caller,
      ),
      415,
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(await h.stored(pdfAsVideo.storage_key)).toBe(false);
  });

  it('refuses a file over its limit (413) and removes it', async () => {
    const c = await h.course(ivan);
    const big = await h.upload(Buffer.concat([PDF_BYTES, Buffer.alloc(CONTENT_SIZE_LIMITS_BYTES.pdf)]), 'big.pdf', 'application/pdf');
    const err = await expectAppError(
      h.call(catalogRoutes.addContent, { params: { id: c.id }, body: { content_type: 'pdf', title: 'Big', file: big } }, ivan.caller),
      413,
      'FILE_TOO_LARGE',
    );
    expect(err.detail).toBe('PDF files can be at most 25 MB');
    expect(await h.stored(big.storage_key)).toBe(false);
    const bigAudio = await h.upload(Buffer.concat([MP3_BYTES, Buffer.alloc(CONTENT_SIZE_LIMITS_BYTES.audio)]), 'long.mp3', 'audio/mpeg');
    await expectAppError(
      h.call(
        catalogRoutes.addContent,
        { params: { id: c.id }, body: { content_type: 'audio', title: 'Long', file: bigAudio } },
        ivan.caller,
      ),
      413,
      'FILE_TOO_LARGE',
    );
    expect(await h.stored(bigAudio.storage_key)).toBe(false);
  });

  it('measures the stored file rather than trusting the size it is given, and refuses an empty one', async () => {
    const c = await h.course(ivan);
    const empty = await h.upload(Buffer.alloc(0), 'empty.pdf', 'application/pdf');
    await expectAppError(
      h.call(
        catalogRoutes.addContent,
        { params: { id: c.id }, body: { content_type: 'pdf', title: 'E', file: { ...empty, size: 100 } } },
        ivan.caller,
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(await h.stored(empty.storage_key)).toBe(false);
  });

  it('wants a file for file kinds and text for text, and removes a file sent along with text', async () => {
    const c = await h.course(ivan);
    const err = await expectAppError(
      h.call(catalogRoutes.addContent, { params: { id: c.id }, body: { content_type: 'video', title: 'No file' } }, ivan.caller),
      400,
      'VALIDATION_FAILED',
    );
    expect(err.errors).toEqual([{ path: 'file', message: 'Choose a file to upload' }]);
    await expectAppError(
      h.call(
        catalogRoutes.addContent,
        { params: { id: c.id }, body: { content_type: 'text', title: 'Blank', text_content: '  ' } },
        ivan.caller,
      ),
      400,
      'VALIDATION_FAILED',
    );
    const stray = await h.upload(PDF_BYTES, 'stray.pdf', 'application/pdf');
    await h.call(
      catalogRoutes.addContent,
      { params: { id: c.id }, body: { content_type: 'text', title: 'T', text_content: 'x', file: stray } },
      ivan.caller,
    );
    expect(await h.stored(stray.storage_key)).toBe(false);
  });

  it('lets only the owner add content, removing the upload of anyone else', async () => {
    const c = await h.course(ivan);
    const pdf = await h.upload(PDF_BYTES, 'a.pdf', 'application/pdf');
    await expectAppError(
      h.call(catalogRoutes.addContent, { params: { id: c.id }, body: { content_type: 'pdf', title: 'X', file: pdf } }, olga.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    expect(await h.stored(pdf.storage_key)).toBe(false);
    const pdf2 = await h.upload(PDF_BYTES, 'b.pdf', 'application/pdf');
    await expectAppError(
      h.call(
        catalogRoutes.addContent,
        { params: { id: randomUUID() }, body: { content_type: 'pdf', title: 'X', file: pdf2 } },
        ivan.caller,
      ),
      404,
      'COURSE_NOT_FOUND',
    );
    expect(await h.stored(pdf2.storage_key)).toBe(false);
  });
});

describe('the users read model', () => {
  it("forgets a deleted user's name and e-mail and ignores later updates", async () => {
    const c = await h.course(ivan);
    const gone = await h.user('learner', 'Gone Soon');
    await h.enroll(gone, c.id);
    await h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 4 } }, gone.caller);
    await h.publish(identityEvents.userDeletionScheduled, { v: 1, user_id: gone.id, scheduled_at: new Date().toISOString(), by: 'self' });
    await h.waitFor(
      async () => (await h.call(catalogRoutes.listReviews, { params: { id: c.id } }, ivan.caller))[0]?.user_name === 'Deleted user',
    );
    await h.publish(identityEvents.userUpdated, {
      v: 1,
      user_id: gone.id,
      name: 'Back Again',
      email: 'x@y.z',
      role: 'learner',
      profile_image: null,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await h.ds.query('SELECT name, email FROM users WHERE id = $1', [gone.id])).toEqual([{ name: 'Deleted user', email: null }]);
  });
});
