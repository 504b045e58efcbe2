import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { UnrecoverableError } from 'bullmq';
import {
  AppError,
  BULK_IMPORT_BATCH_BYTES,
  BULK_IMPORT_BATCH_MAX,
  catalogInternal,
  identityInternal,
  institutionInternal,
} from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore } from '@lp/storage';
import { bulkEnrollmentJob, countDataRows, csvRows, inBatches, rowWeight, type RowOutcome } from './bulk-enrollment.job.js';
import type { JobContext } from './job-definition.js';
import type { Mailer } from '../mail/mailer.js';

const INSTITUTION = '5b0c1a8e-6a3e-4d7e-9d7a-2c1f0e3b4a51';
const COURSE = '0f4c2b1a-9e8d-4c7b-a6f5-e4d3c2b1a090';
const KEY = 'imports/test/file.csv';

async function collect(csv: string): Promise<RowOutcome[]> {
  const out: RowOutcome[] = [];
  for await (const o of csvRows(Readable.from([csv]))) out.push(o);
  return out;
}

/**
 * identity, institution and catalog as the job sees them over the bus: accounts by e-mail,
 * members added once per person (remembering the import that added them), batches counted
 * once, enrollments once per person.
 */
function services(opts: { failOn?: string; existing?: string[]; refuse?: number[] } = {}) {
  const users = new Map<string, string>();
  const members = new Map<string, string>(); // user id -> import id that added them
  const enrolled = new Set<string>();
  const imports = new Map<
    string,
    { batches: number; successful: number; unchanged: number; failed: number; errors: unknown[]; status: string; fileRows: number | null }
  >();
  const calls: Array<{ subject: string; payload: Record<string, unknown> }> = [];
  const userOf = (email: string) => {
    if (!users.has(email)) users.set(email, randomUUID());
    return users.get(email)!;
  };
  for (const email of opts.existing ?? []) members.set(userOf(email), 'earlier');
  const rpc = {
    async request(subject: string, payload: Record<string, unknown>) {
      calls.push({ subject, payload });
      if (subject === opts.failOn) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'down');
      if (subject === identityInternal.ensureMemberAccounts.subject) {
        const people = payload['people'] as Array<{ email: string; name: string | null }>;
        return {
          accounts: people.map((p) =>
            p.email.startsWith('noaccount')
              ? { email: p.email, user: null }
              : { email: p.email, user: { id: userOf(p.email), name: p.name ?? p.email, email: p.email, role: 'learner', created: true } },
          ),
        };
      }
      if (subject === institutionInternal.bulkApplyBatch.subject) {
        const importId = payload['import_id'] as string;
        const rows = payload['rows'] as Array<{ row: number; user_id: string }>;
        const refused = new Set(opts.refuse ?? []);
        for (const r of rows) if (!refused.has(r.row) && !members.has(r.user_id)) members.set(r.user_id, importId);
        return {
          institution_id: INSTITUTION,
          rows: rows.map((r) => ({
            row: r.row,
            user_id: r.user_id,
            added: members.get(r.user_id) === importId,
            refused: refused.has(r.row) ? 'Tier full' : null,
          })),
        };
      }
      if (subject === catalogInternal.enrollMembers.subject) {
        const ids = payload['user_ids'] as string[];
        return {
          enrollments: ids.map((id) => {
            const created = !enrolled.has(id);
            enrolled.add(id);
            return { user_id: id, enrollment_id: randomUUID(), created };
          }),
        };
      }
      if (subject === institutionInternal.bulkReport.subject) {
        const id = payload['import_id'] as string;
        const imp = imports.get(id) ?? { batches: 0, successful: 0, unchanged: 0, failed: 0, errors: [], status: 'queued', fileRows: null };
        imports.set(id, imp);
        const batch = payload['batch'] as number;
        if (batch > imp.batches) {
          imp.batches = batch;
          imp.successful += payload['successful'] as number;
          imp.unchanged += payload['unchanged'] as number;
          imp.failed += payload['failed'] as number;
          imp.errors.push(...(payload['errors'] as unknown[]));
        } else if (payload['status'] === 'failed') imp.errors.push(...(payload['errors'] as unknown[]));
        if (imp.status !== 'completed') imp.status = payload['status'] as string;
        imp.fileRows = (payload['file_rows'] as number | null) ?? imp.fileRows;
        return { status: imp.status, counted: batch > 0 };
      }
      throw new Error(`unexpected subject ${subject}`);
    },
  } as unknown as RpcClient;
  return { rpc, calls, imports, members, enrolled };
}

