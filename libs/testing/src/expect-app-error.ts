import { expect } from '@jest/globals';
import { AppError } from '@lp/contracts';

/** Awaits a call that must fail with this status and code; answers the error for further checks. */
export async function expectAppError(work: Promise<unknown>, status: number, code: string): Promise<AppError> {
  let caught: unknown = null;
  try {
    await work;
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(AppError);
  const err = caught as AppError;
  expect({ status: err.status, code: err.code }).toEqual({ status, code });
  return err;
}
