import { describe, expect, it } from '@jest/globals';
import { CSV_HEADER_BYTES, csvProblem, headerColumns } from './bulk-csv.js';

const csv = (text: string): Buffer => Buffer.from(text, 'utf8');

describe("a CSV file's header", () => {
  it('is read case-insensitively, trimmed and unquoted', () => {
    expect(headerColumns(csv(' Email ,"Name",ROLE\nx@y.z,X,student\n'))).toEqual(['email', 'name', 'role']);
  });

  it('ignores a byte-order mark and a Windows line end', () => {
    expect(headerColumns(csv('\uFEFFemail,name\r\nx@y.z,X\r\n'))).toEqual(['email', 'name']);
  });

  it('is looked for in the first bytes only', () => {
    const long = 'x'.repeat(CSV_HEADER_BYTES + 10) + ',email';
    expect(headerColumns(csv(long))).not.toContain('email');
  });
});

describe('a file that cannot be imported', () => {
  it('is an empty one, or one of blanks', () => {
    expect(csvProblem(Buffer.alloc(0))).toBe('The file is empty');
    expect(csvProblem(csv('  \n \n'))).toBe('The file is empty');
  });

  it('is one without an email column', () => {
    expect(csvProblem(csv('name,role\nX,student\n'))).toBe('The first row must name the columns: email, name, role (email is required)');
  });

  it('is not one with an email column among others', () => {
    expect(csvProblem(csv('name,email,extra\nX,x@y.z,1\n'))).toBeNull();
    expect(csvProblem(csv('email'))).toBeNull();
  });
});
