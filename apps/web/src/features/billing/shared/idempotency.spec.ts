import { describe, expect, it } from '@jest/globals';
import { newIdempotencyKey } from './idempotency';

/** getRandomValues without a secure context's randomUUID */
const insecure = {
  getRandomValues<T extends ArrayBufferView | null>(array: T): T {
    if (array instanceof Uint8Array) for (let i = 0; i < array.length; i++) array[i] = Math.floor(Math.random() * 256);
    return array;
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses randomUUID where the browser has it', () => {
    expect(newIdempotencyKey({ ...insecure, randomUUID: () => '11111111-2222-4333-8444-555555555555' })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
  });

  it('draws a version 4 UUID from getRandomValues outside a secure context', () => {
    const key = newIdempotencyKey(insecure);
    expect(key).toMatch(UUID);
    expect(key.length).toBeGreaterThanOrEqual(8);
  });

  it('gives a new key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(50);
  });
});
