import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  billingEvents,
  catalogRoutes,
  fillPath,
  type AnyRoute,
  type Course,
  type ContentItem,
  type Lesson,
  type User,
} from '@lp/contracts';
import { TokenService } from '@lp/auth';
import { connectBus, encode, ensureEventStream, eventSubject } from '@lp/bus';
import { startStack, uniqueEmail, type ApiResponse, type Stack } from './harness.js';

type Auth = { token: string; user: User };
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };

const PASSWORD = 'secret-pass-1';
const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4),
  Buffer.from('mp42isom'),
  Buffer.alloc(64),
]);
const PNG = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64)]);
const SAMPLE_ID = '3f1c2a9e-5b7d-4c1e-8a2f-9d0b6e4c7a11';

describe('catalog through the gateway', () => {
  let stack: Stack;
  let nc: NatsConnection;
  let tokens: TokenService;
  let ivan: Auth;
  let olga: Auth;
  let lena: Auth;

  const register = async (role: string, name = `Test ${role}`): Promise<Auth> => {
    const res = await stack.api<Auth>('POST', '/auth/register', { body: { name, email: uniqueEmail(role), password: PASSWORD, role } });
    expect(res.status).toBe(201);
    return res.body;
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, who: Auth | string | null, body?: unknown) =>
    stack.api<T>(method, path, {
      ...(who ? { token: typeof who === 'string' ? who : who.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  const form = (fields: Record<string, string | { data: Buffer; name: string; type: string }>): FormData => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v === 'string') f.append(k, v);
      else f.append(k, new Blob([new Uint8Array(v.data)], { type: v.type }), v.name);
    }
    return f;
  };
  const upload = <T = Record<string, unknown>>(path: string, who: Auth, data: FormData) =>
    stack.api<T>('POST', path, { token: who.token, raw: data });
  const expectError = (res: ApiResponse, status: number, code: string) => {
    expect([res.status, (res.body as unknown as ErrorBody).code]).toEqual([status, code]);
    expect(Object.keys(res.body)).toEqual(['detail', 'code', 'errors']);
  };
  const createCourse = async (who: Auth, over: Record<string, unknown> = {}): Promise<Course> => {
    const res = await call<Course>('POST', '/courses', who, {
      title: `Course ${randomUUID().slice(0, 6)}`,
      description: 'About it',
      price: 0,
      is_published: true,
      ...over,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const createLesson = async (who: Auth, courseId: string, over: Record<string, unknown> = {}): Promise<Lesson> => {
    const res = await call<Lesson>('POST', `/courses/${courseId}/lessons`, who, { title: 'Lesson', content: 'Text', ...over });
    expect(res.status).toBe(201);
    return res.body;
  };
  const uploadsLeft = async (): Promise<number> => (await readdir(join(stack.env.STORAGE_DIR!, 'uploads')).catch(() => [])).length;
  const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** billing is not running yet: its event is published as its outbox relay would. */
  const payFor = async (who: Auth, courseId: string, amount: number, id = randomUUID()) => {
    const payload = {
      v: 1,
      payment_id: `pay_${id}`,
      user_id: who.user.id,
      item_type: 'course',
      item_id: courseId,
      amount,
      amount_minor: Math.round(amount * 100),
      currency: 'USD',
      payment_method: 'wallet',
      completed_at: new Date().toISOString(),
    };
    await jetstream(nc).publish(
      eventSubject(stack.env.BUS_PREFIX!, billingEvents.paymentCompleted.name),
      encode({ id, name: billingEvents.paymentCompleted.name, occurred_at: payload.completed_at, payload }),
      { msgID: id },
    );
    return payload.payment_id;
  };

  beforeAll(async () => {
    stack = await startStack();
    nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test' });
    await ensureEventStream(nc, stack.env.BUS_PREFIX!);
    tokens = new TokenService(stack.env.JWT_SECRET!);
    [ivan, olga, lena] = await Promise.all([
      register('instructor', 'Ivan Instructor'),
      register('instructor', 'Olga Other'),
      register('learner', 'Lena Learner'),
    ]);
  }, 90_000);
  afterAll(async () => {
    await nc.drain();
    await stack.stop();
  }, 60_000);

  describe('guards', () => {
    const routes = Object.values(catalogRoutes) as AnyRoute[];
    const pathOf = (r: AnyRoute) => fillPath(r.path, Object.fromEntries([...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, SAMPLE_ID])));

    it('answers 401 on every catalog route but certificate verification without a token', async () => {
      for (const r of routes.filter((x) => x.guard !== 'public')) {
        const res = await stack.api(r.method, pathOf(r));
        expect([r.subject, res.status]).toEqual([r.subject, 401]);
      }
      expect((await stack.api('GET', '/certificates/verify/LH-0000-0000-0000')).status).toBe(404);
    });

    it('answers 403 on role-guarded catalog routes for other roles', async () => {
      const mentor = await register('mentor');
      for (const r of routes.filter((x) => Array.isArray(x.guard))) {
        const who = (r.guard as readonly string[]).includes('learner') ? ivan : mentor;
        const res = await stack.api(r.method, pathOf(r), { token: who.token });
        expect([r.subject, res.status]).toEqual([r.subject, 403]);
      }
    });

    it('answers 400 on malformed ids in the path', async () => {
      for (const path of [
        '/courses/nope',
        '/lessons/nope',
        '/progress/nope',
        '/certificates/nope',
        `/courses/${SAMPLE_ID}/content/nope/file`,
      ]) {
        expectError(await call('GET', path, lena), 400, 'VALIDATION_FAILED');
      }
      expectError(await call('POST', `/progress/${SAMPLE_ID}/mark-complete/nope`, lena), 400, 'VALIDATION_FAILED');
    });

    it('answers 404 for unknown courses, lessons, enrollments and messages', async () => {
      expectError(await call('GET', `/courses/${SAMPLE_ID}`, lena), 404, 'COURSE_NOT_FOUND');
      expectError(await call('GET', `/courses/${SAMPLE_ID}/lessons`, lena), 404, 'COURSE_NOT_FOUND');
      expectError(await call('GET', `/lessons/${SAMPLE_ID}`, lena), 404, 'LESSON_NOT_FOUND');
      expectError(await call('GET', `/enrollments/${SAMPLE_ID}/progress`, lena), 404, 'ENROLLMENT_NOT_FOUND');
      expectError(await call('PUT', `/instructor/messages/${SAMPLE_ID}/read`, ivan), 404, 'MESSAGE_NOT_FOUND');
      expectError(await call('GET', `/knowledge-hub/resources/${SAMPLE_ID}/file`, lena), 404, 'RESOURCE_NOT_FOUND');
    });
  });

  describe('courses', () => {
    it('creates a course (201) for instructors, with the spec defaults, and refuses learners (403) and bad fields (400)', async () => {
      const res = await call<Course>('POST', '/courses', ivan, { title: 'Go for Beginners', description: 'Learn Go', price: 0 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Go for Beginners',
        category: 'programming',
        level: 'beginner',
        is_published: false,
        instructor_id: ivan.user.id,
        price: 0,
      });
      expectError(await call('POST', '/courses', lena, { title: 'X', description: 'Y', price: 0 }), 403, 'FORBIDDEN');
      const bad = await call<ErrorBody>('POST', '/courses', ivan, { title: '', price: -5, category: 'cooking' });
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.errors.map((e) => e.path).sort()).toEqual(['category', 'description', 'price', 'title']);
    });

    it('shows published courses to all, drafts to their owner only, and lets only the owner edit', async () => {
      const draft = await createCourse(ivan, { is_published: false, title: 'Hidden draft' });
      expectError(await call('GET', `/courses/${draft.id}`, lena), 404, 'COURSE_NOT_FOUND');
      expect((await call('GET', `/courses/${draft.id}`, ivan)).status).toBe(200);
      const published = await call<Course>('PUT', `/courses/${draft.id}`, ivan, { is_published: true, category: 'design' });
      expect(published.body).toMatchObject({ is_published: true, category: 'design' });
      expectError(await call('PUT', `/courses/${draft.id}`, olga, { title: 'Mine now' }), 403, 'NOT_COURSE_OWNER');
      expectError(await call('PUT', `/courses/${draft.id}`, ivan, {}), 400, 'VALIDATION_FAILED');
      await waitFor(async () => (await call<Course>('GET', `/courses/${draft.id}`, lena)).body.instructor_name === 'Ivan Instructor');
    });

    it('browses with search, category, level and paging; refuses an unknown category', async () => {
      const tag = randomUUID().slice(0, 8);
      await createCourse(olga, { title: `Photography ${tag}`, category: 'design', level: 'advanced' });
      await createCourse(olga, { title: `Negotiation ${tag}`, description: 'Deals', category: 'business' });
      const search = await call<Course[]>('GET', `/courses?search=${tag}`, lena);
      expect(search.status).toBe(200);
      expect(search.body.map((c) => c.title).sort()).toEqual([`Negotiation ${tag}`, `Photography ${tag}`]);
      const filtered = await call<Course[]>('GET', `/courses?search=${tag}&category=business`, lena);
      expect(filtered.body.map((c) => c.title)).toEqual([`Negotiation ${tag}`]);
      expect((await call<Course[]>('GET', `/courses?search=${tag}&level=advanced&category=all`, lena)).body).toHaveLength(1);
      expect((await call<Course[]>('GET', `/courses?search=${tag}&limit=1&offset=1`, lena)).body).toHaveLength(1);
      expectError(await call('GET', '/courses?category=cooking', lena), 400, 'VALIDATION_FAILED');
      expectError(await call('GET', '/courses?limit=1000', lena), 400, 'VALIDATION_FAILED');
    });

    it("lists the instructor's own courses, drafts included", async () => {
      const me = await register('instructor');
      await createCourse(me, { is_published: false });
      await createCourse(me);
      const mine = await call<Course[]>('GET', '/instructor/courses', me);
      expect(mine.body.map((c) => c.is_published).sort()).toEqual([false, true]);
    });
  });

  describe('lessons', () => {
    it('manages lessons for the owner only and withholds content from non-enrolled learners', async () => {
      const course = await createCourse(ivan);
      const preview = await createLesson(ivan, course.id, { title: 'Intro', content: 'Free text', is_free_preview: true, order: 0 });
      const paid = await createLesson(ivan, course.id, { title: 'Deep', content: 'Paid text', order: 1 });
      expectError(await call('POST', `/courses/${course.id}/lessons`, olga, { title: 'x', content: 'y' }), 403, 'NOT_COURSE_OWNER');
      expectError(await call('POST', `/courses/${course.id}/lessons`, ivan, { title: 'x' }), 400, 'VALIDATION_FAILED');

      const list = await call<Lesson[]>('GET', `/courses/${course.id}/lessons`, lena);
      expect(list.body.map((l) => [l.title, l.content, l.is_locked])).toEqual([
        ['Intro', 'Free text', false],
        ['Deep', null, true],
      ]);
      expect((await call<Lesson>('GET', `/lessons/${preview.id}`, lena)).body.content).toBe('Free text');
      expectError(await call('GET', `/lessons/${paid.id}`, lena), 403, 'LESSON_LOCKED');

      const edited = await call<Lesson>('PUT', `/lessons/${paid.id}`, ivan, { duration_minutes: 45 });
      expect(edited.body.duration_minutes).toBe(45);
      expectError(await call('PUT', `/lessons/${paid.id}`, olga, { title: 'x' }), 403, 'NOT_COURSE_OWNER');
      expectError(await call('DELETE', `/lessons/${paid.id}`, lena), 403, 'NOT_COURSE_OWNER');
      expect((await call('DELETE', `/lessons/${paid.id}`, ivan)).body).toEqual({ message: 'Lesson deleted successfully!' });
      expectError(await call('GET', `/lessons/${paid.id}`, ivan), 404, 'LESSON_NOT_FOUND');
    });

    it('reorders the lessons of a course with the full list of their ids, refusing any other list (422)', async () => {
      const course = await createCourse(ivan);
      const a = await createLesson(ivan, course.id, { title: 'A', content: 'a' });
      const b = await createLesson(ivan, course.id, { title: 'B', content: 'b' });
      expect([a.order, b.order]).toEqual([1, 2]);
      const moved = await call<Lesson[]>('PUT', `/courses/${course.id}/lessons/order`, ivan, { lesson_ids: [b.id, a.id] });
      expect(moved.status).toBe(200);
      expect(moved.body.map((l) => [l.title, l.order])).toEqual([
        ['B', 1],
        ['A', 2],
      ]);
      const refused = await call('PUT', `/courses/${course.id}/lessons/order`, ivan, { lesson_ids: [a.id] });
      expectError(refused, 422, 'LESSON_ORDER_MISMATCH');
      expect(refused.body).toMatchObject({ detail: expect.any(String), errors: [{ path: 'lesson_ids' }] });
      expectError(await call('PUT', `/courses/${course.id}/lessons/order`, olga, { lesson_ids: [b.id, a.id] }), 403, 'NOT_COURSE_OWNER');
    });

    it("bulk-uploads lessons to the caller's course (201), refusing other instructors (403) and empty lists (400)", async () => {
      const course = await createCourse(ivan);
      const res = await call<{ created: number; lessons: Lesson[] }>('POST', '/instructor/lessons/bulk-upload', ivan, {
        course_id: course.id,
        lessons: [
          { title: 'One', content: '1' },
          { title: 'Two', content: '2' },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.created).toBe(2);
      expect(res.body.lessons.map((l) => l.order)).toEqual([1, 2]);
      expectError(
        await call('POST', '/instructor/lessons/bulk-upload', olga, { course_id: course.id, lessons: [{ title: 'x', content: 'y' }] }),
        403,
        'NOT_COURSE_OWNER',
      );
      expectError(
        await call('POST', '/instructor/lessons/bulk-upload', ivan, { course_id: course.id, lessons: [] }),
        400,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('enrollment, progress and reviews', () => {
    it('enrolls in a free course once (201, then 409) and tracks progress to 100%', async () => {
      const course = await createCourse(ivan);
      const [l1, l2] = [await createLesson(ivan, course.id, { order: 0 }), await createLesson(ivan, course.id, { order: 1 })];
      const learner = await register('learner');
      expect((await call('GET', `/courses/${course.id}/check-enrollment`, learner)).body).toEqual({
        enrolled: false,
        enrollment_id: null,
        enrolled_at: null,
      });
      expectError(await call('POST', `/lessons/${l1.id}/complete`, learner, { time_spent_minutes: 5 }), 403, 'NOT_ENROLLED');
      expectError(await call('GET', `/courses/${course.id}/progress`, learner), 403, 'NOT_ENROLLED');
      const enrolled = await call<{ enrollment_id: string; message: string }>('POST', `/courses/${course.id}/enroll`, learner);
      expect(enrolled.status).toBe(201);
      expect(enrolled.body.message).toBe('Successfully enrolled in free course!');
      expectError(await call('POST', `/courses/${course.id}/enroll`, learner), 409, 'ALREADY_ENROLLED');
      expect((await call('GET', `/courses/${course.id}/check-enrollment`, learner)).body).toMatchObject({
        enrolled: true,
        enrollment_id: enrolled.body.enrollment_id,
      });

      const first = await call('POST', `/lessons/${l1.id}/complete`, learner, { time_spent_minutes: 5 });
      expect(first.body).toMatchObject({ already_completed: false, completion_percentage: 50 });
      expect((await call('POST', `/lessons/${l1.id}/complete`, learner, {})).body).toMatchObject({
        already_completed: true,
        completion_percentage: 50,
      });
      expectError(await call('POST', `/lessons/${l1.id}/complete`, learner, { time_spent_minutes: -1 }), 400, 'VALIDATION_FAILED');
      const marked = await call('POST', `/progress/${course.id}/mark-complete/${l2.id}`, learner);
      expect(marked.body).toMatchObject({ completion_percentage: 100, course_completed: true });

      expect((await call('GET', `/courses/${course.id}/progress`, learner)).body).toMatchObject({
        completion_percentage: 100,
        lessons_completed_ids: [l1.id, l2.id],
        can_get_certificate: true,
      });
      expect((await call('GET', `/progress/${course.id}`, learner)).body).toMatchObject({
        completion_percentage: 100,
        completed_items: [],
      });
      expect((await call('GET', `/enrollments/${enrolled.body.enrollment_id}/progress`, learner)).body).toMatchObject({
        overall_progress: 100,
        next_lesson: null,
        can_get_certificate: true,
      });
      const mine = await call<Array<{ id: string; progress: number }>>('GET', '/learner/enrolled-courses', learner);
      expect(mine.body).toEqual([expect.objectContaining({ id: course.id, progress: 100 })]);
    });

    it('refuses a paid course with 402 without a payment; 202 with Retry-After while the named payment is on its way; then 201', async () => {
      const course = await createCourse(ivan, { price: 25 });
      const learner = await register('learner');
      const refused = await call<ErrorBody>('POST', `/courses/${course.id}/enroll`, learner);
      expectError(refused, 402, 'PAYMENT_REQUIRED');
      expect(refused.body.detail).toMatch(/^Payment required/);
      const id = randomUUID();
      const waiting = await call('POST', `/courses/${course.id}/enroll`, learner, { payment_id: `pay_${id}` });
      expect([waiting.status, waiting.headers.get('retry-after'), waiting.body]).toEqual([
        202,
        '1',
        { status: 'queued', progress: 0, retry_after: 1, message: 'Waiting for the payment to be confirmed' },
      ]);
      const paymentId = await payFor(learner, course.id, 25, id);
      let res = waiting;
      for (let i = 0; i < 100 && res.status === 202; i++) {
        await new Promise((r) => setTimeout(r, 50));
        res = await call('POST', `/courses/${course.id}/enroll`, learner, { payment_id: paymentId });
      }
      expect([res.status, (res.body as { message: string }).message]).toEqual([
        201,
        'Payment successful! You are now enrolled in the course!',
      ]);
    });

    it('takes one review per enrolled learner and keeps the rating figures', async () => {
      const course = await createCourse(ivan);
      const [a, b] = await Promise.all([register('learner', 'Rev A'), register('learner', 'Rev B')]);
      expectError(await call('POST', `/courses/${course.id}/reviews`, a, { rating: 5 }), 403, 'NOT_ENROLLED');
      await call('POST', `/courses/${course.id}/enroll`, a);
      await call('POST', `/courses/${course.id}/enroll`, b);
      expect((await call('POST', `/courses/${course.id}/reviews`, a, { rating: 5, comment: 'Great' })).status).toBe(201);
      expect((await call('POST', `/courses/${course.id}/reviews`, b, { rating: 4 })).status).toBe(201);
      expectError(await call('POST', `/courses/${course.id}/reviews`, a, { rating: 1 }), 409, 'ALREADY_REVIEWED');
      expectError(await call('POST', `/courses/${course.id}/reviews`, b, { rating: 6 }), 400, 'VALIDATION_FAILED');
      expect((await call<Course>('GET', `/courses/${course.id}`, lena)).body).toMatchObject({
        rating_avg: 4.5,
        rating_count: 2,
        enrollment_count: 2,
      });
      await waitFor(
        async () =>
          (await call<Array<{ user_name: string }>>('GET', `/courses/${course.id}/reviews`, lena)).body
            .map((r) => r.user_name)
            .sort()
            .join() === 'Rev A,Rev B',
      );
    });
  });

  describe('content items and uploads', () => {
    it('adds text and file items (201) and serves the file to enrolled learners, token in the query', async () => {
      const course = await createCourse(ivan);
      const text = await upload<ContentItem>(
        `/courses/${course.id}/content`,
        ivan,
        form({ content_type: 'text', title: 'Read me', text_content: 'Hello' }),
      );
      expect(text.status).toBe(201);
      expect(text.body).toMatchObject({ type: 'text', content: 'Hello' });
      const pdf = await upload<ContentItem>(
        `/courses/${course.id}/content`,
        ivan,
        form({ content_type: 'pdf', title: 'Slides', file: { data: PDF, name: 'slides.pdf', type: 'application/pdf' } }),
      );
      expect(pdf.status).toBe(201);
      expect(pdf.body).toMatchObject({
        type: 'pdf',
        file_name: 'slides.pdf',
        file_size: PDF.length,
        url: `/api/courses/${course.id}/content/${pdf.body.id}/file`,
      });
      const video = await upload<ContentItem>(
        `/courses/${course.id}/content`,
        ivan,
        form({ content_type: 'video', title: 'Talk', file: { data: MP4, name: 'talk.mp4', type: 'video/mp4' } }),
      );
      expect(video.status).toBe(201);

      const learner = await register('learner');
      expectError(await call('GET', `/courses/${course.id}/content`, learner), 403, 'NOT_ENROLLED');
      expectError(await call('GET', `/courses/${course.id}/content/${pdf.body.id}/file`, learner), 403, 'NOT_ENROLLED');
      await call('POST', `/courses/${course.id}/enroll`, learner);
      const listed = await call<{ content_items: ContentItem[] }>('GET', `/courses/${course.id}/content`, learner);
      expect(listed.body.content_items.map((i) => i.type)).toEqual(['text', 'pdf', 'video']);
      const file = await fetch(`${stack.url}${await stack.link(`${pdf.body.url}`, learner.token)}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
      expect((await call('POST', `/progress/${course.id}/mark-complete/${pdf.body.id}`, learner)).body).toMatchObject({
        completion_percentage: 33.3,
      });
    });

    it('removes a stored upload when the gateway itself refuses the form', async () => {
      const course = await createCourse(ivan);
      const before = await uploadsLeft();
      const res = await upload(
        `/courses/${course.id}/content`,
        ivan,
        form({ content_type: 'nonsense', file: { data: Buffer.from('%PDF-1.4 x'), name: 'a.pdf', type: 'application/pdf' } }),
      );
      expect(res.status).toBe(400);
      expect(await uploadsLeft()).toBe(before);
    });

    it('refuses bad uploads: wrong type (415), over the limit (413), empty (400), missing file (400), not the owner (403), removing what was stored', async () => {
      const course = await createCourse(ivan);
      const path = `/courses/${course.id}/content`;
      const before = await uploadsLeft();
      expectError(
        await upload(
          path,
          ivan,
          form({ content_type: 'pdf', title: 'Fake', file: { data: PNG, name: 'fake.pdf', type: 'application/pdf' } }),
        ),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      expectError(
        await upload(
          path,
          ivan,
          form({ content_type: 'video', title: 'Not a video', file: { data: PDF, name: 'x.mp4', type: 'video/mp4' } }),
        ),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      const big = await upload<ErrorBody>(
        path,
        ivan,
        form({
          content_type: 'pdf',
          title: 'Big',
          file: { data: Buffer.concat([PDF, Buffer.alloc(25 * MB)]), name: 'big.pdf', type: 'application/pdf' },
        }),
      );
      expectError(big, 413, 'FILE_TOO_LARGE');
      expect(big.body.detail).toBe('PDF files can be at most 25 MB');
      expectError(
        await upload(
          path,
          ivan,
          form({ content_type: 'pdf', title: 'Empty', file: { data: Buffer.alloc(0), name: 'e.pdf', type: 'application/pdf' } }),
        ),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await upload(path, ivan, form({ content_type: 'pdf', title: 'No file' })), 400, 'VALIDATION_FAILED');
      expectError(await upload(path, ivan, form({ content_type: 'image', title: 'Odd type' })), 400, 'VALIDATION_FAILED');
      expectError(
        await upload(
          path,
          olga,
          form({ content_type: 'pdf', title: 'Intruder', file: { data: PDF, name: 'a.pdf', type: 'application/pdf' } }),
        ),
        403,
        'NOT_COURSE_OWNER',
      );
      expect(await uploadsLeft()).toBe(before);
      expect((await call<{ content_items: unknown[] }>('GET', path, ivan)).body.content_items).toEqual([]);
    });
  });

  describe('certificates', () => {
    it('serves a PDF made by the worker at 100% (token in the query) and verifies its code publicly', async () => {
      const course = await createCourse(ivan, { title: 'Certified Go' });
      const lesson = await createLesson(ivan, course.id);
      const learner = await register('learner', 'Cert Learner');
      await call('POST', `/courses/${course.id}/enroll`, learner);
      expectError(await call('GET', `/certificates/${course.id}`, learner), 422, 'COURSE_NOT_COMPLETED');
      expectError(await call('GET', `/certificates/${course.id}`, lena), 403, 'NOT_ENROLLED');
      await call('POST', `/lessons/${lesson.id}/complete`, learner, {});
      const res = await stack.fetchFile(await stack.link(`/api/certificates/${course.id}`, learner.token));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="certificate-certified-go.pdf"');
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const code = /Verification code ([A-Z0-9-]+)/.exec(pdf.toString('latin1'))?.[1];
      expect(code).toMatch(/^LH-/);
      const verified = await stack.api('GET', `/certificates/verify/${code}`);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ valid: true, course_title: 'Certified Go', instructor_name: 'Ivan Instructor' });
      expectError(await stack.api('GET', '/certificates/verify/LH-0000-0000-0000'), 404, 'CERTIFICATE_NOT_FOUND');
      expectError(await stack.api('GET', '/certificates/verify/garbage'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('instructor dashboard', () => {
    it('answers overview, students, at-risk, analytics and content library from real data', async () => {
      const teacher = await register('instructor', 'Dash Teacher');
      const course = await createCourse(teacher, { title: 'Dash course' });
      const lesson = await createLesson(teacher, course.id);
      const [s1, s2] = await Promise.all([register('learner', 'Dash One'), register('learner', 'Dash Two')]);
      await call('POST', `/courses/${course.id}/enroll`, s1);
      await call('POST', `/courses/${course.id}/enroll`, s2);
      await call('POST', `/lessons/${lesson.id}/complete`, s1, {});
      // s2 has been idle for 10 days
      await stack.catalog.ds.query(`UPDATE enrollments SET last_activity_at = now() - interval '10 days' WHERE user_id = $1`, [s2.user.id]);

      const overview = await call('GET', '/instructor/analytics/overview', teacher);
      expect(overview.body).toMatchObject({
        total_courses: 1,
        total_students: 2,
        completion_rate: 50,
        total_revenue: 0,
        recent_enrollments: 2,
        active_students: 1,
      });
      const students = await call<Array<{ id: string; status: string }>>('GET', '/instructor/students', teacher);
      expect(students.body.map((s) => [s.id, s.status]).sort()).toEqual(
        [
          [s1.user.id, 'active'],
          [s2.user.id, 'inactive'],
        ].sort(),
      );
      await waitFor(
        async () =>
          (await call<Array<{ student_name: string }>>('GET', '/instructor/students/at-risk', teacher)).body[0]?.student_name ===
          'Dash Two',
      );
      const atRisk = await call<Array<{ student_id: string; risk_level: string; risk_factors: string[] }>>(
        'GET',
        '/instructor/students/at-risk',
        teacher,
      );
      expect(atRisk.body).toHaveLength(1);
      expect(atRisk.body[0]).toMatchObject({
        student_id: s2.user.id,
        risk_level: 'medium',
        risk_factors: ['Low progress: 0% complete', 'No activity for 10 days', 'Nothing completed since enrolling 0 days ago'],
      });
      const analytics = await call('GET', `/instructor/analytics/course/${course.id}`, teacher);
      expect(analytics.body).toMatchObject({
        enrollment_stats: { total_enrollments: 2, completed: 1 },
        lesson_analytics: [{ lesson_id: lesson.id, completion_rate: 50 }],
        quiz_analytics: [],
      });
      expect((await call('GET', `/courses/${course.id}/analytics`, teacher)).body).toEqual(analytics.body);
      expectError(await call('GET', `/courses/${course.id}/analytics`, ivan), 403, 'NOT_COURSE_OWNER');
      expectError(await call('GET', `/instructor/analytics/course/${course.id}`, ivan), 403, 'NOT_COURSE_OWNER');
      const library = await call<{ lesson_templates: Array<{ id: string }> }>('GET', '/instructor/content-library', teacher);
      expect(library.body.lesson_templates.map((t) => t.id)).toEqual([lesson.id]);
    });

    it('sends messages and interventions to students, and lets the recipient mark them read', async () => {
      const teacher = await register('instructor', 'Msg Teacher');
      const course = await createCourse(teacher);
      const student = await register('learner', 'Msg Student');
      await call('POST', `/courses/${course.id}/enroll`, student);
      const sent = await call<{ id: string; is_sent: boolean }>('POST', '/instructor/messages/send', teacher, {
        recipient_id: student.user.id,
        course_id: course.id,
        subject: 'Hi',
        message: 'Welcome!',
      });
      expect(sent.status).toBe(201);
      expect(sent.body.is_sent).toBe(true);
      expectError(
        await call('POST', '/instructor/messages/send', teacher, { recipient_id: lena.user.id, subject: 'Hi', message: 'x' }),
        404,
        'STUDENT_NOT_FOUND',
      );
      expectError(
        await call('POST', '/instructor/messages/send', teacher, { recipient_id: student.user.id, subject: '', message: '' }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await call('PUT', `/instructor/messages/${sent.body.id}/read`, teacher), 403, 'NOT_MESSAGE_RECIPIENT');
      const messages = await call<Array<{ id: string }>>('GET', '/instructor/messages', teacher);
      expect(messages.body.map((m) => m.id)).toEqual([sent.body.id]);

      const intervention = await call(
        'POST',
        `/instructor/students/${student.user.id}/intervention?course_id=${course.id}&intervention_type=encouragement`,
        teacher,
      );
      expect(intervention.status).toBe(201);
      expect(intervention.body).toMatchObject({ message: 'Intervention message sent successfully!' });
      expectError(
        await call(
          'POST',
          `/instructor/students/${student.user.id}/intervention?course_id=${course.id}&intervention_type=shouting`,
          teacher,
        ),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await call('POST', `/instructor/students/${student.user.id}/intervention`, teacher), 400, 'VALIDATION_FAILED');
      expectError(
        await call('POST', `/instructor/students/${lena.user.id}/intervention?course_id=${course.id}&intervention_type=support`, teacher),
        404,
        'STUDENT_NOT_FOUND',
      );

      // PUT /instructor/messages/{id}/read is guarded [instructor] (ROUTES.md): the recipient's own id
      // with an instructor token shows that the recipient, and only they, marks it read
      const recipientAsInstructor = tokens.sign({
        userId: student.user.id,
        role: 'instructor',
        sessionId: randomUUID(),
        institutionId: null,
      });
      const read = await call('PUT', `/instructor/messages/${sent.body.id}/read`, recipientAsInstructor);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ is_read: true, is_sent: false });
    });
  });

  describe('institution course pages', () => {
    it('scopes courses and figures to the current institution', async () => {
      const admin = await register('institution', 'Inst Admin');
      const institutionId = randomUUID();
      const scoped = tokens.sign({ userId: admin.user.id, role: 'institution', sessionId: randomUUID(), institutionId });
      const created = await call<Course>('POST', '/courses', scoped, {
        title: 'Inst course',
        description: 'For members',
        price: 10,
        thumbnail: 'https://cdn.example.test/t.png',
        is_published: true,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ institution_id: institutionId, thumbnail: 'https://cdn.example.test/t.png' });
      const courses = await call<Course[]>('GET', '/institution/courses', scoped);
      expect(courses.body.map((c) => c.id)).toEqual([created.body.id]);
      const figures = await call('GET', '/institution/analytics/courses', scoped);
      expect(figures.body).toEqual({
        overview: { total_courses: 1, total_enrollments: 0, completion_rate: 0, total_revenue: 0 },
        course_performance: [
          { id: created.body.id, title: 'Inst course', enrollments: 0, completion_rate: 0, revenue: 0, category: 'programming' },
        ],
      });
      const other = tokens.sign({ userId: admin.user.id, role: 'institution', sessionId: randomUUID(), institutionId: randomUUID() });
      expect((await call<Course[]>('GET', '/institution/courses', other)).body).toEqual([]);
      expectError(await call('GET', '/institution/courses', ivan), 403, 'FORBIDDEN');
    });
  });

  describe('knowledge hub', () => {
    it('uploads (201), lists with filters, serves files, and refuses bad uploads', async () => {
      const tag = randomUUID().slice(0, 6);
      const created = await upload<{ id: string; file_path: string; tags: string[] }>(
        '/knowledge-hub/resources',
        lena,
        form({
          title: `Calculus ${tag}`,
          description: 'Limits and derivatives',
          resource_type: 'pdf',
          category: 'science',
          tags: 'math, calculus',
          file: { data: PDF, name: 'calc.pdf', type: 'application/pdf' },
        }),
      );
      expect(created.status).toBe(201);
      expect(created.body.tags).toEqual(['math', 'calculus']);
      const listed = await call<Array<{ id: string }>>('GET', `/knowledge-hub/resources?category=science&search=${tag}`, ivan);
      expect(listed.body.map((r) => r.id)).toEqual([created.body.id]);
      expect((await call<unknown[]>('GET', `/knowledge-hub/resources?category=business&search=${tag}`, ivan)).body).toEqual([]);
      const file = await fetch(`${stack.url}${await stack.link(`${created.body.file_path}`, ivan.token)}`);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
      const before = await uploadsLeft();
      expectError(
        await upload(
          '/knowledge-hub/resources',
          lena,
          form({
            title: 'T',
            description: 'D',
            resource_type: 'video',
            category: 'science',
            file: { data: PNG, name: 'v.mp4', type: 'video/mp4' },
          }),
        ),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      expectError(
        await upload('/knowledge-hub/resources', lena, form({ title: 'T', description: 'D', resource_type: 'pdf', category: 'science' })),
        400,
        'VALIDATION_FAILED',
      );
      expectError(await call('GET', '/knowledge-hub/resources?category=cooking', lena), 400, 'VALIDATION_FAILED');
      expect(await uploadsLeft()).toBe(before);
    });
  });

  describe('platform', () => {
    it('reports catalog on /api/health and includes its part in the data export', async () => {
      const health = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
      expect(health.body.services.catalog).toMatchObject({ status: 'ok', db: true });
      const res = await stack.fetchFile(await stack.link(`/api/users/export-data`, lena.token));
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { services: Record<string, unknown>; unavailable: unknown[] };
      expect(Object.keys(doc.services).sort()).toEqual([
        'assessment',
        'billing',
        'catalog',
        'community',
        'gamification',
        'identity',
        'institution',
        'mentoring',
      ]);
      expect(doc.unavailable).toEqual([]);
    });
  });
});
