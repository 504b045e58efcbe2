import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { AppError, billingInternal } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore } from '@lp/storage';
import type { JobContext } from './job-definition.js';
import { withdrawalPayoutJob } from './withdrawal-payout.job.js';
import type { Mailer } from '../mail/mailer.js';

const TX = '8d0e4ff4-3b9b-4b43-a36f-1cf1c3f53a21';

function context(answer: (subject: string, payload: unknown) => unknown) {
  const calls: Array<{ subject: string; payload: unknown; requestId: string | undefined }> = [];
  const rpc = {
    async request(subject: string, payload: unknown, ctx?: { requestId?: string }) {
      calls.push({ subject, payload, requestId: ctx?.requestId });
      return answer(subject, payload);
    },
  } as unknown as RpcClient;
  const ctx: JobContext = {
    jobId: TX,
    attempt: 1,
    requestId: 'req-1',
    log: pino({ level: 'silent' }),
    reportProgress: async () => undefined,
    deps: { rpc, files: new MemoryFileStore(), exportServices: [], exportServiceTimeoutMs: 1, mailer: {} as Mailer, now: () => new Date() },
  };
  return { ctx, calls };
}

describe('withdrawal payout job', () => {
  it("asks billing to settle the withdrawal and answers billing's outcome", async () => {
    const { ctx, calls } = context(() => ({ status: 'completed' }));
    expect(await withdrawalPayoutJob.handle({ transaction_id: TX }, ctx)).toEqual({ status: 'completed' });
    expect(calls).toEqual([{ subject: billingInternal.processWithdrawal.subject, payload: { transaction_id: TX }, requestId: 'req-1' }]);
  });

  it('answers a payout already done as billing says it (a retried job changes nothing)', async () => {
    const { ctx } = context(() => ({ status: 'already_done' }));
    expect(await withdrawalPayoutJob.handle({ transaction_id: TX }, ctx)).toEqual({ status: 'already_done' });
  });

  it('fails, so BullMQ retries it, when billing does not answer or answers outside the contract', async () => {
    const down = context(() => {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The billing service is not available right now.');
    });
    await expect(withdrawalPayoutJob.handle({ transaction_id: TX }, down.ctx)).rejects.toMatchObject({ status: 503 });
    const odd = context(() => ({ status: 'maybe' }));
    await expect(withdrawalPayoutJob.handle({ transaction_id: TX }, odd.ctx)).rejects.toThrow();
  });

  it('validates its data with the contract schema', () => {
    expect(withdrawalPayoutJob.type.data.safeParse({ transaction_id: TX }).success).toBe(true);
    expect(withdrawalPayoutJob.type.data.safeParse({}).success).toBe(false);
  });
});
