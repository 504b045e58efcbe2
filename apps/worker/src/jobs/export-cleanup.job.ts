import { z } from 'zod';
import { QUEUES } from '@lp/contracts';
import { defineJob } from './job-definition.js';

/** A data export holds everything about a person: it is kept a day, long enough to download it. */
export const EXPORT_RETENTION_MS = 24 * 3600 * 1000;

/** Deletes export files older than the retention, hourly. */
export const exportCleanupJob = defineJob({
  queue: QUEUES.exportCleanup,
  name: 'user.data-export-cleanup',
  version: 1,
  schema: z.object({}),
  schedule: { everyMs: 3600 * 1000, data: {} },
  async handle(_data, ctx) {
    const before = new Date(ctx.deps.now().getTime() - EXPORT_RETENTION_MS);
    const removed = await ctx.deps.files.removeOlderThan('exports', before);
    if (removed) ctx.log.info({ removed }, 'old data exports deleted');
    return { removed };
  },
});
