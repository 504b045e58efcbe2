import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { CATALOG_QUEUES, type CertificateJobData } from '@lp/contracts';
import { ENV, queuePrefix } from '@lp/service-kit';
import type { CatalogEnv } from '../../config/catalog-env.js';

/** Retries with backoff; the job id is the certificate id, so queueing twice runs it once. */
const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Catalog's side of the certificates queue: adds render jobs and hears when they finish. */
@Injectable()
export class CertificateQueue implements OnModuleInit, OnModuleDestroy {
  private queue: Queue<CertificateJobData> | null = null;
  private events: QueueEvents | null = null;

  constructor(@Inject(ENV) private readonly env: CatalogEnv) {}

  async onModuleInit(): Promise<void> {
    // BullMQ owns connections it creates from options and closes them with the queue.
    const connection = { url: this.env.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = queuePrefix(this.env.BUS_PREFIX);
    this.queue = new Queue<CertificateJobData>(CATALOG_QUEUES.certificates, { connection, prefix });
    this.events = new QueueEvents(CATALOG_QUEUES.certificates, { connection, prefix });
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
    await this.queue?.close();
  }

  /** Queues the render of one certificate; a job that failed for good is retried. */
  async add(data: CertificateJobData): Promise<Job<CertificateJobData>> {
    const { queue } = this.ready();
    const job = await queue.add('certificate.render', data, { ...JOB_OPTIONS, jobId: data.certificate_id });
    if ((await job.getState()) === 'failed') await job.retry('failed');
    return job;
  }

  /** Resolves when the job finished (rejects when it failed or `timeoutMs` passed). */
  async waitFor(job: Job<CertificateJobData>, timeoutMs: number): Promise<unknown> {
    return job.waitUntilFinished(this.ready().events, timeoutMs);
  }

  private ready(): { queue: Queue<CertificateJobData>; events: QueueEvents } {
    if (!this.queue || !this.events) throw new Error('certificate queue used before module init');
    return { queue: this.queue, events: this.events };
  }
}
