import type { Transaction } from '@lp/contracts';
import { isApiError } from '../../../api/api-error';

/** Coming back from a checkout, the payment is asked about once a second ... */
export const PAYMENT_POLL_INTERVAL_MS = 1000;
/** ... for about 20 seconds; a provider slower than that is reported as still on its way. */
export const PAYMENT_POLL_LIMIT_MS = 20_000;

export type PaymentOutcome =
  | { kind: 'completed'; payment: Transaction }
  /** failed, cancelled, expired (or already refunded) */
  | { kind: 'failed'; payment: Transaction }
  /** still pending when the polling stopped */
  | { kind: 'timeout' }
  /** the payment could not be read (unknown id, not the caller's, ...) */
  | { kind: 'error'; error: unknown };

/** What a payment's status means to the payer; null while it is still pending. */
export function outcomeOf(payment: Transaction): PaymentOutcome | null {
  if (payment.status === 'pending') return null;
  return payment.status === 'completed' ? { kind: 'completed', payment } : { kind: 'failed', payment };
}

/** An answer that asking again will not change (4xx other than rate limiting). */
function isFinalError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('Aborted', 'AbortError'))), { once: true });
  });
}

export interface PollOptions {
  signal?: AbortSignal;
  intervalMs?: number;
  limitMs?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Asks for a payment until it leaves `pending`, every `intervalMs` for at most `limitMs`.
 * Network and server errors on the way are asked again; a 4xx ends it. Rejects only when
 * aborted (the page was left).
 */
export async function pollPayment(
  fetchPayment: (signal?: AbortSignal) => Promise<Transaction>,
  options: PollOptions = {},
): Promise<PaymentOutcome> {
  const {
    signal,
    intervalMs = PAYMENT_POLL_INTERVAL_MS,
    limitMs = PAYMENT_POLL_LIMIT_MS,
    now = Date.now,
    sleep = abortableSleep,
  } = options;
  const deadline = now() + limitMs;
  let lastError: unknown = null;
  let answered = false;
  for (;;) {
    try {
      const outcome = outcomeOf(await fetchPayment(signal));
      answered = true;
      if (outcome) return outcome;
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      if (isFinalError(error)) return { kind: 'error', error };
      lastError = error;
    }
    if (now() + intervalMs > deadline) return answered || lastError === null ? { kind: 'timeout' } : { kind: 'error', error: lastError };
    await sleep(intervalMs, signal);
  }
}
