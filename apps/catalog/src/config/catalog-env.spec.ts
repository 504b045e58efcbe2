import { describe, expect, it } from '@jest/globals';
import { parseEnv } from '@lp/service-kit';
import { CatalogEnvSchema } from './catalog-env.js';

describe('catalog settings', () => {
  it('has defaults for everything', () => {
    expect(parseEnv(CatalogEnvSchema, {})).toEqual({
      CERTIFICATE_WAIT_MS: 1_500,
      COURSE_LIST_CACHE_MS: 1000,
      PUBLIC_URL: '',
    });
  });
  it('lists every bad key', () => {
    expect(() => parseEnv(CatalogEnvSchema, { COURSE_LIST_CACHE_MS: 'soon', CERTIFICATE_WAIT_MS: '-1' })).toThrow(
      /CERTIFICATE_WAIT_MS[\s\S]*COURSE_LIST_CACHE_MS/,
    );
  });
  it('drops a trailing slash of the public address', () => {
    expect(parseEnv(CatalogEnvSchema, { PUBLIC_URL: 'https://learnhub.example/' }).PUBLIC_URL).toBe('https://learnhub.example');
  });
});