async function run(
  csv: string,
  s: ReturnType<typeof services>,
  o: { importId?: string; courseId?: string | null; attempt?: number; noFile?: boolean } = {},
) {
  const files = new MemoryFileStore();
  if (!o.noFile) await files.put(KEY, csv);
  const progress: number[] = [];
  const ctx: JobContext = {
    jobId: 'job-1',
    attempt: o.attempt ?? 1,
    requestId: 'req-1',
    log: pino({ level: 'silent' }),
    reportProgress: async (p) => void progress.push(p),
    deps: { rpc: s.rpc, files, exportServices: [], exportServiceTimeoutMs: 1, mailer: {} as Mailer, now: () => new Date() },
  };
  const importId = o.importId ?? randomUUID();
  const result = bulkEnrollmentJob.handle(
    { import_id: importId, institution_id: INSTITUTION, course_id: o.courseId ?? null, storage_key: KEY },
    ctx,
  );
  return { result, progress, importId };
}

const csvOf = (n: number, prefix = 'p') =>
  [
    'email,name,role',
    ...Array.from({ length: n }, (_, i) => `${prefix}${i}@school.test,Person ${i},${i % 10 === 0 ? 'faculty' : 'student'}`),
  ].join('\n');

describe('bulk enrollment CSV rows', () => {
  it('finds the columns by name in any case and order, ignores other columns and defaults the role to student', async () => {
    const rows = await collect(
      'Name,Phone,ROLE,E-mail-ignored,Email\r\n"Doe, Jane",555,Faculty,x,JANE@School.test\r\nAbel,,,,abel@school.test\r\n',
    );
    expect(rows).toEqual([
      { ok: true, value: { row: 1, email: 'jane@school.test', name: 'Doe, Jane', memberType: 'faculty' } },
      { ok: true, value: { row: 2, email: 'abel@school.test', name: 'Abel', memberType: 'student' } },
    ]);
  });

  it('reports a bad e-mail, an unknown role and an e-mail met earlier with the data row number, and goes on', async () => {
    const rows = await collect(
      'email,name,role\nok@school.test,A,student\nnot-an-email,B,student\nc@school.test,C,admin\nOK@school.test,D,faculty\n\n,E,\nf@school.test\n',
    );
    expect(rows.map((r) => (r.ok ? { row: r.value.row, ok: true } : r.error))).toEqual([
      { row: 1, ok: true },
      { row: 2, email: 'not-an-email', error: 'Invalid e-mail address' },
      { row: 3, email: 'c@school.test', error: 'Role must be student or faculty' },
      { row: 4, email: 'ok@school.test', error: 'This e-mail appears earlier in the file' },
      { row: 5, email: null, error: 'E-mail is missing' },
      { row: 6, ok: true },
    ]);
  });

  it('refuses a file whose header has no email column, and an empty one', async () => {
    await expect(collect('name,role\nA,student\n')).rejects.toThrow(/email is required/);
    await expect(collect('')).rejects.toThrow(/empty/);
  });

  it('counts the data rows without the header and groups rows in batches', async () => {
    expect(await countDataRows(Readable.from([csvOf(7)]))).toBe(7);
    const sizes: number[] = [];
    for await (const b of inBatches(csvRows(Readable.from([csvOf(1201)])), { items: 500 })) sizes.push(b.length);
    expect(sizes).toEqual([500, 500, 201]);
  });

  it('cuts a batch early when its weight would pass the limit; an item heavier than the limit goes alone', async () => {
    const sizes = async (weights: number[]) => {
      const out: number[][] = [];
      for await (const b of inBatches(Readable.from(weights), { items: 4, weight: 10 }, (w: number) => w)) out.push(b);
      return out;
    };
    expect(await sizes([3, 3, 3, 3, 3, 3, 3])).toEqual([[3, 3, 3], [3, 3, 3], [3]]);
    expect(await sizes([1, 1, 1, 1, 1])).toEqual([[1, 1, 1, 1], [1]]);
    expect(await sizes([2, 12, 2])).toEqual([[2], [12], [2]]);
  });

  it('keeps the batches of a file with long names within what a bus message carries', async () => {
    const name = 'N'.repeat(200);
    const csv = `email,name\n${Array.from({ length: 3000 }, (_, i) => `person${i}@long-names.test,${name}`).join('\n')}\n`;
    const batches: RowOutcome[][] = [];
    for await (const b of inBatches(
      csvRows(Readable.from([csv])),
      { items: BULK_IMPORT_BATCH_MAX, weight: BULK_IMPORT_BATCH_BYTES },
      rowWeight,
    ))
      batches.push(b);
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.flat()).toHaveLength(3000);
    for (const b of batches) {
      expect(b.reduce((sum, o) => sum + rowWeight(o), 0)).toBeLessThanOrEqual(BULK_IMPORT_BATCH_BYTES);
      // the largest message of a batch, institution's apply-batch request, stays well under NATS's 1 MiB
      const rows = b.map((o, i) =>
        o.ok
          ? {
              row: i + 1,
              user_id: randomUUID(),
              member_type: 'student',
              account: { name: o.value.name, email: o.value.email, role: 'learner' },
            }
          : null,
      );
      expect(Buffer.byteLength(JSON.stringify({ import_id: randomUUID(), rows }))).toBeLessThan(1024 * 1024);
    }
  });
});

