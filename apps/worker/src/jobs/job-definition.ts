import type { RpcClient } from '@lp/bus';
import type { FileStore } from '@lp/storage';
import type { JobData, JobResult, JobType, ServiceName } from '@lp/contracts';
import type { Logger } from '@lp/service-kit';
import type { Mailer } from '../mail/mailer.js';
import type { PushSender } from '../push/push-sender.js';

/** What every job may use; built once by the worker module. */
export interface JobDeps {
  rpc: RpcClient;
  files: FileStore;
  exportServices: readonly ServiceName[];
  exportServiceTimeoutMs: number;
  mailer: Mailer;
  /** absent when the VAPID keys are not set (outside production only) */
  push?: PushSender | null;
  now: () => Date;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run, then 2, 3 ... on retries */
  attempt: number;
  requestId: string;
  log: Logger;
  /** tells whoever waits how far the job is, 0-100 */
  reportProgress: (percent: number) => Promise<void>;
  deps: JobDeps;
}

/**
 * The worker's half of a job type declared in libs/contracts (JOBS): the type gives the
 * queue, name, version, data and result schemas (and a schedule, for the worker's own
 * jobs); this adds the handler. A new job is one file exporting one of these, listed in
 * job-registry.ts. Retries and backoff are the producer's, from the same declaration.
 */
export interface JobDefinition<T extends JobType = JobType> {
  type: T;
  handle(data: JobData<T>, ctx: JobContext): Promise<JobResult<T>>;
}

export function defineJob<T extends JobType>(type: T, handle: JobDefinition<T>['handle']): JobDefinition<T> {
  return { type, handle };
}
