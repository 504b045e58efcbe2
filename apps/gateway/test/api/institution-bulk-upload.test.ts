import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { z } from 'zod';
import { identityInternal, type BulkImportSchema, type Institution } from '@lp/contracts';
import { connectBus, RpcClient } from '@lp/bus';
import { enterSystemScope } from '../../../institution/src/common/tenancy.js';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Bulk CSV enrollment through the gateway with every service and the worker running: a file
 * larger than the 1 MiB JSON body limit goes as a multipart upload (the gateway stores it, the
 * institution service checks its header and moves it to the import, the worker imports it);
 * the base64 JSON body still works for small files; one way only, and a refused upload leaves
 * no file behind.
 */
jest.setTimeout(240_000);

type BulkImport = z.infer<typeof BulkImportSchema>;
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };
type Auth = { token: string; user: { id: string; email: string } };
const PASSWORD = 'secret-pass-1';
const ROWS = 30_000;

let stack: Stack;
let closeBus: () => Promise<void>;
let owner: Auth;
let mine: Institution;

const register = async (role: 'institution' | 'learner', tag: string): Promise<Auth> => {
  const res = await stack.api<Auth>('POST', '/auth/register', {
    body: { name: `Bulk ${tag}`, email: uniqueEmail(tag), password: PASSWORD, role },
  });
  expect(res.status).toBe(201);
  return res.body;
};

/** what the gateway stored from multipart bodies and nobody took (a refused or taken upload leaves nothing) */
const leftUploads = async (): Promise<string[]> => readdir(join(stack.env.STORAGE_DIR!, 'uploads')).catch(() => []);

const csvForm = (csv: string, fields: Record<string, string> = {}): FormData => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
  return form;
};

async function finished(jobId: string): Promise<BulkImport> {
  for (let i = 0; i < 900; i++) {
    const res = await stack.api<BulkImport>('GET', `/institutions/${mine.id}/members/bulk/${jobId}`, { token: owner.token });
    expect(res.status).toBe(200);
    if (res.body.status === 'completed' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the import did not finish');
}

beforeAll(async () => {
  stack = await startStack();
  const nc = await connectBus({ url: stack.env.NATS_URL!, prefix: stack.env.BUS_PREFIX!, name: 'api-test-bulk' });
  const bus = new RpcClient(nc, stack.env.BUS_PREFIX!);
  closeBus = () => nc.drain();
  owner = await register('institution', 'bulk-owner');
  const made = await stack.api<Institution>('POST', '/institutions/onboard', {
    token: owner.token,
    body: { name: 'Bulk Upload Academy', subdomain: `bulk-${Date.now().toString(36)}`, contact_email: 'office@bulk.test' },
  });
  expect(made.status).toBe(201);
  mine = made.body;
  const adminEmail = uniqueEmail('bulk-admin');
  await bus.request(
    identityInternal.ensureUser.subject,
    { email: adminEmail, name: 'Ada Admin', password: PASSWORD, role: 'admin' },
    { requestId: 'api-test' },
  );
  const admin = await stack.api<Auth>('POST', '/auth/login', { body: { email: adminEmail, password: PASSWORD } });
  const verified = await stack.api<Institution>('POST', `/admin/institutions/${mine.id}/verify`, {
    token: admin.body.token,
    body: { status: 'verified' },
  });
  expect(verified.status).toBe(200);
  // room for every row: the free tier stops at 100 students (an upgrade is a payment, not what this tests)
  await stack.institution.ds.transaction(async (tx) => {
    await enterSystemScope(tx);
    await tx.query(`UPDATE institutions SET tier_name = 'enterprise' WHERE id = $1`, [mine.id]);
  });
}, 180_000);
afterAll(async () => {
  await closeBus?.();
  await stack?.stop();
}, 60_000);

describe('POST /api/institutions/{id}/members/bulk', () => {
  it(`imports a ${ROWS.toLocaleString('en')}-row CSV larger than the 1 MiB body limit, sent as a multipart upload`, async () => {
    const tag = Date.now().toString(36);
    const lines = ['email,name,role'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(`person${i}.${tag}@bulk-upload.test,Bulk Person ${i},${i % 20 === 0 ? 'faculty' : 'student'}`);
    const csv = `${lines.join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1_048_576);

    // base64 in JSON cannot carry it: the gateway's body limit answers first
    const asJson = await stack.api<ErrorBody>('POST', `/institutions/${mine.id}/members/bulk`, {
      token: owner.token,
      body: { csv_data: Buffer.from(csv).toString('base64') },
    });
    expect(asJson.status).toBe(413);

    const started = await stack.api<BulkImport>('POST', `/institutions/${mine.id}/members/bulk`, {
      token: owner.token,
      raw: csvForm(csv, { course_id: '' }),
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', course_id: null });
    // the upload became the import's file (moved, not left under uploads/)
    expect(await leftUploads()).toEqual([]);

    const done = await finished(started.body.job_id);
    expect(done).toMatchObject({ status: 'completed', file_rows: ROWS, processed: ROWS, successful: ROWS, failed: 0, errors: [] });
    const members = await stack.api<{ total: number }>('GET', `/institutions/${mine.id}/members?limit=1`, { token: owner.token });
    expect(members.body.total).toBeGreaterThanOrEqual(ROWS);
    // the file with people's e-mails is gone once the import is done
    expect(await readdir(join(stack.env.STORAGE_DIR!, 'imports', mine.id)).catch(() => [])).toEqual([]);
  });

  it('still takes a small file base64 in a JSON body', async () => {
    const csv = `email,name,role\njson.${Date.now().toString(36)}@bulk-upload.test,Json Person,student\n`;
    const started = await stack.api<BulkImport>('POST', `/institutions/${mine.id}/members/bulk`, {
      token: owner.token,
      body: { csv_data: Buffer.from(csv).toString('base64'), course_id: null },
    });
    expect(started.status).toBe(202);
    expect(await finished(started.body.job_id)).toMatchObject({ status: 'completed', successful: 1, failed: 0 });
  });

  it('refuses a file sent both ways, or none, and a bad header, leaving no upload behind', async () => {
    const csv = 'email,name,role\nboth@bulk-upload.test,Both,student\n';
    const both = await stack.api<ErrorBody>('POST', `/institutions/${mine.id}/members/bulk`, {
      token: owner.token,
      raw: csvForm(csv, { csv_data: Buffer.from(csv).toString('base64') }),
    });
    expect([both.status, both.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(both.body.errors).toEqual([
      { path: 'file', message: 'Send the CSV file once: either as a file upload or as csv_data, not both' },
    ]);

    const none = await stack.api<ErrorBody>('POST', `/institutions/${mine.id}/members/bulk`, { token: owner.token, body: {} });
    expect([none.status, none.body.errors.map((e) => e.path)]).toEqual([400, ['file']]);

    const badHeader = await stack.api<ErrorBody>('POST', `/institutions/${mine.id}/members/bulk`, {
      token: owner.token,
      raw: csvForm('name,role\nJane,student\n'),
    });
    expect([badHeader.status, badHeader.body.code]).toEqual([422, 'CSV_INVALID']);
    expect(await leftUploads()).toEqual([]);
  });
});
