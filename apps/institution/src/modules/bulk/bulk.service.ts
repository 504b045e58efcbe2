import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BulkImportEntity } from '../../entities/bulk-import.entity.js';
import type { z } from 'zod';
import {
  BULK_IMPORT_ERRORS_KEPT,
  BULK_IMPORT_FILE_MAX_BYTES,
  institutionInternal,
  institutionRoutes,
  type RouteInput,
  type RouteOutput,
} from '@lp/contracts';
import { currentCaller, currentRequestId, Handles, HandlesInternal, LOGGER, type Logger } from '@lp/service-kit';
import { readStart, type FileStore } from '@lp/storage';
import { Tenancy } from '../../common/tenancy.js';
import { bulkErrors } from './bulk-errors.js';
import { CSV_HEADER_BYTES, csvProblem } from './bulk-csv.js';
import { BulkEnrollmentQueue } from './bulk.queue.js';
import { toImport } from './bulk-view.js';
import { BULK_FILES } from './bulk-files.js';
import { limitsPeople, tierRefusalsOf, type Candidate } from './bulk-tier.js';
import { BulkRepository } from './bulk.repository.js';
import { MemberEvents } from '../members/member-events.js';
import { PORTAL_ROLE_OF } from '../members/member-roles.js';
import { MembersRepository } from '../members/members.repository.js';
import { InvitationDelivery } from '../invitations/invitation-delivery.js';
import { InstitutionsRepository } from '../institutions/institutions.repository.js';
import { TierLimits } from '../tiers/tier-limits.js';
import { TiersRepository } from '../tiers/tiers.repository.js';
import { institutionErrors } from '../../common/institution-errors.js';

/**
 * The per-row outcome of an e-mail whose account existed before the import: it is reported
 * among the rows not added (the worker then neither adds nor enrolls it), with this reason.
 */
export const INVITED_ROW =
  'Invited: this e-mail already has an account, so the person joins (and is enrolled) when they accept the invitation';

