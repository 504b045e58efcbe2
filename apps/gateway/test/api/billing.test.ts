import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestService, type TestService } from '@lp/testing';
import { BillingModule } from '../../../billing/src/app.module.js';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/** Billing through the gateway: the route table maps /api/billing/*, the guard and the error shape hold. */
let stack: Stack;
let svc: TestService;
beforeAll(async () => {
  stack = await startStack();
  svc = await startTestService(BillingModule.create(stack.env), stack.env);
}, 180_000);
afterAll(async () => {
  await svc.stop();
  await stack.stop();
});

describe('/api/billing', () => {
  it('creates and lists the signed-in user\'s items, refuses a stranger and bad input in the error shape', async () => {
    const reg = await stack.api<{ token: string }>('POST', '/auth/register', { body: { name: 'Item Owner', email: uniqueEmail('billing'), password: 'secret-pass-1', role: 'learner' } });
    expect(reg.status).toBe(201);
    const token = reg.body.token;
    const created = await stack.api<{ id: string; title: string }>('POST', '/billing/items', { token, body: { title: 'Hello' } });
    expect([created.status, created.body.title]).toEqual([201, 'Hello']);
    const list = await stack.api<Array<{ id: string }>>('GET', '/billing/items', { token });
    expect([list.status, list.body.map((i) => i.id)]).toEqual([200, [created.body.id]]);
    const anonymous = await stack.api('GET', '/billing/items');
    expect([anonymous.status, anonymous.body]).toEqual([401, expect.objectContaining({ code: 'UNAUTHENTICATED', errors: [] })]);
    const blank = await stack.api('POST', '/billing/items', { token, body: { title: '' } });
    expect([blank.status, Object.keys(blank.body as object)]).toEqual([400, ['detail', 'code', 'errors']]);
  });

  it('is reported on /api/health', async () => {
    const res = await stack.api<{ services: Record<string, { status: string }> }>('GET', '/health');
    expect(res.body.services.billing).toMatchObject({ status: 'ok' });
  });
});
