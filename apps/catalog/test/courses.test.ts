import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { catalogInternal, catalogRoutes, identityEvents } from '@lp/contracts';
import { CatalogHarness, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(30_000);

let h: CatalogHarness;
let ivan: TestUser;
let olga: TestUser;
let lena: TestUser;
beforeAll(async () => {
  h = await CatalogHarness.start();
  [ivan, olga, lena] = await Promise.all([
    h.user('instructor', 'Ivan Instructor'),
    h.user('instructor', 'Olga Other'),
    h.user('learner', 'Lena Learner'),
  ]);
});
afterAll(async () => {
  await h.stop();
});

describe('creating and reading courses', () => {
  it('creates a draft with the spec defaults and answers the Course with the instructor name', async () => {
    const c = await h.call(
      catalogRoutes.createCourse,
      { body: { title: 'Intro to Go', description: 'Learn Go', price: 19.99 } },
      ivan.caller,
    );
    expect(c).toMatchObject({
      title: 'Intro to Go',
      description: 'Learn Go',
      price: 19.99,
      category: 'programming',
      level: 'beginner',
      instructor_id: ivan.id,
      instructor_name: 'Ivan Instructor',
      institution_id: null,
      thumbnail: null,
      is_published: false,
      enrollment_count: 0,
      rating_avg: 0,
      rating_count: 0,
      lesson_count: 0,
      content_items: [],
    });
    const [created] = await h.outbox('catalog.course.created', { course_id: c.id });
    expect(created?.payload).toMatchObject({ v: 1, title: 'Intro to Go', instructor_id: ivan.id, price: 19.99, is_published: false });
    expect(await h.outbox('catalog.course.published', { course_id: c.id })).toHaveLength(0);
  });

  it('hides a draft from everyone but its owner (404), and shows it to the owner', async () => {
    const draft = await h.course(ivan, { is_published: false });
    await expectAppError(h.call(catalogRoutes.getCourse, { params: { id: draft.id } }, lena.caller), 404, 'COURSE_NOT_FOUND');
    await expectAppError(h.call(catalogRoutes.getCourse, { params: { id: draft.id } }, olga.caller), 404, 'COURSE_NOT_FOUND');
    expect((await h.call(catalogRoutes.getCourse, { params: { id: draft.id } }, ivan.caller)).id).toBe(draft.id);
    await expectAppError(h.call(catalogRoutes.getCourse, { params: { id: randomUUID() } }, lena.caller), 404, 'COURSE_NOT_FOUND');
  });

  it('lets only the owner edit (403 for others), publishing once with catalog.course.published', async () => {
    const c = await h.course(ivan, { is_published: false });
    await expectAppError(
      h.call(catalogRoutes.updateCourse, { params: { id: c.id }, body: { title: 'Hijacked' } }, olga.caller),
      404,
      'COURSE_NOT_FOUND',
    );
    const published = await h.call(
      catalogRoutes.updateCourse,
      { params: { id: c.id }, body: { is_published: true, price: 5 } },
      ivan.caller,
    );
    expect(published).toMatchObject({ is_published: true, price: 5 });
    await expectAppError(
      h.call(catalogRoutes.updateCourse, { params: { id: c.id }, body: { title: 'Hijacked' } }, olga.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    await expectAppError(
      h.call(catalogRoutes.updateCourse, { params: { id: c.id }, body: { title: 'Hijacked' } }, lena.caller),
      403,
      'NOT_COURSE_OWNER',
    );
    const [updated] = await h.outbox('catalog.course.updated', { course_id: c.id });
    expect(updated?.payload).toMatchObject({ changed: ['price', 'is_published'], is_published: true, price: 5 });
    expect(await h.outbox('catalog.course.published', { course_id: c.id })).toHaveLength(1);
    // an update that changes nothing writes no event
    await h.call(catalogRoutes.updateCourse, { params: { id: c.id }, body: { price: 5 } }, ivan.caller);
    expect(await h.outbox('catalog.course.updated', { course_id: c.id })).toHaveLength(1);
  });

  it('emits created and published together for a course created published', async () => {
    const c = await h.course(ivan);
    expect(await h.outbox('catalog.course.created', { course_id: c.id })).toHaveLength(1);
    expect(await h.outbox('catalog.course.published', { course_id: c.id })).toHaveLength(1);
  });

  it('follows identity: a renamed instructor is shown with the new name', async () => {
    const nina = await h.user('instructor', 'Nina Before');
    const c = await h.course(nina);
    await h.publish(identityEvents.userUpdated, {
      v: 1,
      user_id: nina.id,
      name: 'Nina After',
      email: nina.email,
      role: 'instructor',
      profile_image: null,
    });
    await h.waitFor(
      async () => (await h.call(catalogRoutes.getCourse, { params: { id: c.id } }, lena.caller)).instructor_name === 'Nina After',
    );
  });
});

describe('browsing', () => {
  let tag: string;
  let owner: TestUser;
  beforeAll(async () => {
    tag = randomUUID().slice(0, 8);
    owner = await h.user('instructor');
    await h.course(owner, { title: `Python basics ${tag}`, description: 'Variables and loops', category: 'programming' });
    await h.course(owner, {
      title: `Marketing 101 ${tag}`,
      description: 'Reach people with python-free methods',
      category: 'marketing',
      level: 'advanced',
    });
    await h.course(owner, { title: `Data pipelines ${tag}`, description: 'With Python and SQL', category: 'data-science' });
    await h.course(owner, { title: `Secret python draft ${tag}`, description: 'not yet', is_published: false });
  });

  it('searches title and description, case-insensitively, published only for others', async () => {
    const found = await h.call(catalogRoutes.listCourses, { query: { search: `${tag}` } }, lena.caller);
    expect(found.map((c) => c.title).sort()).toEqual([`Data pipelines ${tag}`, `Marketing 101 ${tag}`, `Python basics ${tag}`]);
    const python = await h.call(catalogRoutes.listCourses, { query: { search: 'PYTHON' } }, lena.caller);
    expect(
      python
        .filter((c) => c.title.endsWith(tag))
        .map((c) => c.title)
        .sort(),
    ).toEqual([`Data pipelines ${tag}`, `Marketing 101 ${tag}`, `Python basics ${tag}`]);
  });

  it("adds the caller's own drafts for the owner", async () => {
    const mine = await h.call(catalogRoutes.listCourses, { query: { search: tag } }, owner.caller);
    expect(mine.map((c) => c.title)).toContain(`Secret python draft ${tag}`);
  });

  it('filters by category and level, treating "all" and blanks as no filter', async () => {
    const ds = await h.call(catalogRoutes.listCourses, { query: { search: tag, category: 'data-science' } }, lena.caller);
    expect(ds.map((c) => c.title)).toEqual([`Data pipelines ${tag}`]);
    const adv = await h.call(catalogRoutes.listCourses, { query: { search: tag, level: 'advanced' } }, lena.caller);
    expect(adv.map((c) => c.title)).toEqual([`Marketing 101 ${tag}`]);
    const all = await h.call(catalogRoutes.listCourses, { query: { search: tag, category: 'all', level: '' } }, lena.caller);
    expect(all).toHaveLength(3);
  });

  it('treats LIKE wildcards in a search as text', async () => {
    expect(await h.call(catalogRoutes.listCourses, { query: { search: `%${tag}_` } }, lena.caller)).toEqual([]);
  });

  it('pages newest first with limit and offset', async () => {
    const page1 = await h.call(catalogRoutes.listCourses, { query: { search: tag, limit: 2 } }, lena.caller);
    const page2 = await h.call(catalogRoutes.listCourses, { query: { search: tag, limit: 2, offset: 2 } }, lena.caller);
    expect(page1.map((c) => c.title)).toEqual([`Data pipelines ${tag}`, `Marketing 101 ${tag}`]);
    expect(page2.map((c) => c.title)).toEqual([`Python basics ${tag}`]);
  });

  it("lists the instructor's own courses, drafts included", async () => {
    const mine = await h.call(catalogRoutes.instructorCourses, {}, owner.caller);
    expect(mine).toHaveLength(4);
    expect(mine.filter((c) => !c.is_published)).toHaveLength(1);
  });
});

describe("learners' browse cache", () => {
  it("serves a learner's page from memory for a moment, and empties it on this replica's writes", async () => {
    const tag = randomUUID().slice(0, 8);
    expect(await h.call(catalogRoutes.listCourses, { query: { search: tag } }, lena.caller)).toEqual([]);
    // written behind the service's back (as another replica would): not seen until the entry expires or a write here
    await h.ds.query(
      `INSERT INTO courses (title, description, price, category, level, instructor_id, is_published) VALUES ($1, 'x', 0, 'business', 'beginner', $2, true)`,
      [`Elsewhere ${tag}`, olga.id],
    );
    expect(await h.call(catalogRoutes.listCourses, { query: { search: tag } }, lena.caller)).toEqual([]);
    // instructors never get a cached page
    expect(await h.call(catalogRoutes.listCourses, { query: { search: tag } }, olga.caller)).toHaveLength(1);
    await h.course(ivan, { title: `Here ${tag}` });
    expect((await h.call(catalogRoutes.listCourses, { query: { search: tag } }, lena.caller)).map((c) => c.title).sort()).toEqual([
      `Elsewhere ${tag}`,
      `Here ${tag}`,
    ]);
  });
});

describe('institution courses', () => {
  it("scopes courses to the caller's current institution, which co-owns them", async () => {
    const instA = randomUUID();
    const adminA = await h.user('institution', 'Acme Admin', instA);
    const colleague = await h.user('institution', 'Acme Colleague', instA);
    const outsider = await h.user('institution', 'Other Admin', randomUUID());
    const c = await h.course(adminA, { is_published: false, thumbnail: 'https://cdn.example.test/t.png' });
    expect(c).toMatchObject({ institution_id: instA, thumbnail: 'https://cdn.example.test/t.png' });
    expect((await h.call(catalogRoutes.institutionCourses, {}, colleague.caller)).map((x) => x.id)).toEqual([c.id]);
    expect(await h.call(catalogRoutes.institutionCourses, {}, outsider.caller)).toEqual([]);
    // a colleague of the same institution manages it; another institution does not see the draft
    await h.call(catalogRoutes.updateCourse, { params: { id: c.id }, body: { title: 'Renamed by colleague' } }, colleague.caller);
    await expectAppError(h.call(catalogRoutes.getCourse, { params: { id: c.id } }, outsider.caller), 404, 'COURSE_NOT_FOUND');
  });
});

describe('bus-only pricing', () => {
  it("answers a course's price from the server's data, and whether the buyer named is enrolled", async () => {
    const c = await h.course(ivan, { price: 49.5 });
    const facts = { course_id: c.id, title: c.title, price: 49.5, instructor_id: ivan.id, is_published: true };
    expect(await h.internal(catalogInternal.coursePricing, { course_id: c.id })).toEqual({ ...facts, enrolled: false });
    const buyer = await h.user();
    await h.enroll(buyer, c.id, await h.paid(buyer, c.id, 49.5));
    expect(await h.internal(catalogInternal.coursePricing, { course_id: c.id, user_id: buyer.id })).toEqual({ ...facts, enrolled: true });
    expect(await h.internal(catalogInternal.coursePricing, { course_id: c.id, user_id: randomUUID() })).toEqual({
      ...facts,
      enrolled: false,
    });
    await expectAppError(h.internal(catalogInternal.coursePricing, { course_id: randomUUID() }), 404, 'COURSE_NOT_FOUND');
  });
});
