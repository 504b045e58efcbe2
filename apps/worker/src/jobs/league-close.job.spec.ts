import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { AppError, JOBS, gamificationInternal } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore } from '@lp/storage';
import { MAINTENANCE_TIMEOUT_MS } from './billing-maintenance.js';
import type { JobContext } from './job-definition.js';
import { leagueCloseJob } from './league-close.job.js';
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
    requestId: 'req-7',
    log: pino({ level: 'silent' }),
    reportProgress: async () => undefined,
    deps: { rpc, files: new MemoryFileStore(), exportServices: [], exportServiceTimeoutMs: 1, mailer: {} as Mailer, now: () => new Date() },
  };
  return { ctx, calls };
}

describe('league close job', () => {
  const reply = { week_start: '2026-11-15T21:00:00.000Z', leagues_closed: 4, promoted: 20, demoted: 11 };

  it("asks gamification's close-week once, with the job's request id and a sweep's time, and answers its figures", async () => {
    const { ctx, calls } = context(() => reply);
    expect(await leagueCloseJob.handle({}, ctx)).toEqual(reply);
    expect(calls).toEqual([
      { subject: gamificationInternal.closeWeek.subject, payload: {}, requestId: 'req-7', timeoutMs: MAINTENANCE_TIMEOUT_MS },
    ]);
  });

  it('fails when gamification does not answer (the next hourly run tries again)', async () => {
    const { ctx } = context(() => {
      throw new AppError(504, 'SERVICE_TIMEOUT', 'The gamification service did not answer in time.');
    });
    await expect(leagueCloseJob.handle({}, ctx)).rejects.toMatchObject({ status: 504 });
  });

  it('refuses an answer that is not a close-week reply', async () => {
    const { ctx } = context(() => ({ processed: 1 }));
    await expect(leagueCloseJob.handle({}, ctx)).rejects.toThrow();
  });

  it('is scheduled every hour (the close is idempotent, so the extra runs change nothing)', () => {
    expect(JOBS.leagueClose.schedule?.everyMs).toBe(3_600_000);
    expect(gamificationInternal.closeWeek.callers).toEqual(['worker']);
  });
});
