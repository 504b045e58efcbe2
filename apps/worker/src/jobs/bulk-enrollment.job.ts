import { CsvError, parse } from 'csv-parse';
import { UnrecoverableError } from 'bullmq';
import {
  AppError,
  BULK_IMPORT_BATCH_BYTES,
  BULK_IMPORT_BATCH_MAX,
  BulkApplyBatchReply,
  BulkReportReply,
  EmailSchema,
  EnrollMembersReply,
  EnsureMemberAccountsReply,
  JOBS,
  catalogInternal,
  identityInternal,
  institutionInternal,
  type JobData,
  type JobResult,
} from '@lp/contracts';
import type { z } from 'zod';
import { defineJob, type JobContext } from './job-definition.js';

type Data = JobData<typeof JOBS.bulkEnrollment>;
type Result = JobResult<typeof JOBS.bulkEnrollment>;
type Status = z.infer<typeof BulkReportReply>['status'];

export type MemberType = 'student' | 'faculty';
export interface RowError {
  row: number;
  email: string | null;
  error: string;
}
export interface ValidRow {
  /** the data row's number, from 1 (the header is not counted) */
  row: number;
  email: string;
  name: string | null;
  memberType: MemberType;
}
export type RowOutcome = { ok: true; value: ValidRow } | { ok: false; error: RowError };

/** a file the job cannot read at all: the import fails at once, without retries */
export class CsvFileError extends Error {}

const NAME_MAX = 200;
/** identity's calls make accounts: slower than an ordinary request */
const CALL_TIMEOUT_MS = 120_000;

const parser = () => parse({ bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: true });

/** The file's records; a file the parser cannot read (a quote never closed) is the file's fault, not a reason to retry. */
async function* records(input: NodeJS.ReadableStream): AsyncGenerator<string[]> {
  try {
    for await (const record of input.pipe(parser()) as AsyncIterable<string[]>) yield record;
  } catch (e) {
    if (e instanceof CsvError) throw new CsvFileError(`The file could not be read: ${e.message}`);
    throw e;
  }
}

/**
 * The rows of an import's CSV file as they stream in: a header row naming the columns
 * (email, name, role; any case, any order, other columns ignored), then one person a row.
 * Each row is checked on its own: an e-mail identity accepts, a role of student or faculty
 * (empty: student), an e-mail not already met earlier in the file. Only the e-mails met so
 * far are kept in memory, never the rows.
 */
export async function* csvRows(input: NodeJS.ReadableStream): AsyncGenerator<RowOutcome> {
  let columns: { email: number; name: number; role: number } | null = null;
  const seen = new Set<string>();
  let row = 0;
  for await (const record of records(input)) {
    if (!columns) {
      const names = record.map((c) => c.trim().toLowerCase());
      const email = names.indexOf('email');
      if (email === -1) throw new CsvFileError('The first row must name the columns: email, name, role (email is required)');
      columns = { email, name: names.indexOf('name'), role: names.indexOf('role') };
      continue;
    }
    row += 1;
    const rawEmail = (record[columns.email] ?? '').trim();
    const parsed = EmailSchema.safeParse(rawEmail);
    if (!parsed.success) {
      yield { ok: false, error: { row, email: rawEmail || null, error: rawEmail ? 'Invalid e-mail address' : 'E-mail is missing' } };
      continue;
    }
    const email = parsed.data;
    const role = columns.role === -1 ? '' : (record[columns.role] ?? '').trim().toLowerCase();
    if (role !== '' && role !== 'student' && role !== 'faculty') {
      yield { ok: false, error: { row, email, error: 'Role must be student or faculty' } };
      continue;
    }
    if (seen.has(email)) {
      yield { ok: false, error: { row, email, error: 'This e-mail appears earlier in the file' } };
      continue;
    }
    seen.add(email);
    const name = columns.name === -1 ? '' : (record[columns.name] ?? '').trim().slice(0, NAME_MAX);
    yield { ok: true, value: { row, email, name: name || null, memberType: role === 'faculty' ? 'faculty' : 'student' } };
  }
  if (!columns) throw new CsvFileError('The file is empty');
}

/**
 * Consecutive items, at most `max.items` at a time and, when a weight is given, cut earlier so
 * a batch's weight stays within `max.weight` (an item heavier than that alone is a batch of its own).
 */
