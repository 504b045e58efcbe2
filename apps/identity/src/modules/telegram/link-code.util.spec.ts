import { describe, expect, it } from '@jest/globals';
import { LINK_CODE_ALPHABET, generateLinkCode, linkCodeState, normalizeLinkCode } from './link-code.util.js';

describe('generateLinkCode', () => {
  it('has 8 characters of the unambiguous alphabet', () => {
    for (let i = 0; i < 500; i++) {
      const code = generateLinkCode();
      expect(code).toHaveLength(8);
      for (const ch of code) expect(LINK_CODE_ALPHABET).toContain(ch);
    }
  });
  it('never uses characters that read alike', () => {
    for (const ch of '01OIL') expect(LINK_CODE_ALPHABET).not.toContain(ch);
  });
  it('draws every character from the random source', () => {
    expect(generateLinkCode(() => 0)).toBe('AAAAAAAA');
    expect(generateLinkCode(() => LINK_CODE_ALPHABET.length - 1)).toBe('99999999');
  });
});

describe('normalizeLinkCode', () => {
  it('accepts lower case, spaces and dashes', () => {
    expect(normalizeLinkCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalizeLinkCode(' abcd efgh ')).toBe('ABCDEFGH');
  });
});

describe('linkCodeState', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('is valid until it expires, then expired; once used, used', () => {
    expect(linkCodeState({ usedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe('valid');
    expect(linkCodeState({ usedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(linkCodeState({ usedAt: now, expiresAt: new Date(now.getTime() + 1000) }, now)).toBe('used');
  });
});
