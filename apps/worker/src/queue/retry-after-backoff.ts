import type { BackoffOptions, MinimalJob } from 'bullmq';
import { RETRY_AFTER_MAX_MS } from '@lp/contracts';

/** A job's failure that names when to try again (a remote service's Retry-After), in ms from now. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/**
 * The worker's backoff for jobs declared with RETRY_AFTER_BACKOFF (BullMQ calls it for a type it
 * has not built in): exponential from the declared delay, as BullMQ's own, but never sooner than
 * a RetryLater's Retry-After, and never later than RETRY_AFTER_MAX_MS for it. It counts an
 * attempt like any retry, so a service that always says "later" still ends in failure.
 */
export function retryAfterBackoff(attemptsMade: number, _type?: string, err?: Error, job?: MinimalJob): number {
  const backoff = job?.opts.backoff;
  const delay = typeof backoff === 'number' ? backoff : ((backoff as BackoffOptions | undefined)?.delay ?? 5000);
  const exponential = Math.round(2 ** Math.max(0, attemptsMade - 1) * delay);
  if (!(err instanceof RetryLater)) return exponential;
  return Math.min(Math.max(err.retryAfterMs, exponential), Math.max(RETRY_AFTER_MAX_MS, exponential));
}
