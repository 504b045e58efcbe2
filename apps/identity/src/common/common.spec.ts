import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { fail, succeed, unwrap } from './outcome.js';

describe('Outcome', () => {
  it('unwraps a success and throws a failure', () => {
    expect(unwrap(succeed(3))).toBe(3);
    expect(() => unwrap(fail(AppError.notFound()))).toThrow(AppError);
  });
});