export async function* inBatches<T>(
  items: AsyncIterable<T>,
  max: { items: number; weight?: number },
  weigh: (item: T) => number = () => 0,
): AsyncGenerator<T[]> {
  let batch: T[] = [];
  let weight = 0;
  for await (const item of items) {
    const w = weigh(item);
    if (batch.length && max.weight !== undefined && weight + w > max.weight) {
      yield batch;
      batch = [];
      weight = 0;
    }
    batch.push(item);
    weight += w;
    if (batch.length >= max.items) {
      yield batch;
      batch = [];
      weight = 0;
    }
  }
  if (batch.length) yield batch;
}

/** what a row adds to its batch's messages: its e-mail and name (twice: identity's answer carries them back) or its error */
export const rowWeight = (o: RowOutcome): number =>
  o.ok ? 2 * (o.value.email.length + (o.value.name?.length ?? 0)) : (o.error.email?.length ?? 0) + o.error.error.length;

/** The number of data rows, for the progress bar: one streaming pass that keeps nothing. */
export async function countDataRows(input: NodeJS.ReadableStream): Promise<number> {
  let count = 0;
  for await (const _ of records(input)) count += 1;
  return Math.max(0, count - 1);
}

export interface BatchOutcome {
  successful: number;
  unchanged: number;
  errors: RowError[];
}

/**
 * One batch through the services: identity finds or makes the accounts, institution adds the
 * members, catalog enrolls them in the course (when the import names one). A row succeeds when
 * this import made the member or the enrollment, is unchanged when both already existed (a
 * re-imported file), and fails with its reason otherwise.
 */
export async function applyBatch(data: Data, outcomes: readonly RowOutcome[], ctx: JobContext): Promise<BatchOutcome> {
  const errors = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
  const valid = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  if (!valid.length) return { successful: 0, unchanged: 0, errors };
  const call = { requestId: ctx.requestId, timeoutMs: CALL_TIMEOUT_MS };

  const accounts = EnsureMemberAccountsReply.parse(
    await ctx.deps.rpc.request(
      identityInternal.ensureMemberAccounts.subject,
      // the import's own accounts stay its own when a failed attempt runs this batch again
      { people: valid.map((v) => ({ email: v.email, name: v.name })), create: true, origin: `bulk-import:${data.import_id}` },
      call,
    ),
  );
  const userOf = new Map(accounts.accounts.map((a) => [a.email.toLowerCase(), a.user]));
  const people = valid.flatMap((v) => {
    const user = userOf.get(v.email);
    if (user) return [{ v, user }];
    errors.push({ row: v.row, email: v.email, error: 'No account could be made for this e-mail' });
    return [];
  });
  if (!people.length) return { successful: 0, unchanged: 0, errors: sortByRow(errors) };

  const applied = BulkApplyBatchReply.parse(
    await ctx.deps.rpc.request(
      institutionInternal.bulkApplyBatch.subject,
      {
        import_id: data.import_id,
        rows: people.map(({ v, user }) => ({
          row: v.row,
          user_id: user.id,
          member_type: v.memberType,
          account: { name: user.name, email: user.email, role: user.role },
          created: user.created,
        })),
      },
      call,
    ),
  );
  const members = applied.rows.filter((r) => {
    if (r.refused === null) return true;
    errors.push({ row: r.row, email: people.find((p) => p.v.row === r.row)?.v.email ?? null, error: r.refused });
    return false;
  });

  const enrolledNow = new Set<string>();
  if (data.course_id && members.length) {
    const enrolled = EnrollMembersReply.parse(
      await ctx.deps.rpc.request(
        catalogInternal.enrollMembers.subject,
        { institution_id: data.institution_id, course_id: data.course_id, user_ids: members.map((m) => m.user_id) },
        call,
      ),
    );
    for (const e of enrolled.enrollments) if (e.created) enrolledNow.add(e.user_id);
  }
  const successful = members.filter((m) => m.added || enrolledNow.has(m.user_id)).length;
  return { successful, unchanged: members.length - successful, errors: sortByRow(errors) };
}

const sortByRow = (errors: RowError[]): RowError[] => errors.sort((a, b) => a.row - b.row);

