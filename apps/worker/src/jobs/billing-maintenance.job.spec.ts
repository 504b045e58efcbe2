import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { AppError, JOBS, billingInternal } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore } from '@lp/storage';
import { MAINTENANCE_TIMEOUT_MS } from './billing-maintenance.js';
import type { JobContext, JobDefinition } from './job-definition.js';
import { paymentExpiryJob } from './payment-expiry.job.js';
import { paymentReverifyJob } from './payment-reverify.job.js';
import { subscriptionRenewalJob } from './subscription-renewal.job.js';
import type { Mailer } from '../mail/mailer.js';

function context(answer: () => unknown) {
  const calls: Array<{ subject: string; payload: unknown; requestId: string | undefined; timeoutMs: number | undefined }> = [];
  const rpc = {
    async request(subject: string, payload: unknown, ctx?: { requestId?: string; timeoutMs?: number }) {
      calls.push({ subject, payload, requestId: ctx?.requestId, timeoutMs: ctx?.timeoutMs });
      return answer();
    },
  } as unknown as RpcClient;
  const ctx: JobContext = {
    jobId: 'repeat:1',
    attempt: 1,
    requestId: 'req-2',
    log: pino({ level: 'silent' }),
    reportProgress: async () => undefined,
    deps: { rpc, files: new MemoryFileStore(), exportServices: [], exportServiceTimeoutMs: 1, mailer: {} as Mailer, now: () => new Date() },
  };
  return { ctx, calls };
}

const sweeps: Array<[string, JobDefinition, string]> = [
  ['payment expiry', paymentExpiryJob as JobDefinition, billingInternal.expirePending.subject],
  ['payment re-verification', paymentReverifyJob as JobDefinition, billingInternal.reverifyPending.subject],
  ['subscription renewal', subscriptionRenewalJob as JobDefinition, billingInternal.renewSubscriptions.subject],
];

describe.each(sweeps)('%s job', (_name, job, subject) => {
  it("asks billing's sweep once, with the job's request id and a sweep's time, and answers what it changed", async () => {
    const { ctx, calls } = context(() => ({ processed: 3 }));
    expect(await job.handle({}, ctx)).toEqual({ processed: 3 });
    expect(calls).toEqual([{ subject, payload: {}, requestId: 'req-2', timeoutMs: MAINTENANCE_TIMEOUT_MS }]);
  });

  it('fails when billing does not answer (the next scheduled run tries again)', async () => {
    const { ctx } = context(() => {
      throw new AppError(504, 'SERVICE_TIMEOUT', 'The billing service did not answer in time.');
    });
    await expect(job.handle({}, ctx)).rejects.toMatchObject({ status: 504 });
  });

  it('is one of the scheduled job types', () => {
    expect(job.type.schedule).toBeDefined();
    expect(job.type.data.safeParse(job.type.schedule!.data).success).toBe(true);
  });
});

describe('billing schedules', () => {
  it('renews subscriptions every 10 minutes, expires payments every minute and re-verifies every 2', () => {
    expect(JOBS.subscriptionRenewal.schedule?.everyMs).toBe(600_000);
    expect(JOBS.paymentExpiry.schedule?.everyMs).toBe(60_000);
    expect(JOBS.paymentReverify.schedule?.everyMs).toBe(120_000);
  });
});
