import { describe, expect, it } from '@jest/globals';
import type { MinimalJob } from 'bullmq';
import { RETRY_AFTER_MAX_MS } from '@lp/contracts';
import { RetryLater, retryAfterBackoff } from './retry-after-backoff.js';

const job = { opts: { backoff: { type: 'retry-after', delay: 5000 } } } as unknown as MinimalJob;

describe('the retry-after backoff', () => {
  it('is exponential from the declared delay for an ordinary failure', () => {
    expect([1, 2, 3, 4].map((n) => retryAfterBackoff(n, 'retry-after', new Error('x'), job))).toEqual([5000, 10_000, 20_000, 40_000]);
  });

  it("waits at least the service's Retry-After, at most an hour for it, never less than the backoff", () => {
    expect(retryAfterBackoff(1, 'retry-after', new RetryLater('429', 120_000), job)).toBe(120_000);
    expect(retryAfterBackoff(4, 'retry-after', new RetryLater('429', 1000), job)).toBe(40_000);
    expect(retryAfterBackoff(1, 'retry-after', new RetryLater('429', 10 * RETRY_AFTER_MAX_MS), job)).toBe(RETRY_AFTER_MAX_MS);
  });
});
