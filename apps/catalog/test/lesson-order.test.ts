import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogRoutes } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(60_000);

let h: CatalogHarness;
let ivan: TestUser;
let olga: TestUser;
let learner: TestUser;

beforeAll(async () => {
  h = await CatalogHarness.start();
  [ivan, olga, learner] = await Promise.all([h.user('instructor'), h.user('instructor'), h.user('learner')]);
});
afterAll(async () => {
  await h.stop();
});

const orderOf = async (courseId: string) =>
  (await h.call(catalogRoutes.listLessons, { params: { id: courseId } }, ivan.caller)).map((l) => [l.title, l.order]);

describe('the order of a new lesson', () => {
  it('numbers lessons added without an order 1, 2, 3 after the last one', async () => {
    const c = await h.course(ivan);
    expect((await h.lesson(ivan, c.id, { title: 'A' })).order).toBe(1);
    expect((await h.lesson(ivan, c.id, { title: 'B', is_published: false })).order).toBe(2);
    expect((await h.lesson(ivan, c.id, { title: 'C' })).order).toBe(3);
    // an explicit order is kept; the next one goes after it
    expect((await h.lesson(ivan, c.id, { title: 'D', order: 10 })).order).toBe(10);
    expect((await h.lesson(ivan, c.id, { title: 'E' })).order).toBe(11);
  });

  it('gives lessons added at the same moment distinct consecutive orders', async () => {
    const c = await h.course(ivan);
    const n = 8;
    const created = await Promise.all(Array.from({ length: n }, (_, i) => h.lesson(ivan, c.id, { title: `P${i}` })));
    expect(created.map((l) => l.order).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });
});

describe('PUT /courses/{id}/lessons/order', () => {
  it('puts every lesson, drafts too, in the order given, numbered 1..n, and keeps it', async () => {
    const c = await h.course(ivan);
    const a = await h.lesson(ivan, c.id, { title: 'A' });
    const b = await h.lesson(ivan, c.id, { title: 'B', is_published: false });
    const d = await h.lesson(ivan, c.id, { title: 'C', order: 40 });
    const answer = await h.call(
      catalogRoutes.reorderLessons,
      { params: { id: c.id }, body: { lesson_ids: [d.id, a.id, b.id] } },
      ivan.caller,
    );
    expect(answer.map((l) => [l.title, l.order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect(await orderOf(c.id)).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    // learners see the published ones in the new order
    const seen = await h.call(catalogRoutes.listLessons, { params: { id: c.id } }, learner.caller);
    expect(seen.map((l) => l.title)).toEqual(['C', 'A']);
    // and the next new lesson goes last
    expect((await h.lesson(ivan, c.id, { title: 'D' })).order).toBe(4);
  });

  it("refuses a list that is not exactly the course's lessons (422, field errors), moving nothing", async () => {
    const c = await h.course(ivan);
    const a = await h.lesson(ivan, c.id, { title: 'A' });
    const b = await h.lesson(ivan, c.id, { title: 'B' });
    const other = await h.lesson(ivan, (await h.course(ivan)).id, { title: 'Elsewhere' });
    const reorder = (lesson_ids: string[]) =>
      h.call(catalogRoutes.reorderLessons, { params: { id: c.id }, body: { lesson_ids } }, ivan.caller);

    const missing = await expectAppError(reorder([b.id]), 422, 'LESSON_ORDER_MISMATCH');
    expect(missing.errors).toEqual([{ path: 'lesson_ids', message: '1 lesson(s) of this course are missing from the list' }]);
    const twice = await expectAppError(reorder([b.id, a.id, b.id]), 422, 'LESSON_ORDER_MISMATCH');
    expect(twice.errors).toEqual([{ path: 'lesson_ids.2', message: 'This lesson is listed twice' }]);
    const foreign = await expectAppError(reorder([b.id, a.id, other.id]), 422, 'LESSON_ORDER_MISMATCH');
    expect(foreign.errors).toEqual([{ path: 'lesson_ids.2', message: 'Not a lesson of this course' }]);
    await expectAppError(reorder([b.id, randomUUID()]), 422, 'LESSON_ORDER_MISMATCH');
    expect(await orderOf(c.id)).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
  });

  it("is for the course's owner only: 403 on a visible course, 404 on a draft or unknown one", async () => {
    const c = await h.course(ivan);
    const a = await h.lesson(ivan, c.id, { title: 'A' });
    const body = { lesson_ids: [a.id] };
    await expectAppError(h.call(catalogRoutes.reorderLessons, { params: { id: c.id }, body }, olga.caller), 403, 'NOT_COURSE_OWNER');
    await expectAppError(h.call(catalogRoutes.reorderLessons, { params: { id: c.id }, body }, learner.caller), 403, 'NOT_COURSE_OWNER');
    const draft = await h.course(ivan, { is_published: false });
    const d = await h.lesson(ivan, draft.id, { title: 'D' });
    await expectAppError(
      h.call(catalogRoutes.reorderLessons, { params: { id: draft.id }, body: { lesson_ids: [d.id] } }, olga.caller),
      404,
      'COURSE_NOT_FOUND',
    );
    await expectAppError(
      h.call(catalogRoutes.reorderLessons, { params: { id: randomUUID() }, body }, ivan.caller),
      404,
      'COURSE_NOT_FOUND',
    );
  });
});

describe('content items of a lesson', () => {
  it("adds an item to a lesson of the course, numbered within the lesson, and refuses another course's lesson", async () => {
    const c = await h.course(ivan);
    const a = await h.lesson(ivan, c.id, { title: 'A' });
    const add = (lesson_id: string, title: string) =>
      h.call(
        catalogRoutes.addContent,
        { params: { id: c.id }, body: { content_type: 'text', title, text_content: 'Hi', lesson_id } },
        ivan.caller,
      );
    expect(await add(a.id, 'One')).toMatchObject({ lesson_id: a.id, order: 0 });
    expect(await add(a.id, 'Two')).toMatchObject({ lesson_id: a.id, order: 1 });
    const other = await h.lesson(ivan, (await h.course(ivan)).id, { title: 'Elsewhere' });
    await expectAppError(add(other.id, 'Three'), 404, 'LESSON_NOT_FOUND');
    const listed = await h.call(catalogRoutes.listContent, { params: { id: c.id } }, ivan.caller);
    expect(listed.content_items.map((i) => [i.title, i.lesson_id])).toEqual([
      ['One', a.id],
      ['Two', a.id],
    ]);
    // deleting the lesson takes its items with it
    await h.call(catalogRoutes.deleteLesson, { params: { id: a.id } }, ivan.caller);
    expect((await h.call(catalogRoutes.listContent, { params: { id: c.id } }, ivan.caller)).content_items).toEqual([]);
  });

  it('keeps the items of a draft lesson from learners, and out of their progress, until it is published', async () => {
    const c = await h.course(ivan);
    const open = await h.lesson(ivan, c.id, { title: 'Open' });
    const draft = await h.lesson(ivan, c.id, { title: 'Draft', is_published: false });
    const item = (lesson_id: string, title: string) =>
      h.call(
        catalogRoutes.addContent,
        { params: { id: c.id }, body: { content_type: 'text', title, text_content: 'Hi', lesson_id } },
        ivan.caller,
      );
    const seen = await item(open.id, 'Seen');
    const hidden = await item(draft.id, 'Hidden');
    await h.enroll(learner, c.id);
    const forLearner = await h.call(catalogRoutes.listContent, { params: { id: c.id } }, learner.caller);
    expect(forLearner.content_items.map((i) => i.title)).toEqual(['Seen']);
    expect((await h.call(catalogRoutes.listContent, { params: { id: c.id } }, ivan.caller)).content_items).toHaveLength(2);
    await expectAppError(
      h.call(catalogRoutes.markComplete, { params: { courseId: c.id, itemId: hidden.id } }, learner.caller),
      404,
      'CONTENT_ITEM_NOT_FOUND',
    );
    await h.call(catalogRoutes.markComplete, { params: { courseId: c.id, itemId: seen.id } }, learner.caller);
    const done = await h.call(catalogRoutes.markComplete, { params: { courseId: c.id, itemId: open.id } }, learner.caller);
    // the open lesson and its item: everything a learner can see
    expect(done.completion_percentage).toBe(100);
  });
});
