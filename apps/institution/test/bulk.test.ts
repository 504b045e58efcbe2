import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import {
  BULK_IMPORT_ERRORS_KEPT,
  BULK_IMPORT_FILE_MAX_BYTES,
  institutionInternal,
  institutionRoutes,
  JOBS,
  type UploadedFile,
} from '@lp/contracts';
import { queuePrefix } from '@lp/service-kit';
import { LocalFileStore, newStorageKey } from '@lp/storage';
import { callInternal, expectAppError } from '@lp/testing';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';
import { INVITED_ROW } from '../src/modules/bulk/bulk.service.js';

/**
 * Bulk enrollment on the service's side: the route keeps the file and queues the worker's job
 * (no worker runs here: the test plays its calls), the job's batches add members once and are
 * counted once, the import shows its progress and errors; another tenant's import answers 404.
 * The job itself (parsing, validation, batching) is tested in apps/worker.
 */
let h: Harness;
let queue: Queue;
let admin: U;
let readonlyAdmin: U;
let otherAdmin: U;
let inst: Made;
let other: Made;
const courseId = randomUUID();

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const CSV = 'Email,Name,Role\njane@school.test,Jane,student\nabel@school.test,Abel,faculty\n';
const upload = (who: U, made: Made, body: { csv_data?: string; file?: UploadedFile; course_id?: string | null }) =>
  h.call(institutionRoutes.bulkEnroll, { params: { id: made.id }, body }, who);
/** a file as the gateway leaves a multipart part: stored under uploads/, handed over as its reference */
const stored = async (content: string, filename = 'people.csv'): Promise<UploadedFile> => {
  const key = newStorageKey('uploads', '.csv');
  const { size } = await new LocalFileStore(h.env.STORAGE_DIR!).put(key, content);
  return { storage_key: key, filename, content_type: 'text/csv', size };
};
const onDisk = (key: string) => existsSync(join(h.env.STORAGE_DIR!, key));
const getImport = (who: U, made: Made, jobId: string) => h.call(institutionRoutes.bulkImport, { params: { id: made.id, jobId } }, who);
/** `created`: identity made the account for this import (the default here); false: the account existed */
const apply = (importId: string, rows: Array<{ row: number; user: U; type?: 'student' | 'faculty'; created?: boolean }>) =>
  callInternal(h.client, institutionInternal.bulkApplyBatch, {
    import_id: importId,
    rows: rows.map((r) => ({
      row: r.row,
      user_id: r.user.id,
      member_type: r.type ?? 'student',
      account: { name: r.user.name, email: r.user.email, role: 'learner' },
      created: r.created ?? true,
    })),
  });
const report = (
  importId: string,
  r: {
    batch: number;
    status?: 'running' | 'completed' | 'failed';
    file_rows?: number | null;
    successful?: number;
    unchanged?: number;
    errors?: Array<{ row: number; email: string | null; error: string }>;
  },
) =>
  callInternal(h.client, institutionInternal.bulkReport, {
    import_id: importId,
    status: r.status ?? 'running',
    file_rows: r.file_rows ?? null,
    batch: r.batch,
    successful: r.successful ?? 0,
    unchanged: r.unchanged ?? 0,
    failed: r.errors?.length ?? 0,
    errors: r.errors ?? [],
  });
const outboxAdds = async (userId: string) =>
  Number(
    (
      (await h.system((tx) =>
        tx.query(`SELECT count(*) AS n FROM outbox WHERE name = 'institution.member.added' AND payload->>'user_id' = $1`, [userId]),
      )) as { n: string }[]
    )[0]!.n,
  );

beforeAll(async () => {
  h = await startHarness();
  queue = new Queue(JOBS.bulkEnrollment.queue, {
    connection: { url: h.env.REDIS_URL!, maxRetriesPerRequest: null },
    prefix: queuePrefix(h.env.BUS_PREFIX!),
  });
  [admin, readonlyAdmin, otherAdmin] = [
    await h.user('institution', 'Bulk Admin'),
    await h.user('institution', 'Viewer'),
    await h.user('institution', 'Other Admin'),
  ];
  inst = await h.institution(admin, { name: 'Bulk Academy' });
  other = await h.institution(otherAdmin, { name: 'Other Academy' });
  await h.member(inst, readonlyAdmin, 'admin', 'readonly');
  await h.system((tx) =>
    tx.query(
      `INSERT INTO courses (id, institution_id, title, category, price, is_published, created_at, updated_at) VALUES ($1, $2, 'Onboarding', 'programming', 0, true, now(), now())`,
      [courseId, inst.id],
    ),
  );
}, 120_000);
afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  await h?.stop();
});

