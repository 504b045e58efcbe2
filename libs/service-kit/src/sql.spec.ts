import { describe, expect, it } from '@jest/globals';
import { Params, likePattern, returnedRows, round1 } from './sql.js';
import { isUniqueViolation } from './db-errors.js';

describe('sql helpers', () => {
  it('unwraps UPDATE ... RETURNING answers', () => {
    expect(returnedRows([[{ id: 1 }], 1])).toEqual([{ id: 1 }]);
    expect(returnedRows([{ id: 1 }])).toEqual([{ id: 1 }]);
  });
  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%');
  });
  it('numbers parameters in order', () => {
    const p = new Params();
    expect([p.add('a'), p.add(2)]).toEqual([1, 2]);
    expect(p.values).toEqual(['a', 2]);
  });
  it('rounds to one decimal', () => {
    expect(round1(66.666)).toBe(66.7);
    expect(round1(100)).toBe(100);
  });
  it('recognises unique violations by constraint', () => {
    expect(isUniqueViolation({ driverError: { code: '23505', constraint: 'reviews_course_user_key' } }, 'reviews_course_user_key')).toBe(
      true,
    );
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
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
