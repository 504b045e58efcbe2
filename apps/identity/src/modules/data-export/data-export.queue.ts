import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { QUEUES, type DataExportJob } from '@lp/contracts';
import type { z } from 'zod';
import type { IdentityEnv } from '../../config/identity-env.js';
import { ENV, queuePrefix } from '@lp/service-kit';

type ExportJobData = z.infer<typeof DataExportJob>;

/** Retries with backoff; the worker writes under the job id, so a retried job lands on the same file. */
const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;

/** Identity's side of the data-export queue: adds jobs and hears when they finish. */
@Injectable()
export class DataExportQueue implements OnModuleInit, OnModuleDestroy {
  private queue: Queue<ExportJobData> | null = null;
  private events: QueueEvents | null = null;

  constructor(@Inject(ENV) private readonly env: IdentityEnv) {}

  async onModuleInit(): Promise<void> {
    // BullMQ owns connections it creates from options and closes them with the queue.
    const connection = { url: this.env.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = queuePrefix(this.env.BUS_PREFIX);
    this.queue = new Queue<ExportJobData>(QUEUES.dataExport, { connection, prefix });
    this.events = new QueueEvents(QUEUES.dataExport, { connection, prefix });
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
    await this.queue?.close();
  }

  async add(jobId: string, data: ExportJobData): Promise<Job<ExportJobData>> {
    return this.ready().queue.add('data-export', data, { ...JOB_OPTIONS, jobId });
  }

  /** The job's return value; rejects when it failed for good or `timeoutMs` passed. */
  async waitFor(job: Job<ExportJobData>, timeoutMs: number): Promise<unknown> {
    return job.waitUntilFinished(this.ready().events, timeoutMs);
  }

  private ready(): { queue: Queue<ExportJobData>; events: QueueEvents } {
    if (!this.queue || !this.events) throw new Error('data export queue used before module init');
    return { queue: this.queue, events: this.events };
  }
}
