import { describe, expect, it } from '@jest/globals';
import type { Transaction } from '@lp/contracts';
import { ApiError } from '../../../api/api-error';
import { outcomeOf, pollPayment } from './payment-poll';

const payment = (status: Transaction['status']): Transaction => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'deposit',
  direction: 'credit',
  description: 'Wallet top-up',
  status,
  payment_method: 'chapa',
  item_type: null,
  item_id: null,
  amount: 10,
  amount_minor: 1000,
  currency: 'USD',
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: null,
});

/** a clock that moves only when the poller sleeps */
function fakeTime() {
  let t = 0;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

describe('outcomeOf', () => {
  it('pending is no outcome yet; completed succeeds; the rest fail', () => {
    expect(outcomeOf(payment('pending'))).toBeNull();
    expect(outcomeOf(payment('completed'))?.kind).toBe('completed');
    for (const status of ['failed', 'cancelled', 'expired', 'refunded'] as const) expect(outcomeOf(payment(status))?.kind).toBe('failed');
  });
});

describe('pollPayment', () => {
  it('asks once a second until the payment completes', async () => {
    const time = fakeTime();
    const answers = [payment('pending'), payment('pending'), payment('completed')];
    let calls = 0;
    const outcome = await pollPayment(async () => answers[calls++] ?? payment('completed'), time);
    expect(outcome.kind).toBe('completed');
    expect(calls).toBe(3);
    expect(time.sleeps).toEqual([1000, 1000]);
  });

  it('reports a cancelled or expired payment as failed', async () => {
    const time = fakeTime();
    const outcome = await pollPayment(async () => payment('cancelled'), time);
    expect(outcome).toMatchObject({ kind: 'failed', payment: { status: 'cancelled' } });
  });

  it('gives up after about 20 seconds of pending', async () => {
    const time = fakeTime();
    let calls = 0;
    const outcome = await pollPayment(async () => (calls++, payment('pending')), time);
    expect(outcome.kind).toBe('timeout');
    expect(calls).toBe(21);
    expect(time.now()).toBe(20_000);
  });

  it('asks again after a server error, but not after a 4xx', async () => {
    const time = fakeTime();
    let calls = 0;
    const flaky = await pollPayment(async () => {
      calls++;
      if (calls === 1) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'down');
      return payment('completed');
    }, time);
    expect(flaky.kind).toBe('completed');

    const missing = await pollPayment(async () => {
      throw new ApiError(404, 'PAYMENT_NOT_FOUND', 'Payment not found');
    }, fakeTime());
    expect(missing).toMatchObject({ kind: 'error' });
  });

  it('stops when the page is left', async () => {
    const controller = new AbortController();
    const polling = pollPayment(async () => payment('pending'), { signal: controller.signal, intervalMs: 10_000 });
    controller.abort();
    await expect(polling).rejects.toThrow();
  });
});