type R = typeof institutionRoutes;
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
    @Inject(BulkRepository) private readonly imports: BulkRepository,
    @Inject(InstitutionsRepository) private readonly institutions: InstitutionsRepository,
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(MemberEvents) private readonly memberEvents: MemberEvents,
    @Inject(InvitationDelivery) private readonly delivery: InvitationDelivery,
    @Inject(TiersRepository) private readonly tiers: TiersRepository,
    @Inject(TierLimits) private readonly tierLimits: TierLimits,
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
        const inst = await this.institutions.find(tx, params.id);
        if (inst?.verificationStatus !== 'verified') throw institutionErrors.notVerified();
        const csv = upload ? await this.uploadedHead(upload.storage_key) : Buffer.from(body.csv_data ?? '', 'base64');
        const problem = csvProblem(csv);
        if (problem) throw bulkErrors.csvInvalid(problem);
        if (courseId) {
          if (!(await this.imports.ownsCourse(tx, params.id, courseId))) throw bulkErrors.courseNotFound();
        }
        // the file first: a failed write leaves no import behind
        if (upload) await this.files.move(upload.storage_key, key);
        else await this.files.put(key, csv);
        await this.imports.insert(tx, { id, institutionId: params.id, courseId, createdBy: caller.userId, storageKey: key });
        return toImport((await this.imports.find(tx, params.id, id))!);
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
        this.imports.failUnstarted(tx, id, [{ row: 0, email: null, error: 'The import could not be started; try again' }]),
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
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => ({
      imports: (await this.imports.latest(tx, params.id, LIST_LIMIT)).map(toImport),
    }));
  }

  @Handles(institutionRoutes.bulkImport)
  async get({ params }: RouteInput<R['bulkImport']>): Promise<RouteOutput<R['bulkImport']>> {
    return this.tenancy.forInstitution(params.id, 'read', async (tx) => {
      const found = await this.imports.find(tx, params.id, params.jobId);
      if (!found) throw bulkErrors.importNotFound();
      return toImport(found);
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
      if (!req.rows.length) return { institution_id: imp.institutionId, rows: [] };
      // membership by consent: an account this import did not make is invited, never added
      // (members already are left as they are, so a re-import still changes nothing)
      const isMember = new Set(
        await this.members.memberUserIds(
          tx,
          imp.institutionId,
          req.rows.map((r) => r.user_id),
        ),
      );
      const toInvite = req.rows.filter((r) => !r.created && !isMember.has(r.user_id));
      await this.delivery.invite(
        tx,
        imp.institutionId,
        imp.createdBy,
        toInvite.map((r) => ({
          email: r.account.email,
          name: r.account.name,
          memberType: r.member_type,
          portalRole: PORTAL_ROLE_OF[r.member_type],
          createAccount: false,
          courseId: imp.courseId,
          importId: req.import_id,
        })),
      );
      const invited = new Set(toInvite.map((r) => r.row));
      const joining = req.rows.filter((r) => !invited.has(r.row));
      if (!joining.length)
        return {
          institution_id: imp.institutionId,
          rows: req.rows.map((r) => ({ row: r.row, user_id: r.user_id, added: false, refused: INVITED_ROW })),
        };
      // the people as identity answered, so the members list names them before identity's events arrive
      await this.imports.rememberPeople(
        tx,
        joining.map((r) => ({ user_id: r.user_id, member_type: r.member_type, ...r.account })),
      );
      const refused = await this.tierRefusals(tx, imp.institutionId, joining);
      for (const row of invited) refused.set(row, INVITED_ROW);
      const inserted = await this.imports.addMembers(
        tx,
        imp.institutionId,
        imp.createdBy,
        req.import_id,
        joining.filter((r) => !refused.has(r.row)).map((r) => ({ user_id: r.user_id, member_type: r.member_type })),
      );
      await this.memberEvents.changed(tx, inserted);
      const mine = await this.members.memberUserIds(
        tx,
        imp.institutionId,
        joining.map((r) => r.user_id),
        req.import_id,
      );
      const added = new Set(mine);
      return {
        institution_id: imp.institutionId,
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
      const count = req.batch > imp.batchesCounted;
      // a failure of the whole file (no email column, a job that gave up) says why in row 0
      const errors = count || (req.batch === 0 && req.status === 'failed') ? req.errors : [];
      const status = await this.imports.report(tx, req.import_id, {
        status: req.status,
        fileRows: req.file_rows,
        successful: count ? req.successful : 0,
        unchanged: count ? req.unchanged : 0,
        failed: count ? req.failed : 0,
        errors,
        batch: req.batch,
        errorsKept: BULK_IMPORT_ERRORS_KEPT,
      });
      return { reply: { status, counted: count && req.batch > 0 }, storageKey: imp.storageKey };
    });
    // the file holds people's e-mails: it goes once the import is done with it (a failed import is not run again: a new upload is a new import)
    if (outcome.reply.status === 'completed' || outcome.reply.status === 'failed')
      await this.files
        .remove(outcome.storageKey)
        .catch((e: unknown) => this.log.warn({ err: e, importId: req.import_id }, 'could not remove an import file'));
    return outcome.reply;
  }

  private async lockImport(tx: EntityManager, id: string): Promise<BulkImportEntity> {
    const imp = await this.imports.lock(tx, id);
    if (!imp) throw bulkErrors.importNotFound();
    return imp;
  }

  /**
   * The rows of a batch the tier has no room for (bulk-tier.ts). The top institution is locked
   * for the transaction, so imports running side by side cannot both take the last places.
   */
  private async tierRefusals(tx: EntityManager, institutionId: string, rows: readonly Candidate[]): Promise<Map<number, string>> {
    const top = (await this.institutions.pathIds(tx, institutionId))?.[0];
    if (!top) return new Map();
    const limits = await this.tiers.tierOf(tx, top, true);
    // no limit on people: nothing to count (the usage counts the whole subtree's members)
    if (!limits || !limitsPeople(limits)) return new Map();
    const usage = await this.tierLimits.usage(tx, top);
    const known = await this.tiers.subtreeMembers(
      tx,
      top,
      institutionId,
      rows.map((r) => r.user_id),
    );
    return tierRefusalsOf(rows, known, usage);
  }
}
