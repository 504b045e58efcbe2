import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FileRef, JOBS, JobResult } from '@lp/contracts';
import { ENV } from '@lp/service-kit';
import type { IdentityEnv } from '../../config/identity-env.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersService } from '../users/users.service.js';
import { DataExportQueue } from './data-export.queue.js';

/** "Download my data": a worker job gathers every service's part into one file; this waits for it. */
@Injectable()
export class DataExportService {
  constructor(
    @Inject(DataExportQueue) private readonly queue: DataExportQueue,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(ENV) private readonly env: IdentityEnv,
  ) {}

  async export(userId: string, requestId: string): Promise<FileRef> {
    await this.users.activeUser(userId);
    const job = await this.queue.add({ user_id: userId, request_id: requestId }, randomUUID());
    let result: JobResult<typeof JOBS.dataExport>;
    try {
      result = await this.queue.waitFor(job, this.env.EXPORT_TIMEOUT_MS);
    } catch {
      const state = await job.getState().catch(() => 'unknown');
      throw state === 'failed' || state === 'completed' ? identityErrors.exportFailed() : identityErrors.exportTimeout();
    }
    return { storage_key: result.storage_key, filename: result.filename, content_type: 'application/json' };
  }
}
