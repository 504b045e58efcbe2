import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/** Browser Web Push's three routes through the gateway: guards, validation in the error shape, and what a subscription does. */
let stack: Stack;
let ann: string;
let ben: string;

const register = async (name: string): Promise<string> => {
  const reg = await stack.api<{ token: string }>('POST', '/auth/register', {
    body: { name, email: uniqueEmail('push'), password: 'secret-pass-1', role: 'learner' },
  });
  expect(reg.status).toBe(201);
  return reg.body.token;
};

/** A PushSubscription's JSON as a browser gives it; the endpoint on this machine, as the contract allows outside production. */
const subscription = (endpoint = `http://127.0.0.1:9/push/${randomUUID()}`) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

interface Problem {
  code: string;
  detail: string;
  errors: Array<{ path: string; message: string }>;
}

beforeAll(async () => {
  stack = await startStack();
  ann = await register('Ann Push');
  ben = await register('Ben Push');
}, 180_000);
afterAll(async () => {
  await stack.stop();
}, 60_000);

describe('/api/notifications/push', () => {
  it('refuses strangers (401) on all three routes', async () => {
    for (const [method, path, body] of [
      ['GET', '/notifications/push/public-key', undefined],
      ['POST', '/notifications/push/subscriptions', subscription()],
      ['DELETE', `/notifications/push/subscriptions?endpoint=${encodeURIComponent('http://127.0.0.1:9/x')}`, undefined],
    ] as const) {
      const r = await stack.api<Problem>(method, path, body ? { body } : {});
      expect([method, r.status, r.body.code, r.body.errors]).toEqual([method, 401, 'UNAUTHENTICATED', []]);
    }
  });

  it("answers the stack's VAPID public key, that push is on, and how many of the caller's browsers are subscribed", async () => {
    const r = await stack.api('GET', '/notifications/push/public-key', { token: ann });
    expect([r.status, r.body]).toEqual([200, { enabled: true, public_key: stack.env.VAPID_PUBLIC_KEY, subscriptions: 0 }]);
  });

  it('refuses a subscription that is not one, naming each field', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ ...subscription(), endpoint: 'ftp://push.example.com/x' }, ['endpoint']],
      // plain http only for this machine's own address (the tests' push service), never a remote one
      [{ ...subscription(), endpoint: 'http://push.example.com/x' }, ['endpoint']],
      [{ ...subscription(), keys: { p256dh: 'short', auth: 'not base64url!!!!!!!!!!' } }, ['keys.p256dh', 'keys.auth']],
      [{ endpoint: 'https://push.example.com/x' }, ['keys']],
    ];
    for (const [body, paths] of cases) {
      const r = await stack.api<Problem>('POST', '/notifications/push/subscriptions', { token: ann, body });
      expect([r.status, r.body.code, r.body.errors.map((e) => e.path).sort()]).toEqual([400, 'VALIDATION_FAILED', [...paths].sort()]);
    }
    const missing = await stack.api<Problem>('DELETE', '/notifications/push/subscriptions', { token: ann });
    expect([missing.status, missing.body.code, missing.body.errors.map((e) => e.path)]).toEqual([
      400,
      'VALIDATION_FAILED',
      ['query.endpoint'],
    ]);
  });

  it('keeps a subscription, moves it to whoever subscribes the same browser next, and forgets it on DELETE (again: no change)', async () => {
    const browser = subscription();
    const on = await stack.api('POST', '/notifications/push/subscriptions', { token: ann, body: browser });
    expect([on.status, on.body]).toEqual([200, { message: 'Browser notifications are on in this browser', subscriptions: 1 }]);
    const count = async (token: string) =>
      (await stack.api<{ subscriptions: number }>('GET', '/notifications/push/public-key', { token })).body.subscriptions;
    expect(await count(ann)).toBe(1);

    // the same browser profile, now signed in as Ben
    const moved = await stack.api('POST', '/notifications/push/subscriptions', { token: ben, body: browser });
    expect([moved.status, await count(ann), await count(ben)]).toEqual([200, 0, 1]);

    // Ann cannot turn off Ben's browser
    const path = `/notifications/push/subscriptions?endpoint=${encodeURIComponent(browser.endpoint)}`;
    const notHers = await stack.api('DELETE', path, { token: ann });
    expect([notHers.status, await count(ben)]).toEqual([200, 1]);
    const off = await stack.api('DELETE', path, { token: ben });
    expect([off.status, off.body]).toEqual([200, { message: 'Browser notifications are off in this browser', subscriptions: 0 }]);
    expect((await stack.api('DELETE', path, { token: ben })).status).toBe(200);
  });
});
