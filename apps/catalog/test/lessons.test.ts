import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogRoutes } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(30_000);

let h: CatalogHarness;
let ivan: TestUser;
let olga: TestUser;
let lena: TestUser;
let enrolled: TestUser;
let courseId: string;
let lessons: { preview: string; locked: string; draft: string };

beforeAll(async () => {
  h = await CatalogHarness.start();
  [ivan, olga, lena, enrolled] = await Promise.all([h.user('instructor'), h.user('instructor'), h.user('learner'), h.user('learner')]);
  courseId = (await h.course(ivan)).id;
  const preview = await h.lesson(ivan, courseId, { title: 'Welcome', content: 'Free preview text', order: 0, is_free_preview: true });
  const locked = await h.lesson(ivan, courseId, { title: 'Deep dive', content: 'Paid text', order: 1, content_type: 'html' });
  const draft = await h.lesson(ivan, courseId, { title: 'Coming soon', content: 'Draft text', order: 2, is_published: false });
  lessons = { preview: preview.id, locked: locked.id, draft: draft.id };
  await h.enroll(enrolled, courseId);
});
afterAll(async () => {
  await h.stop();
});

describe('who manages lessons', () => {
  it('creates a lesson with the form defaults for the owner (the first lesson is number 1)', async () => {
    const c = await h.course(ivan);
    const l = await h.lesson(ivan, c.id, { title: 'Only title and content' });
    expect(l).toMatchObject({
      course_id: c.id,
      title: 'Only title and content',
      description: '',
      content_type: 'text',
      content: 'Lesson text',
      duration_minutes: 15,
      order: 1,
      is_published: true,
      is_free_preview: false,
      is_locked: false,
    });
  });

  it('refuses lessons from anyone but the owner (403, or 404 on a draft course)', async () => {
    await expectAppError(h.lesson(olga, courseId), 403, 'NOT_COURSE_OWNER');
    await expectAppError(h.lesson(enrolled, courseId), 403, 'NOT_COURSE_OWNER');
    const draftCourse = await h.course(ivan, { is_published: false });
    await expectAppError(h.lesson(olga, draftCourse.id), 404, 'COURSE_NOT_FOUND');
    await expectAppError(h.lesson(olga, randomUUID()), 404, 'COURSE_NOT_FOUND');
  });

  it('lets only the owner edit and delete a lesson', async () => {
    const l = await h.lesson(ivan, courseId, { title: 'Temp', order: 9 });
    await expectAppError(
      h.call(catalogRoutes.updateLesson, { params: { id: l.id }, body: { title: 'X' } }, olga.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    await expectAppError(h.call(catalogRoutes.deleteLesson, { params: { id: l.id } }, enrolled.caller), 403, 'NOT_COURSE_OWNER');
    const edited = await h.call(
      catalogRoutes.updateLesson,
      { params: { id: l.id }, body: { title: 'Edited', duration_minutes: 30 } },
      ivan.caller,
    );
    expect(edited).toMatchObject({ title: 'Edited', duration_minutes: 30, content: 'Lesson text' });
    expect(await h.call(catalogRoutes.deleteLesson, { params: { id: l.id } }, ivan.caller)).toEqual({
      message: 'Lesson deleted successfully!',
    });
    await expectAppError(h.call(catalogRoutes.getLesson, { params: { id: l.id } }, ivan.caller), 404, 'LESSON_NOT_FOUND');
  });

  it('checks the content rule on the merged lesson: video and pdf need a URL', async () => {
    const l = await h.lesson(ivan, courseId, {
      title: 'Video',
      content_type: 'video',
      content: 'https://videos.example.test/1.mp4',
      order: 8,
    });
    await expectAppError(
      h.call(catalogRoutes.updateLesson, { params: { id: l.id }, body: { content: 'plain words' } }, ivan.caller),
      400,
      'VALIDATION_FAILED',
    );
    await expectAppError(h.lesson(ivan, courseId, { content_type: 'pdf', content: 'not a link' }), 400, 'VALIDATION_FAILED');
    await h.call(catalogRoutes.deleteLesson, { params: { id: l.id } }, ivan.caller);
  });
});

describe('who reads lessons', () => {
  it('gives a non-enrolled user the content of free previews only, and no drafts', async () => {
    const list = await h.call(catalogRoutes.listLessons, { params: { id: courseId } }, lena.caller);
    expect(list.map((l) => [l.title, l.content, l.is_locked])).toEqual([
      ['Welcome', 'Free preview text', false],
      ['Deep dive', null, true],
    ]);
    expect((await h.call(catalogRoutes.getLesson, { params: { id: lessons.preview } }, lena.caller)).content).toBe('Free preview text');
    await expectAppError(h.call(catalogRoutes.getLesson, { params: { id: lessons.locked } }, lena.caller), 403, 'LESSON_LOCKED');
    await expectAppError(h.call(catalogRoutes.getLesson, { params: { id: lessons.draft } }, lena.caller), 404, 'LESSON_NOT_FOUND');
  });

  it('gives enrolled learners every published lesson with content, and no drafts', async () => {
    const list = await h.call(catalogRoutes.listLessons, { params: { id: courseId } }, enrolled.caller);
    expect(list.map((l) => [l.title, l.content])).toEqual([
      ['Welcome', 'Free preview text'],
      ['Deep dive', 'Paid text'],
    ]);
    expect((await h.call(catalogRoutes.getLesson, { params: { id: lessons.locked } }, enrolled.caller)).content).toBe('Paid text');
    await expectAppError(h.call(catalogRoutes.getLesson, { params: { id: lessons.draft } }, enrolled.caller), 404, 'LESSON_NOT_FOUND');
  });

  it('shows the owner every lesson, drafts included, without enrolling', async () => {
    const list = await h.call(catalogRoutes.listLessons, { params: { id: courseId } }, ivan.caller);
    expect(list.map((l) => [l.title, l.is_published, l.is_locked])).toEqual([
      ['Welcome', true, false],
      ['Deep dive', true, false],
      ['Coming soon', false, false],
    ]);
    expect((await h.call(catalogRoutes.getLesson, { params: { id: lessons.draft } }, ivan.caller)).content).toBe('Draft text');
  });

  it('hides the lessons of a draft course from others', async () => {
    const c = await h.course(ivan, { is_published: false });
    const l = await h.lesson(ivan, c.id, { is_free_preview: true });
    await expectAppError(h.call(catalogRoutes.listLessons, { params: { id: c.id } }, lena.caller), 404, 'COURSE_NOT_FOUND');
    await expectAppError(h.call(catalogRoutes.getLesson, { params: { id: l.id } }, lena.caller), 404, 'LESSON_NOT_FOUND');
  });

  it('counts published lessons on the course', async () => {
    expect((await h.call(catalogRoutes.getCourse, { params: { id: courseId } }, lena.caller)).lesson_count).toBe(2);
  });
});

describe('bulk upload', () => {
  it('adds the lessons after the last one, in the order given, for the owner only', async () => {
    const c = await h.course(ivan);
    await h.lesson(ivan, c.id, { title: 'Existing', order: 4 });
    const r = await h.call(
      catalogRoutes.bulkUploadLessons,
      {
        body: {
          course_id: c.id,
          lessons: [
            { title: 'B1', content: 'one' },
            { title: 'B2', content: 'two', is_free_preview: true },
          ],
        },
      },
      ivan.caller,
    );
    expect(r.message).toBe('Lessons uploaded successfully!');
    expect(r.created).toBe(2);
    expect(r.lessons.map((l) => [l.title, l.order, l.is_free_preview])).toEqual([
      ['B1', 5, false],
      ['B2', 6, true],
    ]);
    await expectAppError(
      h.call(catalogRoutes.bulkUploadLessons, { body: { course_id: c.id, lessons: [{ title: 'X', content: 'x' }] } }, olga.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    expect(await h.call(catalogRoutes.listLessons, { params: { id: c.id } }, ivan.caller)).toHaveLength(3);
  });

  it('writes nothing when one lesson is invalid', async () => {
    const c = await h.course(ivan);
    await expectAppError(
      h.call(
        catalogRoutes.bulkUploadLessons,
        {
          body: {
            course_id: c.id,
            lessons: [
              { title: 'ok', content: 'x' },
              { title: 'bad', content: 'nope', content_type: 'video' },
            ],
          },
        },
        ivan.caller,
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(await h.call(catalogRoutes.listLessons, { params: { id: c.id } }, ivan.caller)).toHaveLength(0);
  });
});
