import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { likePattern, returnedRows } from './sql.util.js';
import { isUniqueViolation } from './db-errors.util.js';
import { fail, succeed, unwrap } from './outcome.js';

describe('returnedRows', () => {
  it('unwraps the [rows, count] answer of UPDATE/DELETE ... RETURNING and passes plain rows through', () => {
    expect(returnedRows([[{ id: 1 }], 1])).toEqual([{ id: 1 }]);
    expect(returnedRows([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(returnedRows([])).toEqual([]);
  });
});

describe('likePattern', () => {
  it('escapes wildcards typed by the user', () => {
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});

describe('isUniqueViolation', () => {
  it('recognises the PostgreSQL code and, when asked, the constraint', () => {
    const e = { driverError: { code: '23505', constraint: 'users_email_key' } };
    expect(isUniqueViolation(e)).toBe(true);
    expect(isUniqueViolation(e, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(e, 'users_phone_key')).toBe(false);
    expect(isUniqueViolation({ driverError: { code: '23503' } })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe('Outcome', () => {
  it('unwraps a success and throws a failure', () => {
    expect(unwrap(succeed(3))).toBe(3);
    expect(() => unwrap(fail(AppError.notFound()))).toThrow(AppError);
  });
});
