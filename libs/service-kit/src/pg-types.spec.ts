import { describe, expect, it } from '@jest/globals';
import { pgTypeParsers } from './database.js';

describe('pgTypeParsers', () => {
  it('gives numeric, bigint and count(*) as numbers', () => {
    expect(pgTypeParsers.getTypeParser(1700)('12.50')).toBe(12.5);
    expect(pgTypeParsers.getTypeParser(20)('9007199254740991')).toBe(9_007_199_254_740_991);
  });
  it("leaves every other type to pg's parser (timestamps as Date, int as number, text as text)", () => {
    expect(pgTypeParsers.getTypeParser(1184)('2026-11-25 08:00:00+00')).toEqual(new Date('2026-11-25T08:00:00Z'));
    expect(pgTypeParsers.getTypeParser(23)('7')).toBe(7);
    expect(pgTypeParsers.getTypeParser(25)('7')).toBe('7');
  });
});
