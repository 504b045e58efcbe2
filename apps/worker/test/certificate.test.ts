import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import { JOBS, catalogRoutes, certificateStorageKey, type Caller } from '@lp/contracts';
import { LocalFileStore } from '@lp/storage';
import { queuePrefix } from '@lp/service-kit';
import { pdfTextLines, startTestService, type TestService } from '@lp/testing';
import { WorkerModule } from '../src/app.module.js';
import { CatalogHarness, type TestUser } from '../../catalog/test/support/catalog-harness.js';

jest.setTimeout(60_000);

async function readFile(storageDir: string, key: string): Promise<Buffer> {
  const { stream } = await new LocalFileStore(storageDir).open(key);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** As the browser does: ask again while the PDF is being made (202 with the progress). */
async function certificateOf(
  h: CatalogHarness,
  courseId: string,
  caller: Caller,
): Promise<{ storage_key: string; filename: string; content_type: string }> {
  for (let i = 0; i < 100; i++) {
    const answer = (await h.call(catalogRoutes.certificate, { params: { courseId } }, caller)) as unknown as Record<string, unknown>;
    if (!('pending' in answer)) return answer as { storage_key: string; filename: string; content_type: string };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the certificate was not made');
}

describe('certificates end to end: catalog and the worker', () => {
  let h: CatalogHarness;
  let worker: TestService;
  let ivan: TestUser;

  beforeAll(async () => {
    h = await CatalogHarness.start({ PUBLIC_URL: 'https://learnhub.example' });
    worker = await startTestService(WorkerModule.create(h.env), h.env);
    ivan = await h.user('instructor', 'Ivan Instructor');
  });
  afterAll(async () => {
    await worker.stop();
    await h.stop();
  });

  it('completing a course makes a real PDF certificate, served to its learner and verifiable by code', async () => {
    const course = await h.course(ivan, { title: 'Intro to Go' });
    const lessons = [await h.lesson(ivan, course.id, { order: 0 }), await h.lesson(ivan, course.id, { order: 1 })];
    const lena = await h.user('learner', 'Lena Learner');
    await h.enroll(lena, course.id);
    for (const l of lessons) await h.complete(lena, l.id);

    const ref = await certificateOf(h, course.id, lena.caller);
    const [cert] = await h.ds.query('SELECT id, verification_code, rendered_at FROM certificates WHERE user_id = $1', [lena.id]);
    expect(ref).toEqual({
      storage_key: certificateStorageKey(cert.id),
      filename: 'certificate-intro-to-go.pdf',
      content_type: 'application/pdf',
    });
    expect(cert.rendered_at).not.toBeNull();

    const pdf = await readFile(h.env.STORAGE_DIR!, ref.storage_key);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(pdfTextLines(pdf)).toEqual([
      'LearnHub',
      'Certificate of Completion',
      'This certifies that',
      'Lena Learner',
      'has successfully completed the course',
      'Intro to Go',
      'taught by Ivan Instructor',
      `Completed on ${today}`,
      `Verification code: ${cert.verification_code}`,
      `Verify at https://learnhub.example/certificates/verify/${cert.verification_code}`,
    ]);

    const verified = await h.call(catalogRoutes.verifyCertificate, { params: { code: cert.verification_code } });
    expect(verified).toMatchObject({ learner_name: 'Lena Learner', course_title: 'Intro to Go', instructor_name: 'Ivan Instructor' });
  });

  it('renders each certificate once however often its job is queued', async () => {
    const course = await h.course(ivan, { title: 'Once' });
    const lesson = await h.lesson(ivan, course.id);
    const max = await h.user('learner', 'Max Once');
    await h.enroll(max, course.id);
    await h.complete(max, lesson.id);
    const first = await certificateOf(h, course.id, max.caller);
    const before = await readFile(h.env.STORAGE_DIR!, first.storage_key);
    // the download again, and the job queued again under its id: the same file, no second job
    const again = await certificateOf(h, course.id, max.caller);
    expect(again).toEqual(first);
    const queue = new Queue(JOBS.certificateRender.queue, {
      connection: { url: h.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: queuePrefix(h.env.BUS_PREFIX!),
    });
    try {
      const [{ id }] = await h.ds.query('SELECT id FROM certificates WHERE user_id = $1', [max.id]);
      const job = await queue.getJob(id);
      expect(job?.returnvalue).toEqual({ storage_key: first.storage_key });
      expect(await queue.getJobCounts('completed')).toMatchObject({ completed: expect.any(Number) });
      expect((await queue.getCompleted()).filter((j) => j.id === id)).toHaveLength(1);
    } finally {
      await queue.close();
    }
    expect(await readFile(h.env.STORAGE_DIR!, first.storage_key)).toEqual(before);
  });
});
