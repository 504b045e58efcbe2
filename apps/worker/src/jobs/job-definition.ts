import type { z } from 'zod';
import type { RpcClient } from '@lp/bus';
import type { FileStore } from '@lp/storage';
import type { ServiceName } from '@lp/contracts';
import type { Logger } from '@lp/service-kit';

/** What every job may use; built once by the worker module. */
export interface JobDeps {
  rpc: RpcClient;
  files: FileStore;
  exportServices: readonly ServiceName[];
  exportServiceTimeoutMs: number;
  now: () => Date;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run, then 2, 3 ... on retries */
  attempt: number;
  requestId: string;
  log: Logger;
  deps: JobDeps;
}

/**
 * One kind of background job: the queue it consumes, the zod schema of its data and
 * its handler. A new job is one file exporting one of these, listed in job-registry.ts.
 * Retries and backoff are set by the producer when it adds the job.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  /** a name of QUEUES (frozen: renaming a queue strands its jobs) */
  queue: string;
  /** dotted id for logs, e.g. `user.data-export` */
  name: string;
  version: number;
  schema: S;
  /** a job the worker schedules itself, every `everyMs` (one schedule however many workers run) */
  schedule?: { everyMs: number; data: z.input<S> };
  handle(data: z.infer<S>, ctx: JobContext): Promise<R>;
}

export function defineJob<S extends z.ZodType, R>(def: JobDefinition<S, R>): JobDefinition<S, R> {
  return def;
}
