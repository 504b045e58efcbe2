import type { AppError } from '@lp/contracts';

/**
 * What a transaction answers when a refusal must still commit its writes (a counted
 * wrong code): the error travels out as a value and is thrown after the commit.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = <T>(error: AppError): Outcome<T> => ({ ok: false, error });

export function unwrap<T>(o: Outcome<T>): T {
  if (!o.ok) throw o.error;
  return o.value;
}
