import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, uniqueEmail, type Stack } from './harness.js';

describe('sign-in limits through the gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    // the real limits (scale 1)
    stack = await startStack({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' });
  }, 90_000);
  afterAll(async () => stack.stop(), 30_000);

  it('counts one phone once however it is written, and refuses a malformed one before counting it', async () => {
    const digits = `91${String(Date.now()).slice(-7)}`;
    const spellings = [
      `+251${digits}`,
      `+251 ${digits.slice(0, 3)} ${digits.slice(3)}`,
      `+251-${digits.slice(0, 3)}-${digits.slice(3)}`,
      `(+251) ${digits}`,
      ` +251${digits} `,
    ];
    const from = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 3; i++) {
      const bad = await stack.api('POST', '/auth/phone/send-otp', { body: { phone: 'not a phone' }, headers: from });
      expect(bad.status).toBe(400);
    }
    const statuses: number[] = [];
    for (const phone of [...spellings, `+251 ${digits}`])
      statuses.push((await stack.api('POST', '/auth/phone/send-otp', { body: { phone }, headers: from })).status);
    // no account has the phone (404), five times; the sixth spelling of the same phone is over the limit
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('pauses an account after ten wrong passwords from ten addresses', async () => {
    const email = uniqueEmail();
    expect(
      (await stack.api('POST', '/auth/register', { body: { name: 'Ann', email, password: 'secret-pass-1', role: 'learner' } })).status,
    ).toBe(201);
    for (let i = 0; i < 10; i++) {
      const res = await stack.api('POST', '/auth/login', {
        body: { email, password: 'wrong-pass-1' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(res.status).toBe(401);
    }
    const res = await stack.api('POST', '/auth/login', {
      body: { email, password: 'secret-pass-1' },
      headers: { 'x-forwarded-for': '203.0.113.200' },
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'SIGN_IN_LOCKED' });
  });
});
