import type { z } from 'zod';
import type { BulkImportSchema } from '@lp/contracts';
import type { BulkImportEntity } from '../../entities/bulk-import.entity.js';

type BulkImport = z.infer<typeof BulkImportSchema>;

/** An import as the API shows it (the job's id is the import's). */
export const toImport = (r: BulkImportEntity): BulkImport => ({
  job_id: r.id,
  status: r.status,
  file_rows: r.fileRows,
  processed: r.processed,
  successful: r.successful,
  failed: r.failed,
  unchanged: r.unchanged,
  errors: r.errors,
  course_id: r.courseId,
  created_at: new Date(r.createdAt).toISOString(),
  finished_at: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
});
