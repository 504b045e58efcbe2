import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import {
  JOBS,
  ExportUserDataReply,
  KNOWLEDGE_SIZE_LIMITS_BYTES,
  catalogInternal,
  catalogRoutes,
  certificateStorageKey,
  systemSubjects,
} from '@lp/contracts';
import { queuePrefix } from '@lp/service-kit';
import { CatalogHarness, MP3_BYTES, MP4_BYTES, PDF_BYTES, PNG_BYTES, expectAppError, type TestUser } from './support/catalog-harness.js';

jest.setTimeout(60_000);

let h: CatalogHarness;
let ivan: TestUser;
beforeAll(async () => {
  h = await CatalogHarness.start();
  ivan = await h.user('instructor', 'Ivan Instructor');
});
afterAll(async () => {
  await h.stop();
});

describe('certificates (no worker running here: see apps/worker/test for the PDF)', () => {
  it('is refused before enrolling (403) and before 100% (422)', async () => {
    const c = await h.course(ivan);
    await h.lesson(ivan, c.id);
    const lena = await h.user('learner');
    await expectAppError(h.call(catalogRoutes.certificate, { params: { courseId: c.id } }, lena.caller), 403, 'NOT_ENROLLED');
    await h.enroll(lena, c.id);
    await expectAppError(h.call(catalogRoutes.certificate, { params: { courseId: c.id } }, lena.caller), 422, 'COURSE_NOT_COMPLETED');
  });

  it('queues one render job per certificate on catalog.course.completed, answers 503 while pending, and the file once rendered', async () => {
    const c = await h.course(ivan, { title: 'Certified Course' });
    const l = await h.lesson(ivan, c.id);
    const lena = await h.user('learner', 'Lena Learner');
    await h.enroll(lena, c.id);
    await h.complete(lena, l.id);
    const [{ id: certificateId, verification_code: code }] = await h.ds.query(
      'SELECT id, verification_code FROM certificates WHERE user_id = $1',
      [lena.id],
    );

    const queue = new Queue(JOBS.certificateRender.queue, {
      connection: { url: h.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: queuePrefix(h.env.BUS_PREFIX!),
    });
    try {
      await h.waitFor(async () => (await queue.getJob(certificateId)) !== undefined);
      const job = (await queue.getJob(certificateId))!;
      expect(job.data).toMatchObject({
        certificate_id: certificateId,
        learner_name: 'Lena Learner',
        course_title: 'Certified Course',
        instructor_name: 'Ivan Instructor',
        verification_code: code,
        verify_url: `/certificates/verify/${code}`,
      });
      // no worker here: the request does not wait on it, it answers where the render stands
      expect(await h.call(catalogRoutes.certificate, { params: { courseId: c.id } }, lena.caller)).toEqual({
        pending: { status: 'queued', progress: 0, retry_after: 2, message: 'Your certificate is being prepared' },
      });
      expect(await queue.getJobCounts('waiting', 'delayed', 'active')).toMatchObject({ waiting: 1 });
    } finally {
      await queue.close();
    }

    await h.internal(catalogInternal.certificateRendered, {
      certificate_id: certificateId,
      storage_key: certificateStorageKey(certificateId),
    });
    expect(await h.call(catalogRoutes.certificate, { params: { courseId: c.id } }, lena.caller)).toEqual({
      storage_key: `certificates/${certificateId}.pdf`,
      filename: 'certificate-certified-course.pdf',
      content_type: 'application/pdf',
    });
    // another learner of the course gets nothing of Lena's
    const max = await h.user('learner');
    await h.enroll(max, c.id);
    await expectAppError(h.call(catalogRoutes.certificate, { params: { courseId: c.id } }, max.caller), 422, 'COURSE_NOT_COMPLETED');
  });

  it('verifies a code publicly, whatever its case', async () => {
    const c = await h.course(ivan, { title: 'Verified' });
    const l = await h.lesson(ivan, c.id);
    const lena = await h.user('learner', 'Vera Verified');
    await h.enroll(lena, c.id);
    await h.complete(lena, l.id);
    const [{ verification_code: code }] = await h.ds.query('SELECT verification_code FROM certificates WHERE user_id = $1', [lena.id]);
    const v = await h.call(catalogRoutes.verifyCertificate, { params: { code: code.toLowerCase() } });
    expect(v).toMatchObject({
      valid: true,
      verification_code: code,
      learner_name: 'Vera Verified',
      course_id: c.id,
      course_title: 'Verified',
      instructor_name: 'Ivan Instructor',
    });
    await expectAppError(h.call(catalogRoutes.verifyCertificate, { params: { code: 'LH-0000-0000-0000' } }), 404, 'CERTIFICATE_NOT_FOUND');
    await expectAppError(h.call(catalogRoutes.verifyCertificate, { params: { code: 'nope' } }), 400, 'VALIDATION_FAILED');
  });
});

describe('knowledge hub', () => {
  it('uploads resources of each type and filters by category and search (title, description, tag)', async () => {
    const lena = await h.user('learner', 'Lena Uploader');
    const pdf = await h.upload(PDF_BYTES, 'algebra.pdf', 'application/pdf');
    const created = await h.call(
      catalogRoutes.createResource,
      {
        body: {
          title: 'Algebra notes',
          description: 'Linear equations',
          resource_type: 'pdf',
          category: 'science',
          tags: 'math, algebra',
          file: pdf,
        },
      },
      lena.caller,
    );
    expect(created).toMatchObject({
      title: 'Algebra notes',
      resource_type: 'pdf',
      category: 'science',
      tags: ['math', 'algebra'],
      file_path: `/api/knowledge-hub/resources/${created.id}/file`,
      file_name: 'algebra.pdf',
      file_size: PDF_BYTES.length,
      uploaded_by: lena.id,
      uploader_name: 'Lena Uploader',
    });
    const video = await h.upload(MP4_BYTES, 'pitch.mp4', 'video/mp4');
    await h.call(
      catalogRoutes.createResource,
      { body: { title: 'Pitching', description: 'Investors', resource_type: 'video', category: 'business', tags: [], file: video } },
      lena.caller,
    );
    const audio = await h.upload(MP3_BYTES, 'ep1.mp3', 'audio/mpeg');
    await h.call(
      catalogRoutes.createResource,
      {
        body: {
          title: 'Grammar pod',
          description: 'Episode 1',
          resource_type: 'podcast',
          category: 'language',
          tags: 'listening',
          file: audio,
        },
      },
      lena.caller,
    );
    await h.call(
      catalogRoutes.createResource,
      { body: { title: 'Study tips', description: 'No file needed', resource_type: 'article', category: 'exam-prep', tags: '' } },
      lena.caller,
    );

    const all = await h.call(catalogRoutes.listResources, { query: {} }, ivan.caller);
    expect(all.map((r) => r.title)).toEqual(['Study tips', 'Grammar pod', 'Pitching', 'Algebra notes']);
    expect((await h.call(catalogRoutes.listResources, { query: { category: 'business' } }, ivan.caller)).map((r) => r.title)).toEqual([
      'Pitching',
    ]);
    expect((await h.call(catalogRoutes.listResources, { query: { search: 'EQUATIONS' } }, ivan.caller)).map((r) => r.title)).toEqual([
      'Algebra notes',
    ]);
    expect((await h.call(catalogRoutes.listResources, { query: { search: 'listen' } }, ivan.caller)).map((r) => r.title)).toEqual([
      'Grammar pod',
    ]);
    expect(await h.call(catalogRoutes.listResources, { query: { category: 'all', search: '' } }, ivan.caller)).toHaveLength(4);
    expect(await h.call(catalogRoutes.resourceFile, { params: { id: created.id } }, ivan.caller)).toEqual({
      storage_key: pdf.storage_key,
      filename: 'algebra.pdf',
      content_type: 'application/pdf',
    });
  });

  it('refuses a missing, wrong-kind or oversized file and removes it', async () => {
    const lena = await h.user('learner');
    const base = { title: 'T', description: 'D', category: 'science' as const, tags: '' };
    await expectAppError(
      h.call(catalogRoutes.createResource, { body: { ...base, resource_type: 'video' } }, lena.caller),
      400,
      'VALIDATION_FAILED',
    );
    const png = await h.upload(PNG_BYTES, 'x.mp3', 'audio/mpeg');
    await expectAppError(
      h.call(catalogRoutes.createResource, { body: { ...base, resource_type: 'podcast', file: png } }, lena.caller),
      415,
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(await h.stored(png.storage_key)).toBe(false);
    const big = await h.upload(Buffer.concat([PDF_BYTES, Buffer.alloc(KNOWLEDGE_SIZE_LIMITS_BYTES.pdf)]), 'big.pdf', 'application/pdf');
    await expectAppError(
      h.call(catalogRoutes.createResource, { body: { ...base, resource_type: 'pdf', file: big } }, lena.caller),
      413,
      'FILE_TOO_LARGE',
    );
    expect(await h.stored(big.storage_key)).toBe(false);
  });
});

describe("catalog's part of a data export", () => {
  it('hands over enrollments, completions, reviews, messages, certificates, courses taught and uploads', async () => {
    const c = await h.course(ivan, { title: 'Exported' });
    const l = await h.lesson(ivan, c.id);
    const lena = await h.user('learner', 'Ex Porter');
    await h.enroll(lena, c.id);
    await h.complete(lena, l.id, 7);
    await h.call(catalogRoutes.createReview, { params: { id: c.id }, body: { rating: 4, comment: 'Solid' } }, lena.caller);
    await h.call(
      catalogRoutes.sendMessage,
      { body: { recipient_id: lena.id, course_id: c.id, subject: 'Well done', message: 'Congrats' } },
      ivan.caller,
    );

    const raw = await h.client.request(systemSubjects.exportUserData('catalog'), { user_id: lena.id }, { requestId: 'export-test' });
    const reply = ExportUserDataReply.parse(raw);
    expect(reply.service).toBe('catalog');
    expect(reply.data).toMatchObject({
      enrollments: [{ course_id: c.id, course_title: 'Exported', progress: 100 }],
      lesson_completions: [{ lesson_id: l.id, course_id: c.id, time_spent_minutes: 7 }],
      reviews: [{ course_id: c.id, rating: 4, comment: 'Solid' }],
      messages: [{ direction: 'received', with: 'Ivan Instructor', subject: 'Well done', course_title: 'Exported' }],
      certificates: [{ course_id: c.id, course_title: 'Exported' }],
      courses_taught: [],
    });
    const teacher = ExportUserDataReply.parse(
      await h.client.request(systemSubjects.exportUserData('catalog'), { user_id: ivan.id }, { requestId: 'export-test-2' }),
    );
    expect((teacher.data.courses_taught as unknown[]).length).toBeGreaterThan(0);
  });
});
