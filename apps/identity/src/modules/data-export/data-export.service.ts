import { Inject, Injectable } from '@nestjs/common';
import { identityRoutes, type FileRef, type PendingWork } from '@lp/contracts';
import { Clock, Handles, currentCaller, currentRequestId } from '@lp/service-kit';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersService } from '../users/users.service.js';
import { DataExportQueue } from './data-export.queue.js';

/** One export per user and hour: asking again within it answers the same export, never a second one. */
const EXPORT_WINDOW_MS = 3600 * 1000;
/** how long a request waits for a quick export before it answers 202 with the progress */
const QUICK_WAIT_MS = 1500;

export const exportJobId = (userId: string, now: Date): string => `${userId}_${Math.floor(now.getTime() / EXPORT_WINDOW_MS)}`;

/**
 * "Download my data": a worker job gathers every service's part into one file. A request
 * never waits on it for long: the file when it is ready (at once, for a quick export),
 * else 202 with the job's progress; the browser asks again.
 */
@Injectable()
export class DataExportService {
  constructor(
    @Inject(DataExportQueue) private readonly queue: DataExportQueue,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(identityRoutes.exportData)
  async export(): Promise<FileRef | { pending: PendingWork }> {
    const userId = currentCaller().userId;
    await this.users.activeUser(userId);
    const job = await this.queue.add({ user_id: userId, request_id: currentRequestId() }, exportJobId(userId, this.clock.now()));
    let outcome: Awaited<ReturnType<DataExportQueue['settle']>>;
    try {
      outcome = await this.queue.settle(job, QUICK_WAIT_MS);
    } catch {
      throw identityErrors.exportFailed();
    }
    if ('pending' in outcome) {
      const { status, progress } = outcome.pending;
      return { pending: { status, progress, retry_after: 2, message: `Gathering your data: ${progress}%` } };
    }
    return { storage_key: outcome.done.storage_key, filename: outcome.done.filename, content_type: 'application/json' };
  }
}