describe('POST /institutions/{id}/members/bulk', () => {
  it('keeps the file, queues the job under the import id and answers the queued import at once', async () => {
    const made = await upload(admin, inst, { csv_data: b64(CSV), course_id: courseId });
    expect(made).toMatchObject({
      status: 'queued',
      file_rows: null,
      processed: 0,
      successful: 0,
      failed: 0,
      unchanged: 0,
      errors: [],
      course_id: courseId,
      finished_at: null,
    });
    const job = await queue.getJob(made.job_id);
    expect(job?.name).toBe(JOBS.bulkEnrollment.name);
    expect(job?.data).toMatchObject({ import_id: made.job_id, institution_id: inst.id, course_id: courseId });
    const key = (job!.data as { storage_key: string }).storage_key;
    expect(existsSync(join(h.env.STORAGE_DIR!, key))).toBe(true);
    expect(await getImport(admin, inst, made.job_id)).toEqual(made);
  });

  it('refuses a file without an email column, an unknown course, and a readonly admin', async () => {
    await expectAppError(upload(admin, inst, { csv_data: b64('name,role\nJane,student\n') }), 422, 'CSV_INVALID');
    await expectAppError(upload(admin, inst, { csv_data: b64(CSV), course_id: randomUUID() }), 404, 'COURSE_NOT_FOUND');
    await expectAppError(upload(readonlyAdmin, inst, { csv_data: b64(CSV) }), 403, 'READONLY_ACCESS');
  });

  it('takes the file as an upload: moves it to the import, which runs to completed and removes it', async () => {
    const file = await stored(CSV);
    const made = await upload(admin, inst, { file, course_id: courseId });
    expect(made).toMatchObject({ status: 'queued', file_rows: null, course_id: courseId });
    const job = await queue.getJob(made.job_id);
    const key = (job!.data as { storage_key: string }).storage_key;
    expect(key).toBe(`imports/${inst.id}/${made.job_id}.csv`);
    // moved, not copied: the upload is gone and the import's file has its bytes
    expect(onDisk(file.storage_key)).toBe(false);
    expect(await new LocalFileStore(h.env.STORAGE_DIR!).exists(key)).toBe(true);
    const [jane, abel] = [await h.user('learner', 'Up Jane'), await h.user('instructor', 'Up Abel')];
    await report(made.job_id, { batch: 0, file_rows: 2 });
    await apply(made.job_id, [
      { row: 1, user: jane },
      { row: 2, user: abel, type: 'faculty' },
    ]);
    await report(made.job_id, { batch: 1, file_rows: 2, successful: 2 });
    expect(await report(made.job_id, { batch: 0, status: 'completed', file_rows: 2 })).toEqual({ status: 'completed', counted: false });
    expect(await getImport(admin, inst, made.job_id)).toMatchObject({
      status: 'completed',
      file_rows: 2,
      processed: 2,
      successful: 2,
      failed: 0,
    });
    expect(onDisk(key)).toBe(false);
    // an empty course field of a form is no course
    const plain = await upload(admin, inst, { file: await stored(CSV), course_id: '' });
    expect(plain.course_id).toBeNull();
  });

  it('refuses an upload and removes it: bad header, empty, too large, unknown course, readonly, another tenant', async () => {
    const before = await h.call(institutionRoutes.bulkImports, { params: { id: inst.id } }, admin);
    const expectRefused = async (file: UploadedFile, work: Promise<unknown>, status: number, code: string) => {
      const err = await expectAppError(work, status, code);
      expect(onDisk(file.storage_key)).toBe(false);
      return err;
    };
    let f = await stored('name,role\nJane,student\n');
    const bad = await expectRefused(f, upload(admin, inst, { file: f }), 422, 'CSV_INVALID');
    expect(bad.detail).toMatch(/email is required/);
    f = await stored('   \n');
    expect((await expectRefused(f, upload(admin, inst, { file: f }), 422, 'CSV_INVALID')).detail).toBe('The file is empty');
    // larger than the limit (a sparse file: no 50 MB written)
    f = await stored('email,name,role\n');
    await truncate(join(h.env.STORAGE_DIR!, f.storage_key), BULK_IMPORT_FILE_MAX_BYTES + 1);
    const large = await expectRefused(f, upload(admin, inst, { file: f }), 413, 'FILE_TOO_LARGE');
    expect(large.errors).toEqual([{ path: 'file', message: 'File too large' }]);
    f = await stored(CSV);
    await expectRefused(f, upload(admin, inst, { file: f, course_id: randomUUID() }), 404, 'COURSE_NOT_FOUND');
    f = await stored(CSV);
    await expectRefused(f, upload(readonlyAdmin, inst, { file: f }), 403, 'READONLY_ACCESS');
    f = await stored(CSV);
    await expectRefused(f, upload(admin, other, { file: f }), 404, 'INSTITUTION_NOT_FOUND');
    // an upload that is not there (removed meanwhile) is said so
    await expectAppError(upload(admin, inst, { file: { ...f, storage_key: newStorageKey('uploads', '.csv') } }), 400, 'VALIDATION_FAILED');
    // no import was made for any of them
    const after = await h.call(institutionRoutes.bulkImports, { params: { id: inst.id } }, admin);
    expect(after.imports.length).toBe(before.imports.length);
  });

  it('takes the file one way only: both csv_data and a file, or neither, is a 400 naming the field', async () => {
    const file = await stored(CSV);
    const both = await expectAppError(upload(admin, inst, { csv_data: b64(CSV), file }), 400, 'VALIDATION_FAILED');
    expect(both.errors).toEqual([{ path: 'file', message: 'Send the CSV file once: either as a file upload or as csv_data, not both' }]);
    const neither = await expectAppError(upload(admin, inst, { course_id: courseId }), 400, 'VALIDATION_FAILED');
    expect(neither.errors).toEqual([
      { path: 'file', message: 'A CSV file is required: upload it as file (or send it base64 as csv_data)' },
    ]);
    await expectAppError(upload(admin, inst, { csv_data: '' }), 400, 'VALIDATION_FAILED');
  });

  it("answers 404 for another tenant's institution and for its import ids, and lists only the institution's imports", async () => {
    const theirs = await upload(otherAdmin, other, { csv_data: b64(CSV) });
    await expectAppError(upload(admin, other, { csv_data: b64(CSV) }), 404, 'INSTITUTION_NOT_FOUND');
    await expectAppError(getImport(admin, inst, theirs.job_id), 404, 'IMPORT_NOT_FOUND');
    await expectAppError(getImport(admin, other, theirs.job_id), 404, 'INSTITUTION_NOT_FOUND');
    const mine = await h.call(institutionRoutes.bulkImports, { params: { id: inst.id } }, admin);
    expect(mine.imports.length).toBeGreaterThan(0);
    expect(mine.imports.map((i) => i.job_id)).not.toContain(theirs.job_id);
    const times = mine.imports.map((i) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("the job's calls: apply-batch and report", () => {
  it('adds the members of a batch once, with their events, and counts each batch once', async () => {
    const made = await upload(admin, inst, { csv_data: b64(CSV) });
    const [jane, abel, existing] = [
      await h.user('learner', 'Jane'),
      await h.user('instructor', 'Abel'),
      await h.user('learner', 'Already'),
    ];
    await h.member(inst, existing, 'student');

    expect(await report(made.job_id, { batch: 0, file_rows: 4 })).toEqual({ status: 'running', counted: false });
    let now = await getImport(admin, inst, made.job_id);
    expect(now).toMatchObject({ status: 'running', file_rows: 4, processed: 0 });

    const first = await apply(made.job_id, [
      { row: 1, user: jane },
      { row: 2, user: abel, type: 'faculty' },
      { row: 3, user: existing },
    ]);
    expect(first).toEqual({
      institution_id: inst.id,
      rows: [
        { row: 1, user_id: jane.id, added: true, refused: null },
        { row: 2, user_id: abel.id, added: true, refused: null },
        { row: 3, user_id: existing.id, added: false, refused: null },
      ],
    });
    // a retried job applies the batch again: nothing new, the same answer
    expect(
      await apply(made.job_id, [
        { row: 1, user: jane },
        { row: 2, user: abel, type: 'faculty' },
        { row: 3, user: existing },
      ]),
    ).toEqual(first);
    expect(await outboxAdds(jane.id)).toBe(1);
    expect(await outboxAdds(existing.id)).toBe(0);
    const members = await h.call(institutionRoutes.listMembers, { params: { id: inst.id }, query: { limit: 100, offset: 0 } }, admin);
    expect(members.members.find((m) => m.user.id === abel.id)).toMatchObject({
      member_type: 'faculty',
      portal_role: 'instructor',
      user: { name: 'Abel' },
    });

    const errors = [{ row: 4, email: 'bad', error: 'Invalid e-mail address' }];
    expect(await report(made.job_id, { batch: 1, file_rows: 4, successful: 2, unchanged: 1, errors })).toEqual({
      status: 'running',
      counted: true,
    });
    expect(await report(made.job_id, { batch: 1, file_rows: 4, successful: 2, unchanged: 1, errors })).toEqual({
      status: 'running',
      counted: false,
    });
    now = await getImport(admin, inst, made.job_id);
    expect(now).toMatchObject({ status: 'running', file_rows: 4, processed: 4, successful: 2, unchanged: 1, failed: 1, errors });

    const key = ((await queue.getJob(made.job_id))!.data as { storage_key: string }).storage_key;
    expect(await report(made.job_id, { batch: 0, status: 'completed', file_rows: 4 })).toEqual({ status: 'completed', counted: false });
    now = await getImport(admin, inst, made.job_id);
    expect(now.status).toBe('completed');
    expect(now.finished_at).not.toBeNull();
    // the file with people's e-mails is gone; a late report of a retried job cannot reopen the import
    expect(existsSync(join(h.env.STORAGE_DIR!, key))).toBe(false);
    expect((await report(made.job_id, { batch: 0, status: 'running' })).status).toBe('completed');
  });

  it('a second import of the same people adds nothing', async () => {
    const first = await upload(admin, inst, { csv_data: b64(CSV) });
    const second = await upload(admin, inst, { csv_data: b64(CSV) });
    const person = await h.user('learner', 'Twice');
    expect((await apply(first.job_id, [{ row: 1, user: person }])).rows[0]!.added).toBe(true);
    expect((await apply(second.job_id, [{ row: 1, user: person }])).rows[0]!.added).toBe(false);
    expect(await outboxAdds(person.id)).toBe(1);
  });

  it('invites an e-mail whose account existed before the import, never adds it; a re-import adds nothing', async () => {
    const made = await upload(admin, inst, { csv_data: b64(CSV) });
    const [own, made2] = [await h.user('learner', 'Has An Account'), await h.user('learner', 'Made For The Import')];
    const rows = [
      { row: 1, user: own, created: false },
      { row: 2, user: made2, created: true },
    ];
    const reply = await apply(made.job_id, rows);
    expect(reply.rows).toEqual([
      { row: 1, user_id: own.id, added: false, refused: INVITED_ROW },
      { row: 2, user_id: made2.id, added: true, refused: null },
    ]);
    expect(await outboxAdds(own.id)).toBe(0);
    const invited = (await h.call(institutionRoutes.listInvitations, { params: { id: inst.id } }, admin)).invitations.filter(
      (i) => i.email === own.email,
    );
    expect(invited).toEqual([expect.objectContaining({ status: 'pending', member_type: 'student' })]);
    const sent = (await h.system((tx) =>
      tx.query(`SELECT payload FROM outbox WHERE name = 'institution.invitation.sent' AND payload->>'email' = $1`, [own.email]),
    )) as { payload: { create_account: boolean } }[];
    expect(sent.map((r) => r.payload.create_account)).toEqual([false]);

    // the same file again (identity now reports both accounts as existing): nothing added, no second invitation or e-mail
    const again = await upload(admin, inst, { csv_data: b64(CSV) });
    const second = await apply(
      again.job_id,
      rows.map((r) => ({ ...r, created: false })),
    );
    expect(second.rows.map((r) => [r.row, r.added])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(second.rows[1]!.refused).toBeNull();
    expect(await outboxAdds(made2.id)).toBe(1);
    const open = (await h.call(institutionRoutes.listInvitations, { params: { id: inst.id } }, admin)).invitations.filter(
      (i) => i.email === own.email,
    );
    expect(open).toHaveLength(1);
    const sentAgain = (await h.system((tx) =>
      tx.query(`SELECT count(*) AS n FROM outbox WHERE name = 'institution.invitation.sent' AND payload->>'email' = $1`, [own.email]),
    )) as { n: number }[];
    expect(Number(sentAgain[0]!.n)).toBe(1);
  });

  it('refuses an import of an institution pending verification: it would make accounts', async () => {
    const owner = await h.user('institution', 'Pending Owner');
    const pending = await h.institution(owner, { name: 'Pending School', status: 'pending' });
    await expectAppError(upload(owner, pending, { csv_data: b64(CSV) }), 422, 'NOT_VERIFIED');
  });

  it('keeps the first errors only, and says why a failed import stopped', async () => {
    const made = await upload(admin, inst, { csv_data: b64(CSV) });
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ row: from + i, email: `x${from + i}`, error: 'Invalid e-mail address' }));
    await report(made.job_id, { batch: 1, errors: many(1, 500) });
    await report(made.job_id, { batch: 2, errors: many(501, 500) });
    await report(made.job_id, { batch: 3, errors: many(1001, 500) });
    await report(made.job_id, { batch: 0, status: 'failed', errors: [{ row: 0, email: null, error: 'The import stopped' }] });
    const now = await getImport(admin, inst, made.job_id);
    expect(now).toMatchObject({ status: 'failed', failed: 1500, processed: 1500 });
    expect(now.errors).toHaveLength(BULK_IMPORT_ERRORS_KEPT);
    expect(now.errors.at(-1)).toEqual({ row: 1000, email: 'x1000', error: 'Invalid e-mail address' });
    const key = ((await queue.getJob(made.job_id))!.data as { storage_key: string }).storage_key;
    expect(existsSync(join(h.env.STORAGE_DIR!, key))).toBe(false);
  });

  it("refuses the rows beyond the tier's member limit, in file order; people already counted take no room", async () => {
    const owner = await h.user('institution', 'Small Owner');
    const small = await h.institution(owner, { name: 'Small School' }); // the free tier: 100 students
    await h.system((tx) =>
      tx.query(
        `INSERT INTO members (id, institution_id, user_id, member_type) SELECT gen_random_uuid(), $1, gen_random_uuid(), 'student' FROM generate_series(1, 98)`,
        [small.id],
      ),
    );
    const made = await upload(owner, small, { csv_data: b64(CSV) });
    const [known, a, b, c, teacher] = [await h.user(), await h.user(), await h.user(), await h.user(), await h.user('instructor')];
    await h.member(small, known, 'student'); // the 99th
    const reply = await apply(made.job_id, [
      { row: 1, user: known },
      { row: 2, user: a },
      { row: 3, user: b },
      { row: 4, user: teacher, type: 'faculty' },
      { row: 5, user: c },
    ]);
    expect(reply.rows.map((r) => [r.row, r.added, r.refused])).toEqual([
      [1, false, null],
      [2, true, null],
      [3, false, 'Your Free tier allows up to 100 students. Upgrade to add more.'],
      [4, true, null],
      [5, false, 'Your Free tier allows up to 100 students. Upgrade to add more.'],
    ]);
    expect((await h.call(institutionRoutes.dashboard, { params: { id: small.id } }, owner)).total_students).toBe(100);
  });

  it('answers 404 for an import that does not exist', async () => {
    await expectAppError(apply(randomUUID(), []), 404, 'IMPORT_NOT_FOUND');
    await expectAppError(report(randomUUID(), { batch: 0 }), 404, 'IMPORT_NOT_FOUND');
  });
});
