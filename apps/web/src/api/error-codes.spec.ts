import { describe, expect, it } from '@jest/globals';
import { DECLARED_ERROR_CODES } from './error-codes';

describe('error codes', () => {
  it('every code declared in the contracts has an English text', async () => {
    const { default: en } = await import('../i18n/en.json', { with: { type: 'json' } });
    const texts: Record<string, string | undefined> = en.errors.code;
    const missing = DECLARED_ERROR_CODES.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });
});
