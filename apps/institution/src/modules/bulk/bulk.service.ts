import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  BULK_IMPORT_ERRORS_KEPT,
  BULK_IMPORT_FILE_MAX_BYTES,
  institutionInternal,
  institutionRoutes,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { currentCaller, currentRequestId, Handles, HandlesInternal, LOGGER, queryRows, type Logger } from '@lp/service-kit';
import { readStart, type FileStore } from '@lp/storage';
import { Tenancy } from '../../common/tenancy.js';
import { bulkErrors } from './bulk-errors.js';
import { CSV_HEADER_BYTES, csvProblem } from './bulk-csv.js';
import { BulkEnrollmentQueue } from './bulk.queue.js';
import { importList, importView } from './bulk-view.js';
import { BULK_FILES } from './bulk-files.js';
import { tierRefusals } from './bulk-tier.js';
import { writeMembersChanged } from '../members/member-events.js';
import { PORTAL_ROLE_OF } from '../members/members.service.js';
import { invite } from '../invitations/invitation-sql.js';
import { institutionErrors } from '../../common/institution-errors.js';

/**
 * The per-row outcome of an e-mail whose account existed before the import: it is reported
 * among the rows not added (the worker then neither adds nor enrolls it), with this reason.
 */
export const INVITED_ROW =
  'Invited: this e-mail already has an account, so the person joins (and is enrolled) when they accept the invitation';

type R = typeof institutionRoutes;
interface ImportHead {
  institution_id: string;
  course_id: string | null;
  created_by: string;
  batches_counted: number;
  storage_key: string;
}
type I = typeof institutionInternal;
const LIST_LIMIT = 50;

/** where an import's file waits for the worker (the shared file store) */
export const importStorageKey = (institutionId: string, importId: string): string => `imports/${institutionId}/${importId}.csv`;

/**
 * Bulk enrollment from a CSV file (uploaded, or base64 in the body). The route keeps the file
 * and queues the worker's job, answering at once; the job streams the file, has identity find
 * or make the accounts, adds the members here batch by batch (bulk.apply-batch), has catalog
 * enroll them, and reports each batch's outcome (bulk.report) so the import's progress and
 * per-row errors show as it runs. Only the accounts identity made for the import become members
 * at once; an e-mail whose account already existed is invited instead (membership by consent)
 * and its row says so. Adding is never changing: a person already a member stays as they are, so importing
 * the same file again adds nothing (its rows count as unchanged).
 */
