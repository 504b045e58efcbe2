import { describe, expect, it } from '@jest/globals';
import { CertificateCodeSchema } from '@lp/contracts';
import { certificateFilename, newVerificationCode } from './certificate-code.util.js';

describe('verification codes', () => {
  it('are LH- and three groups of four unambiguous characters, accepted by the route schema', () => {
    for (let i = 0; i < 50; i++) {
      const code = newVerificationCode();
      expect(code).toMatch(/^LH-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(CertificateCodeSchema.parse(code.toLowerCase())).toBe(code);
    }
  });
  it('are made from the random bytes given', () => {
    expect(newVerificationCode(Buffer.alloc(12, 0))).toBe('LH-0000-0000-0000');
    expect(newVerificationCode(Buffer.alloc(12, 31))).toBe('LH-ZZZZ-ZZZZ-ZZZZ');
  });
});

describe('certificateFilename', () => {
  it('makes a safe file name of the course title', () => {
    expect(certificateFilename('Intro to Python: Part 1!')).toBe('certificate-intro-to-python-part-1.pdf');
    expect(certificateFilename('???')).toBe('certificate-course.pdf');
  });
});