async function report(
  data: Data,
  ctx: JobContext,
  r: { batch: number; status: 'running' | 'completed' | 'failed'; fileRows: number | null } & Partial<BatchOutcome>,
): Promise<Status> {
  const errors = r.errors ?? [];
  const reply = BulkReportReply.parse(
    await ctx.deps.rpc.request(
      institutionInternal.bulkReport.subject,
      {
        import_id: data.import_id,
        batch: r.batch,
        status: r.status,
        file_rows: r.fileRows,
        successful: r.successful ?? 0,
        unchanged: r.unchanged ?? 0,
        failed: errors.length,
        errors,
      },
      { requestId: ctx.requestId },
    ),
  );
  return reply.status;
}

interface InFlight {
  batch: number;
  rows: number;
  outcome: Promise<BatchOutcome>;
}

const isGone = (e: unknown): boolean => AppError.isAppError(e) && e.status === 404;

/**
 * A bulk import (queued by institution on POST /institutions/{id}/members/bulk, job id =
 * import id): streams the file from the shared store in batches of up to BULK_IMPORT_BATCH_MAX rows, each through
 * identity, institution and catalog, and reports every batch so the import's progress moves.
 * Every step is idempotent and institution counts a batch once, so a retried job (a service
 * down for a moment) runs the file again and adds or counts nothing twice. The last try that
 * fails marks the import failed; a file that cannot be read fails it at once.
 */
export const bulkEnrollmentJob = defineJob(JOBS.bulkEnrollment, async (data, ctx): Promise<Result> => {
  const totals = { file_rows: 0, successful: 0, unchanged: 0, failed: 0 };
  try {
    // removed when the import ended: a job run again after that has nothing to do
    if (!(await ctx.deps.files.exists(data.storage_key))) throw new CsvFileError('The file is no longer there; upload it again');
    totals.file_rows = await countDataRows((await ctx.deps.files.open(data.storage_key)).stream);
    if ((await report(data, ctx, { batch: 0, status: 'running', fileRows: totals.file_rows })) === 'completed') return totals;
    const { stream } = await ctx.deps.files.open(data.storage_key);
    let batch = 0;
    let processed = 0;
    const settle = async (f: InFlight): Promise<void> => {
      const outcome = await f.outcome;
      await report(data, ctx, { batch: f.batch, status: 'running', fileRows: totals.file_rows, ...outcome });
      totals.successful += outcome.successful;
      totals.unchanged += outcome.unchanged;
      totals.failed += outcome.errors.length;
      processed += f.rows;
      await ctx.reportProgress(totals.file_rows ? (processed / totals.file_rows) * 100 : 100);
    };
    // two batches in flight: the next one's calls run while this one is reported (reports stay in order: institution counts a batch once, in order)
    let inFlight: InFlight | null = null;
    for await (const outcomes of inBatches(csvRows(stream), { items: BULK_IMPORT_BATCH_MAX, weight: BULK_IMPORT_BATCH_BYTES }, rowWeight)) {
      batch += 1;
      const next: InFlight = { batch, rows: outcomes.length, outcome: applyBatch(data, outcomes, ctx) };
      next.outcome.catch(() => undefined); // its failure is met when it is settled
      if (inFlight) await settle(inFlight);
      inFlight = next;
    }
    if (inFlight) await settle(inFlight);
    await report(data, ctx, { batch: 0, status: 'completed', fileRows: totals.file_rows });
    ctx.log.info({ importId: data.import_id, ...totals }, 'bulk import done');
    return totals;
  } catch (e) {
    if (isGone(e)) throw new UnrecoverableError('the import no longer exists');
    const last = e instanceof CsvFileError || ctx.attempt >= JOBS.bulkEnrollment.options.attempts;
    if (last) {
      const error = e instanceof CsvFileError ? e.message : 'The import stopped before the end; the rows counted so far were applied';
      await report(data, ctx, {
        batch: 0,
        status: 'failed',
        fileRows: totals.file_rows || null,
        errors: [{ row: 0, email: null, error }],
      }).catch((err: unknown) => ctx.log.warn({ err, importId: data.import_id }, 'could not mark a bulk import failed'));
    }
    if (e instanceof CsvFileError) throw new UnrecoverableError(e.message);
    throw e;
  }
});
