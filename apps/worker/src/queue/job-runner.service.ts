import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { ENV, LOGGER, type Logger } from '@lp/service-kit';
import type { WorkerEnv } from '../config/worker-env.js';
import { queuePrefix } from '@lp/service-kit';
import type { JobDefinition, JobDeps } from '../jobs/job-definition.js';
import { retryAfterBackoff } from './retry-after-backoff.js';
import { JOB_DEPS, JOB_REGISTRY } from './tokens.js';

/** One BullMQ Worker per registered job; each job's data is validated before its handler runs. */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(JOB_REGISTRY) private readonly jobs: readonly JobDefinition[],
    @Inject(JOB_DEPS) private readonly deps: JobDeps,
    @Inject(ENV) private readonly env: WorkerEnv,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const def of this.jobs) {
      // BullMQ owns connections it creates from options and closes them with the worker.
      const worker = new Worker(def.type.queue, (job: Job) => this.run(def, job), {
        connection: { url: this.env.REDIS_URL, maxRetriesPerRequest: null },
        prefix: queuePrefix(this.env.BUS_PREFIX),
        concurrency: this.env.WORKER_CONCURRENCY,
        settings: { backoffStrategy: retryAfterBackoff },
      });
      worker.on('failed', (job, err) =>
        this.log.warn({ job: def.type.name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed'),
      );
      worker.on('error', (err) => this.log.error({ job: def.type.name, err }, 'worker error'));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    await this.schedule();
    this.log.info({ jobs: this.jobs.map((j) => j.type.name) }, 'worker ready');
  }

  async onModuleDestroy(): Promise<void> {
    // waits for running jobs, while NATS (closed later by the kit) still serves their calls
    await Promise.all(this.workers.map((w) => w.close()));
  }

  /** Upserting by the job's name keeps one schedule however many workers start. */
  private async schedule(): Promise<void> {
    for (const { type } of this.jobs) {
      if (!type.schedule) continue;
      const queue = new Queue(type.queue, {
        connection: { url: this.env.REDIS_URL, maxRetriesPerRequest: null },
        prefix: queuePrefix(this.env.BUS_PREFIX),
      });
      try {
        await queue.upsertJobScheduler(
          type.name,
          { every: type.schedule.everyMs },
          { name: type.name, data: type.schedule.data, opts: type.options },
        );
      } finally {
        await queue.close();
      }
    }
  }

  private async run(def: JobDefinition, job: Job): Promise<unknown> {
    const { type } = def;
    const parsed = type.data.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid data for job ${type.name}`);
    const data = parsed.data as { request_id?: string };
    const requestId = data.request_id ?? randomUUID();
    const jobId = job.id ?? randomUUID();
    const log = this.log.child({ job: type.name, jobId, requestId });
    const reportProgress = (percent: number) => job.updateProgress(Math.max(0, Math.min(100, Math.round(percent))));
    return type.result.parse(
      await def.handle(parsed.data, { jobId, attempt: job.attemptsMade + 1, requestId, log, reportProgress, deps: this.deps }),
    );
  }
}
