import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore } from '@lp/storage';
import { EXPORT_RETENTION_MS, exportCleanupJob } from './export-cleanup.job.js';
import type { JobContext } from './job-definition.js';
import type { Mailer } from '../mail/mailer.js';

describe('export cleanup job', () => {
  it('deletes exports written more than a day ago and keeps newer ones and other folders', async () => {
    let clock = new Date('2026-11-20T10:00:00Z');
    const files = new MemoryFileStore(() => clock);
    await files.put('exports/u1/old.json', '{}');
    await files.put('certificates/c1.pdf', '%PDF');
    clock = new Date(clock.getTime() + EXPORT_RETENTION_MS - 60_000);
    await files.put('exports/u1/recent.json', '{}');
    clock = new Date(clock.getTime() + 120_000);
    const ctx = {
      jobId: 'j',
      attempt: 1,
      requestId: 'r',
      log: pino({ level: 'silent' }),
      reportProgress: async () => undefined,
      deps: { rpc: {} as RpcClient, files, exportServices: [], exportServiceTimeoutMs: 1, mailer: {} as Mailer, now: () => clock },
    } as JobContext;
    expect(await exportCleanupJob.handle({}, ctx)).toEqual({ removed: 1 });
    expect([...files.files.keys()].sort()).toEqual(['certificates/c1.pdf', 'exports/u1/recent.json']);
  });
});
