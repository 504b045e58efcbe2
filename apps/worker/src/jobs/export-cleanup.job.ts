import { JOBS } from '@lp/contracts';
import { defineJob } from './job-definition.js';

/** A data export holds everything about a person: it is kept a day, long enough to download it. */
export const EXPORT_RETENTION_MS = 24 * 3600 * 1000;

/** Deletes export files older than the retention (scheduled hourly by the job type). */
export const exportCleanupJob = defineJob(JOBS.exportCleanup, async (_data, ctx) => {
  const before = new Date(ctx.deps.now().getTime() - EXPORT_RETENTION_MS);
  const removed = await ctx.deps.files.removeOlderThan('exports', before);
  if (removed) ctx.log.info({ removed }, 'old data exports deleted');
  return { removed };
});
