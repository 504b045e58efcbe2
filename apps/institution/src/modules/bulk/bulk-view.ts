import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { queryRows } from '@lp/service-kit';
import type { BulkImportSchema } from '@lp/contracts';
import type { BulkImportStatus, BulkRowError } from '../../entities/bulk-import.entity.js';

type BulkImport = z.infer<typeof BulkImportSchema>;

interface Row {
  id: string;
  status: BulkImportStatus;
  file_rows: number | null;
  processed: number;
  successful: number;
  failed: number;
  unchanged: number;
  errors: BulkRowError[];
  course_id: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const toImport = (r: Row): BulkImport => ({
  job_id: r.id,
  status: r.status,
  file_rows: r.file_rows,
  processed: r.processed,
  successful: r.successful,
  failed: r.failed,
  unchanged: r.unchanged,
  errors: r.errors,
  course_id: r.course_id,
  created_at: new Date(r.created_at).toISOString(),
  finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

const SELECT = `SELECT id, status, file_rows, processed, successful, failed, unchanged, errors, course_id, created_at, finished_at FROM bulk_imports`;

export async function importView(tx: EntityManager, institutionId: string, importId: string): Promise<BulkImport | null> {
  const [r] = await queryRows<Row>(tx, `${SELECT} WHERE institution_id = $1 AND id = $2`, [institutionId, importId]);
  return r ? toImport(r) : null;
}

/** the latest imports of the institution, newest first */
export async function importList(tx: EntityManager, institutionId: string, limit: number): Promise<BulkImport[]> {
  return (
    await queryRows<Row>(tx, `${SELECT} WHERE institution_id = $1 ORDER BY created_at DESC, id LIMIT $2`, [institutionId, limit])
  ).map(toImport);
}
