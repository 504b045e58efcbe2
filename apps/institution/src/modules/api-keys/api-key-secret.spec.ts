import { describe, expect, it } from '@jest/globals';
import { API_KEY_PREFIX, hashApiKey, KEY_PREFIX_LENGTH, newApiKey, prefixOf } from './api-key-secret.js';

describe('an API key', () => {
  it('is lpk_ and 40 base62 characters', () => {
    const key = newApiKey();
    expect(key).toMatch(/^lpk_[A-Za-z0-9]{40}$/);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
  });

  it('is never drawn twice', () => {
    const keys = new Set(Array.from({ length: 200 }, newApiKey));
    expect(keys.size).toBe(200);
  });

  it('is stored as its SHA-256 only, the same for the same key', () => {
    expect(hashApiKey('lpk_abc')).toBe(hashApiKey('lpk_abc'));
    expect(hashApiKey('lpk_abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey('lpk_abc')).not.toBe(hashApiKey('lpk_abd'));
  });

  it('is shown in lists by its first characters', () => {
    const key = newApiKey();
    expect(prefixOf(key)).toHaveLength(KEY_PREFIX_LENGTH);
    expect(key.startsWith(prefixOf(key))).toBe(true);
  });
});