describe('bulk enrollment job', () => {
  it('adds every valid row in batches of BULK_IMPORT_BATCH_MAX at most, reports each batch and the progress, and completes', async () => {
    const s = services();
    const { result, progress, importId } = await run(csvOf(4401), s);
    expect(await result).toEqual({ file_rows: 4401, successful: 4401, unchanged: 0, failed: 0 });
    const asked = s.calls.filter((c) => c.subject === identityInternal.ensureMemberAccounts.subject);
    expect(asked.map((c) => (c.payload['people'] as unknown[]).length)).toEqual([2000, 2000, 401]);
    expect(asked[0]!.payload['create']).toBe(true);
    const reports = s.calls
      .filter((c) => c.subject === institutionInternal.bulkReport.subject)
      .map((c) => [c.payload['batch'], c.payload['status']]);
    expect(reports).toEqual([
      [0, 'running'],
      [1, 'running'],
      [2, 'running'],
      [3, 'running'],
      [0, 'completed'],
    ]);
    expect(progress.map(Math.round)).toEqual([45, 91, 100]);
    expect(s.imports.get(importId)).toMatchObject({ status: 'completed', fileRows: 4401, successful: 4401, failed: 0 });
    expect(s.members.size).toBe(4401);
    expect(s.calls.some((c) => c.subject === catalogInternal.enrollMembers.subject)).toBe(false);
  });

  it('counts bad rows as failed with their errors and sends only valid rows on', async () => {
    const s = services();
    const { result, importId } = await run('email,role\na@x.test,student\nbad,student\nnoaccount@x.test,\na@x.test,faculty\n', s);
    expect(await result).toEqual({ file_rows: 4, successful: 1, unchanged: 0, failed: 3 });
    expect(s.imports.get(importId)!.errors).toEqual([
      { row: 2, email: 'bad', error: 'Invalid e-mail address' },
      { row: 3, email: 'noaccount@x.test', error: 'No account could be made for this e-mail' },
      { row: 4, email: 'a@x.test', error: 'This e-mail appears earlier in the file' },
    ]);
  });

  it('counts rows the tier has no room for as failed, and does not enroll them', async () => {
    const s = services({ refuse: [2, 3] });
    const { result, importId } = await run(csvOf(4), s, { courseId: COURSE });
    expect(await result).toEqual({ file_rows: 4, successful: 2, unchanged: 0, failed: 2 });
    expect(s.imports.get(importId)!.errors).toEqual([
      { row: 2, email: 'p1@school.test', error: 'Tier full' },
      { row: 3, email: 'p2@school.test', error: 'Tier full' },
    ]);
    expect(s.enrolled.size).toBe(2);
  });

  it('adds nothing when the same file is imported again: every row is unchanged', async () => {
    const s = services();
    await (
      await run(csvOf(30), s, { courseId: COURSE })
    ).result;
    const again = await run(csvOf(30), s, { courseId: COURSE });
    expect(await again.result).toEqual({ file_rows: 30, successful: 0, unchanged: 30, failed: 0 });
    expect(s.members.size).toBe(30);
  });

  it("enrolls the rows in the import's course; a member enrolled only now counts as successful", async () => {
    const s = services({ existing: ['p0@school.test'] });
    const { result } = await run(csvOf(3), s, { courseId: COURSE });
    expect(await result).toEqual({ file_rows: 3, successful: 3, unchanged: 0, failed: 0 });
    const enroll = s.calls.find((c) => c.subject === catalogInternal.enrollMembers.subject)!;
    expect(enroll.payload).toMatchObject({ institution_id: INSTITUTION, course_id: COURSE });
    expect((enroll.payload['user_ids'] as string[]).length).toBe(3);
  });

  it('a retried job counts no batch twice', async () => {
    const s = services();
    const importId = randomUUID();
    await (
      await run(csvOf(2700), s, { importId })
    ).result;
    await (
      await run(csvOf(2700), s, { importId, attempt: 2 })
    ).result;
    expect(s.imports.get(importId)).toMatchObject({ successful: 2700, unchanged: 0, batches: 2 });
  });

  it('fails an unreadable file at once, saying why, without asking identity', async () => {
    const s = services();
    const { result, importId } = await run('name\nA\n', s);
    await expect(result).rejects.toBeInstanceOf(UnrecoverableError);
    expect(s.calls.some((c) => c.subject === identityInternal.ensureMemberAccounts.subject)).toBe(false);
    expect(s.imports.get(importId)).toMatchObject({
      status: 'failed',
      errors: [{ row: 0, email: null, error: expect.stringMatching(/email is required/) }],
    });
  });

  it('a job run again after its file was removed (the import ended) does nothing but say so', async () => {
    const s = services();
    const { result } = await run(csvOf(3), s, { noFile: true });
    await expect(result).rejects.toBeInstanceOf(UnrecoverableError);
    expect(s.calls.map((c) => [c.subject, c.payload['status']])).toEqual([[institutionInternal.bulkReport.subject, 'failed']]);
  });

  it('lets BullMQ retry when a service is down, and marks the import failed on the last try only', async () => {
    const first = services({ failOn: catalogInternal.enrollMembers.subject });
    const one = await run(csvOf(5), first, { courseId: COURSE, attempt: 1 });
    await expect(one.result).rejects.toMatchObject({ status: 503 });
    expect(first.imports.get(one.importId)!.status).toBe('running');
    const last = await run(csvOf(5), first, { courseId: COURSE, attempt: 3, importId: one.importId });
    await expect(last.result).rejects.toMatchObject({ status: 503 });
    expect(first.imports.get(one.importId)!.status).toBe('failed');
  });
});