@Injectable()
export class BulkService {
  constructor(
    @Inject(Tenancy) private readonly tenancy: Tenancy,
    @Inject(BulkEnrollmentQueue) private readonly queue: BulkEnrollmentQueue,
    @Inject(BULK_FILES) private readonly files: FileStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /**
   * The file comes as an upload the gateway stored (`file`) or base64 in the body (`csv_data`).
   * An upload is checked by its first bytes only (size and header), then moved to the import's
   * key (one disk: a rename, never a copy in memory); a refused upload is removed whatever the
   * reason, since nobody else will.
   */
  @Handles(institutionRoutes.bulkEnroll)
  async enroll({ params, body }: RouteInput<R['bulkEnroll']>): Promise<RouteOutput<R['bulkEnroll']>> {
    const upload = body.file ?? null;
    const id = randomUUID();
    const key = importStorageKey(params.id, id);
    const courseId = body.course_id ?? null;
    const caller = currentCaller();
    let created: RouteOutput<R['bulkEnroll']>;
    try {
      created = await this.tenancy.forInstitution(params.id, 'write', async (tx) => {
        // an import makes accounts at once: nothing of the kind before the platform admin has verified the institution
        const [status] = await queryRows<{ verified: boolean }>(
          tx,
          `SELECT verification_status = 'verified' AS verified FROM institutions WHERE id = $1`,
          [params.id],
        );
        if (!status?.verified) throw institutionErrors.notVerified();
        const csv = upload ? await this.uploadedHead(upload.storage_key) : Buffer.from(body.csv_data ?? '', 'base64');
        const problem = csvProblem(csv);
        if (problem) throw bulkErrors.csvInvalid(problem);
        if (courseId) {
          const known = await queryRows(tx, `SELECT 1 FROM courses WHERE id = $1 AND institution_id = $2`, [courseId, params.id]);
          if (!known.length) throw bulkErrors.courseNotFound();
        }
        // the file first: a failed write leaves no import behind
        if (upload) await this.files.move(upload.storage_key, key);
        else await this.files.put(key, csv);
        await tx.query(`INSERT INTO bulk_imports (id, institution_id, course_id, created_by, storage_key) VALUES ($1, $2, $3, $4, $5)`, [
          id,
          params.id,
          courseId,
          caller.userId,
          key,
        ]);
        return (await importView(tx, params.id, id))!;
      });
    } catch (e) {
      // refused, or the import row was not written: neither the upload nor the file moved from it stays behind
      if (upload) await this.files.remove(upload.storage_key).catch(() => undefined);
      await this.files.remove(key).catch(() => undefined);
      throw e;
    }
    try {
      await this.queue.add(
        { import_id: id, institution_id: params.id, course_id: courseId, storage_key: key, request_id: currentRequestId() },
        id,
      );
    } catch (e) {
      // nothing will run it: say so on the import rather than leave it queued for ever
      this.log.error({ err: e, importId: id }, 'could not queue a bulk import');
      await this.tenancy.asSystem((tx) =>
        tx.query(`UPDATE bulk_imports SET status = 'failed', finished_at = now(), errors = $2::jsonb WHERE id = $1`, [
          id,
          JSON.stringify([{ row: 0, email: null, error: 'The import could not be started; try again' }]),
        ]),
      );
      await this.files.remove(key).catch(() => undefined);
      throw e;
    }
    return created;
  }

  /** An uploaded file's first bytes, enough for its header; 400 when it is gone, 413 beyond BULK_IMPORT_FILE_MAX_BYTES. */
  private async uploadedHead(storageKey: string): Promise<Buffer> {
    const start = await readStart(this.files, storageKey, CSV_HEADER_BYTES);
    if (!start) throw bulkErrors.uploadMissing();
    if (start.size > BULK_IMPORT_FILE_MAX_BYTES) throw bulkErrors.fileTooLarge();
    return start.head;
  }

  @Handles(institutionRoutes.bulkImports)
  async list({ params }: RouteInput<R['bulkImports']>): Promise<RouteOutput<R['bulkImports']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => ({ imports: await importList(tx, params.id, LIST_LIMIT) }));
  }

  @Handles(institutionRoutes.bulkImport)
  async get({ params }: RouteInput<R['bulkImport']>): Promise<RouteOutput<R['bulkImport']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const found = await importView(tx, params.id, params.jobId);
      if (!found) throw bulkErrors.importNotFound();
      return found;
    });
  }

  /**
   * One batch of the worker's job: the members it names are added to the import's own
   * institution (read from the import, never from the request), in one transaction with their
   * events; existing members are left as they are. `added` is true for every member this
   * import made, in this call or an earlier try of it, so a retried job counts them alike.
   */
  @HandlesInternal(institutionInternal.bulkApplyBatch)
  async applyBatch(req: z.infer<I['bulkApplyBatch']['request']>): Promise<z.infer<I['bulkApplyBatch']['response']>> {
    return this.tenancy.asSystem(async (tx) => {
      const imp = await this.lockImport(tx, req.import_id);
      if (!req.rows.length) return { institution_id: imp.institution_id, rows: [] };
      // membership by consent: an account this import did not make is invited, never added
      // (members already are left as they are, so a re-import still changes nothing)
      const existing = await queryRows<{ user_id: string }>(
        tx,
        `SELECT user_id FROM members WHERE institution_id = $1 AND user_id = ANY ($2::uuid[])`,
        [imp.institution_id, req.rows.map((r) => r.user_id)],
      );
      const isMember = new Set(existing.map((m) => m.user_id));
      const toInvite = req.rows.filter((r) => !r.created && !isMember.has(r.user_id));
      await invite(
        tx,
        imp.institution_id,
        imp.created_by,
        toInvite.map((r) => ({
          email: r.account.email,
          name: r.account.name,
          memberType: r.member_type,
          portalRole: PORTAL_ROLE_OF[r.member_type],
          createAccount: false,
          courseId: imp.course_id,
          importId: req.import_id,
        })),
      );
      const invited = new Set(toInvite.map((r) => r.row));
      const joining = req.rows.filter((r) => !invited.has(r.row));
      if (!joining.length)
        return {
          institution_id: imp.institution_id,
          rows: req.rows.map((r) => ({ row: r.row, user_id: r.user_id, added: false, refused: INVITED_ROW })),
        };
      const rows = JSON.stringify(joining.map((r) => ({ user_id: r.user_id, member_type: r.member_type, ...r.account })));
      // the people as identity answered, so the members list names them before identity's events arrive
      await tx.query(
        `INSERT INTO users (id, name, email, role) SELECT r.user_id, r.name, r.email, r.role FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, name text, email text, role text)
         ON CONFLICT (id) DO NOTHING`,
        [rows],
      );
      const refused = await tierRefusals(tx, imp.institution_id, joining);
      for (const row of invited) refused.set(row, INVITED_ROW);
      const accepted = JSON.stringify(
        joining.filter((r) => !refused.has(r.row)).map((r) => ({ user_id: r.user_id, member_type: r.member_type })),
      );
      const inserted = await queryRows<{ id: string }>(
        tx,
        `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, added_by, import_id)
         SELECT gen_random_uuid(), $1, r.user_id, r.member_type, CASE r.member_type WHEN 'faculty' THEN 'instructor' ELSE 'learner' END, $2, $3
           FROM jsonb_to_recordset($4::jsonb) AS r(user_id uuid, member_type text)
         ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
        [imp.institution_id, imp.created_by, req.import_id, accepted],
      );
      await writeMembersChanged(
        tx,
        inserted.map((r) => r.id),
      );
      const mine = await queryRows<{ user_id: string }>(
        tx,
        `SELECT user_id FROM members WHERE institution_id = $1 AND import_id = $2 AND user_id = ANY ($3::uuid[])`,
        [imp.institution_id, req.import_id, joining.map((r) => r.user_id)],
      );
      const added = new Set(mine.map((m) => m.user_id));
      return {
        institution_id: imp.institution_id,
        rows: req.rows.map((r) => ({ row: r.row, user_id: r.user_id, added: added.has(r.user_id), refused: refused.get(r.row) ?? null })),
      };
    });
  }

  /**
   * A batch's outcome and the import's state. Batches are counted once, in order: a retried
   * job reports its batches again and they change nothing; a completed import stays completed.
   */
  @HandlesInternal(institutionInternal.bulkReport)
  async report(req: z.infer<I['bulkReport']['request']>): Promise<z.infer<I['bulkReport']['response']>> {
    const outcome = await this.tenancy.asSystem(async (tx) => {
      const imp = await this.lockImport(tx, req.import_id);
      const count = req.batch > imp.batches_counted;
      // a failure of the whole file (no email column, a job that gave up) says why in row 0
      const errors = count || (req.batch === 0 && req.status === 'failed') ? req.errors : [];
      const [row] = await queryRows<{ status: z.infer<I['bulkReport']['response']>['status'] }>(
        tx,
        `UPDATE bulk_imports SET
            status = CASE WHEN status = 'completed' THEN status ELSE $2 END,
            started_at = coalesce(started_at, now()),
            finished_at = CASE WHEN status = 'completed' THEN finished_at WHEN $2 = 'running' THEN NULL ELSE now() END,
            file_rows = coalesce($3, file_rows),
            successful = successful + $4, unchanged = unchanged + $5, failed = failed + $6, processed = processed + $4 + $5 + $6,
            errors = CASE WHEN status = 'completed' OR jsonb_array_length($7::jsonb) = 0 OR jsonb_array_length(errors) >= $9 THEN errors
                          ELSE jsonb_path_query_array(errors || $7::jsonb, ('$[0 to ' || ($9 - 1) || ']')::jsonpath) END,
            batches_counted = greatest(batches_counted, $8)
          WHERE id = $1 RETURNING status`,
        [
          req.import_id,
          req.status,
          req.file_rows,
          count ? req.successful : 0,
          count ? req.unchanged : 0,
          count ? req.failed : 0,
          JSON.stringify(errors),
          req.batch,
          BULK_IMPORT_ERRORS_KEPT,
        ],
      );
      return { reply: { status: row!.status, counted: count && req.batch > 0 }, storageKey: imp.storage_key };
    });
    // the file holds people's e-mails: it goes once the import is done with it (a failed import is not run again: a new upload is a new import)
    if (outcome.reply.status === 'completed' || outcome.reply.status === 'failed')
      await this.files
        .remove(outcome.storageKey)
        .catch((e: unknown) => this.log.warn({ err: e, importId: req.import_id }, 'could not remove an import file'));
    return outcome.reply;
  }

  private async lockImport(tx: EntityManager, id: string): Promise<ImportHead> {
    const [imp] = await queryRows<ImportHead>(
      tx,
      `SELECT institution_id, course_id, created_by, batches_counted, storage_key FROM bulk_imports WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!imp) throw bulkErrors.importNotFound();
    return imp;
  }
}
