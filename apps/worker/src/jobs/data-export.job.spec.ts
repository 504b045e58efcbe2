import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { AppError, type ServiceName } from '@lp/contracts';
import type { RpcClient } from '@lp/bus';
import { MemoryFileStore as MemoryFiles } from '@lp/storage';
import { buildExportDocument, dataExportJob, exportFilename, exportKey } from './data-export.job.js';
import type { JobContext } from './job-definition.js';
import type { Mailer } from '../mail/mailer.js';

type Answer = Record<string, unknown> | AppError;

function context(answers: Partial<Record<ServiceName, Answer>>, services: ServiceName[], files = new MemoryFiles()) {
  const asked: string[] = [];
  const rpc = {
    async request(subject: string) {
      asked.push(subject);
      const service = subject.split('.')[0] as ServiceName;
      const a = answers[service];
      if (!a) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'not running');
      if (a instanceof AppError) throw a;
      return { service, data: a };
    },
  } as unknown as RpcClient;
  const progress: number[] = [];
  const ctx: JobContext = {
    jobId: '42',
    attempt: 1,
    requestId: 'req-1',
    log: pino({ level: 'silent' }),
    reportProgress: async (p) => void progress.push(p),
    deps: {
      rpc,
      files,
      exportServices: services,
      exportServiceTimeoutMs: 1000,
      mailer: {} as Mailer,
      now: () => new Date('2026-03-04T05:06:07Z'),
    },
  };
  return { ctx, files, asked, progress };
}

const userId = '8d0e4ff4-3b9b-4b43-a36f-1cf1c3f53a11';

describe('data export job', () => {
  it('asks every service for its part and writes one JSON document under the job id', async () => {
    const { ctx, files, asked } = context({ identity: { profile: { email: 'ada@example.com' } } }, ['identity']);
    const result = await dataExportJob.handle({ user_id: userId }, ctx);
    expect(result).toEqual({ storage_key: `exports/${userId}/42.json`, filename: 'learnhub-data-2026-03-04.json' });
    expect(asked).toEqual(['identity.system.export-user-data']);
    const doc = JSON.parse(files.text(result.storage_key)!);
    expect(doc).toEqual({
      exported_at: '2026-03-04T05:06:07.000Z',
      user_id: userId,
      services: { identity: { profile: { email: 'ada@example.com' } } },
      unavailable: [],
    });
  });

  it('records services that do not answer under unavailable, keeping the others; reports progress as they answer', async () => {
    const { ctx, files, progress } = context({ identity: { profile: {} }, billing: new AppError(504, 'SERVICE_TIMEOUT', 'slow') }, [
      'identity',
      'catalog',
      'billing',
    ]);
    const result = await dataExportJob.handle({ user_id: userId }, ctx);
    const doc = JSON.parse(files.text(result.storage_key)!);
    expect(Object.keys(doc.services)).toEqual(['identity']);
    expect(doc.unavailable).toEqual([
      { service: 'catalog', reason: 'SERVICE_UNAVAILABLE' },
      { service: 'billing', reason: 'SERVICE_TIMEOUT' },
    ]);
    expect(progress).toEqual([30, 60, 90]);
  });

  it('fails (to be retried) when no service hands over anything', async () => {
    const { ctx, files } = context({}, ['identity', 'catalog']);
    await expect(dataExportJob.handle({ user_id: userId }, ctx)).rejects.toThrow(/no service/);
    expect(files.files.size).toBe(0);
  });

  it('is idempotent: a retry of a job whose file exists answers the same key without asking again', async () => {
    const files = new MemoryFiles();
    await files.put(exportKey(userId, '42'), '{"done":true}');
    const { ctx, asked } = context({ identity: { profile: {} } }, ['identity'], files);
    const result = await dataExportJob.handle({ user_id: userId }, ctx);
    expect(result.storage_key).toBe(exportKey(userId, '42'));
    expect(asked).toEqual([]);
    expect(files.text(result.storage_key)).toBe('{"done":true}');
  });

  it('validates its data with the contract schema', () => {
    expect(dataExportJob.type.data.safeParse({ user_id: userId, request_id: 'r' }).success).toBe(true);
    expect(dataExportJob.type.data.safeParse({}).success).toBe(false);
  });
});

describe('export document helpers', () => {
  it('names files by the UTC date', () => {
    expect(exportFilename(new Date('2026-12-31T23:59:59Z'))).toBe('learnhub-data-2026-12-31.json');
  });
  it('builds an empty document when nothing is given', () => {
    expect(buildExportDocument(userId, [], new Date(0))).toEqual({
      exported_at: '1970-01-01T00:00:00.000Z',
      user_id: userId,
      services: {},
      unavailable: [],
    });
  });
});
