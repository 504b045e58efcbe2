import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { BulkImportEntity, type BulkImportStatus } from '../../entities/bulk-import.entity.js';
import { CourseEntity } from '../../entities/course.entity.js';

/** A batch's figures as bulk.report brings them (counted already decided by the service). */
export interface BatchReport {
  status: string;
  fileRows: number | null;
  successful: number;
  unchanged: number;
  failed: number;
  errors: unknown[];
  batch: number;
  errorsKept: number;
}

/** Data access for `bulk_imports` and the members an import adds; no rules here. */
@Injectable()
export class BulkRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<BulkImportEntity> {
    return (tx ?? this.ds.manager).getRepository(BulkImportEntity);
  }

  find(tx: EntityManager, institutionId: string, id: string): Promise<BulkImportEntity | null> {
    return this.repo(tx).findOneBy({ institutionId, id });
  }

  /** The latest imports of the institution, newest first. */
  latest(tx: EntityManager, institutionId: string, limit: number): Promise<BulkImportEntity[]> {
    return this.repo(tx).find({ where: { institutionId }, order: { createdAt: 'DESC', id: 'ASC' }, take: limit });
  }

  async insert(
    tx: EntityManager,
    row: Pick<BulkImportEntity, 'id' | 'institutionId' | 'courseId' | 'createdBy' | 'storageKey'>,
  ): Promise<void> {
    await this.repo(tx).insert(row);
  }

  /** The import, locked until the transaction ends (batches of one import are counted one at a time). */
  lock(tx: EntityManager, id: string): Promise<BulkImportEntity | null> {
    return this.repo(tx).createQueryBuilder('b').setLock('pessimistic_write').where('b.id = :id', { id }).getOne();
  }

  /** The import failed before it started, with why in row 0. */
  async failUnstarted(tx: EntityManager, id: string, errors: unknown[]): Promise<void> {
    await this.repo(tx).update({ id }, { status: 'failed', finishedAt: () => 'now()', errors: errors as BulkImportEntity['errors'] });
  }

  /** Whether the course is the institution's own. */
  ownsCourse(tx: EntityManager, institutionId: string, courseId: string): Promise<boolean> {
    return tx.getRepository(CourseEntity).existsBy({ id: courseId, institutionId });
  }

  /**
   * Adds a batch's figures to the import and answers its status; a completed import stays
   * completed, the errors kept are the first `errorsKept`.
   * raw-sql: one atomic UPDATE whose every column depends on the row's current values (CASE on
   * status, jsonb concatenation capped with a jsonpath slice), under the import's lock.
   */
  async report(tx: EntityManager, id: string, r: BatchReport): Promise<BulkImportStatus> {
    const [rows] = (await tx.query(
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
      [id, r.status, r.fileRows, r.successful, r.unchanged, r.failed, JSON.stringify(r.errors), r.batch, r.errorsKept],
    )) as [{ status: BulkImportStatus }[], number];
    return rows[0]!.status;
  }

  /**
   * The people as identity answered, into the users read model (so the members list names them
   * before identity's events arrive); people already there are left as they are.
   * raw-sql: INSERT ... SELECT FROM jsonb_to_recordset ... ON CONFLICT DO NOTHING: a whole batch in one statement.
   */
  async rememberPeople(
    tx: EntityManager,
    people: readonly { user_id: string; name: string; email: string; role: string }[],
  ): Promise<void> {
    await tx.query(
      `INSERT INTO users (id, name, email, role) SELECT r.user_id, r.name, r.email, r.role FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, name text, email text, role text)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(people)],
    );
  }

  /**
   * Makes the people members of the institution, added by the import; people already members
   * are left as they are. Answers the new members' ids.
   * raw-sql: INSERT ... SELECT FROM jsonb_to_recordset ... ON CONFLICT DO NOTHING RETURNING: a whole batch in one atomic statement.
   */
  async addMembers(
    tx: EntityManager,
    institutionId: string,
    addedBy: string,
    importId: string,
    people: readonly { user_id: string; member_type: string }[],
  ): Promise<string[]> {
    const rows = (await tx.query(
      `INSERT INTO members (id, institution_id, user_id, member_type, portal_role, added_by, import_id)
       SELECT gen_random_uuid(), $1, r.user_id, r.member_type, CASE r.member_type WHEN 'faculty' THEN 'instructor' ELSE 'learner' END, $2, $3
         FROM jsonb_to_recordset($4::jsonb) AS r(user_id uuid, member_type text)
       ON CONFLICT (institution_id, user_id) DO NOTHING RETURNING id`,
      [institutionId, addedBy, importId, JSON.stringify(people)],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }
}
