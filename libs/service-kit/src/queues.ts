import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { JobData, JobResult, JobType } from '@lp/contracts';
import type { BaseEnv } from './config.js';

/** BullMQ key prefix: `lp`, plus the run's bus prefix so test runs never share queues. */
export function queuePrefix(busPrefix: string): string {
  const scope = busPrefix.replace(/\.$/, '');
  return scope ? `lp:${scope}` : 'lp';
}

/**
 * The one way a service adds background jobs of a type declared in libs/contracts (JOBS):
 * the queue, the job's name and the retry policy come from the declaration, the data is
 * checked against its schema before it leaves, the result against its schema when it
 * comes back. A service declares `class XJobs extends JobProducer<typeof JOBS.x> {}` with
 * its env, so Nest opens and closes the queue with the module.
 */
export class JobProducer<T extends JobType> implements OnModuleInit, OnModuleDestroy {
  private queue: Queue | null = null;
  private events: QueueEvents | null = null;

  constructor(
    private readonly type: T,
    private readonly env: Pick<BaseEnv, 'REDIS_URL' | 'BUS_PREFIX'>,
  ) {}

  async onModuleInit(): Promise<void> {
    // BullMQ owns connections it creates from options and closes them with the queue.
    const connection = { url: this.env.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = queuePrefix(this.env.BUS_PREFIX);
    this.queue = new Queue(this.type.queue, { connection, prefix });
    this.events = new QueueEvents(this.type.queue, { connection, prefix });
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
    await this.queue?.close();
  }

  /**
   * Adds a job under `jobId` (the same id twice is one job); a job that failed for good is tried
   * again. `delayMs`: it runs no sooner (a notification held through the recipient's quiet hours).
   */
  async add(data: JobData<T>, jobId: string, delayMs = 0): Promise<Job> {
    const job = await this.ready().queue.add(this.type.name, this.type.data.parse(data), {
      ...this.type.options,
      jobId,
      ...(delayMs > 0 ? { delay: delayMs } : {}),
    });
    if ((await job.getState()) === 'failed') await job.retry('failed');
    return job;
  }

  /**
   * The job's result when it finishes within `waitMs`, else where it stands (its state and
   * the progress its handler reported); rejects when it failed for good.
   */
  async settle(
    job: Job,
    waitMs: number,
  ): Promise<{ done: JobResult<T> } | { pending: { status: 'queued' | 'running'; progress: number } }> {
    try {
      return { done: await this.waitFor(job, waitMs) };
    } catch (e) {
      const state = await job.getState();
      if (state === 'failed' || state === 'unknown') throw e;
      const fresh = await this.ready().queue.getJob(job.id!);
      if (state === 'completed' && fresh) return { done: this.type.result.parse(fresh.returnvalue) as JobResult<T> };
      const progress = typeof fresh?.progress === 'number' ? Math.max(0, Math.min(100, Math.round(fresh.progress))) : 0;
      return { pending: { status: state === 'active' ? 'running' : 'queued', progress } };
    }
  }

  /** The job's result; rejects when it failed for good, answered outside its schema, or `timeoutMs` passed. */
  async waitFor(job: Job, timeoutMs: number): Promise<JobResult<T>> {
    return this.type.result.parse(await job.waitUntilFinished(this.ready().events, timeoutMs)) as JobResult<T>;
  }

  /** Withdraws a job that has not run yet (waiting or delayed); answers whether one was withdrawn. A running or finished job stays. */
  async withdraw(jobId: string): Promise<boolean> {
    const job = await this.ready().queue.getJob(jobId);
    if (!job || (!(await job.isDelayed()) && !(await job.isWaiting()))) return false;
    await job.remove();
    return true;
  }

  private ready(): { queue: Queue; events: QueueEvents } {
    if (!this.queue || !this.events) throw new Error(`queue ${this.type.queue} used before module init`);
    return { queue: this.queue, events: this.events };
  }
}
