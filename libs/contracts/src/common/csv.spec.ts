import { describe, expect, it } from '@jest/globals';
import { csvCell, toCsv } from './csv.js';

describe('CSV cells a spreadsheet opens safely', () => {
  it('neutralise a cell that begins like a formula (OWASP: = + - @ tab CR)', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvCell('+1+1')).toBe(`"'+1+1"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leave ordinary text and our own numbers as they are', () => {
    expect(csvCell('Meron Tesfaye')).toBe('Meron Tesfaye');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('write a file with a header and CRLF line ends', () => {
    expect(toCsv(['email', 'name'], [['a@example.test', '=cmd|calc']])).toBe(`email,name\r\na@example.test,"'=cmd|calc"\r\n`);
  });
});
