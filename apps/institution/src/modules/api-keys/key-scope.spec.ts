import { describe, expect, it } from '@jest/globals';
import type { Caller } from '@lp/contracts';
import { memberTypesFor, tierAllowsApi } from './key-scope.js';
import { isActiveKey, refusalOf, toApiKey } from './api-key-view.js';
import type { ApiKeyEntity } from '../../entities/api-key.entity.js';

const person: Caller = { userId: 'u1', role: 'institution', sessionId: 's1', institutionId: null };
const key = (permissions: string[]): Caller => ({ ...person, apiKey: { id: 'k1', institutionId: 'i1', permissions } });

describe('the member types a caller may list', () => {
  it('are every type for a person, or the one asked for', () => {
    expect(memberTypesFor(person)).toEqual(['student', 'faculty', 'admin']);
    expect(memberTypesFor(person, 'faculty')).toEqual(['faculty']);
  });

  it("are those an API key's permissions name, never admins", () => {
    expect(memberTypesFor(key(['students.read']))).toEqual(['student']);
    expect(memberTypesFor(key(['students.read', 'faculty.read']))).toEqual(['student', 'faculty']);
    expect(memberTypesFor(key(['students.read', 'faculty.read']), 'admin')).toEqual([]);
  });

  it('are none when the key may read neither (an empty list, not a refusal)', () => {
    expect(memberTypesFor(key(['courses.read']), 'student')).toEqual([]);
  });
});

describe("a tier's API access", () => {
  it('is as the tiers table says', () => {
    expect(tierAllowsApi({ tier_name: 'free', api_access: true })).toBe(true);
    expect(tierAllowsApi({ tier_name: 'pro', api_access: false })).toBe(false);
  });

  it('is every tier but free for a tier the table does not hold, and none without an institution', () => {
    expect(tierAllowsApi({ tier_name: 'legacy', api_access: null })).toBe(true);
    expect(tierAllowsApi({ tier_name: 'free', api_access: null })).toBe(false);
    expect(tierAllowsApi(null)).toBe(false);
  });
});

describe('a key as lists show it', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const row = (over: Partial<ApiKeyEntity>): ApiKeyEntity =>
    ({
      id: 'k1',
      institutionId: 'i1',
      keyName: 'LMS',
      keyPrefix: 'lpk_abcdefgh',
      keyHash: 'secret-hash',
      permissions: ['students.read'],
      rateLimitPerMinute: 60,
      totalCalls: '12',
      lastUsedAt: null,
      createdBy: 'u1',
      createdAt: new Date('2026-05-01T00:00:00Z'),
      expiresAt: null,
      revokedAt: null,
      ...over,
    }) as ApiKeyEntity;

  it('never shows the hash, and counts calls as a number', () => {
    const shown = toApiKey(row({}), now);
    expect(JSON.stringify(shown)).not.toContain('secret-hash');
    expect(shown).toMatchObject({ total_calls: 12, is_active: true, expires_at: null, created_at: '2026-05-01T00:00:00.000Z' });
  });

  it('is inactive once revoked or past its time', () => {
    expect(isActiveKey(row({ revokedAt: new Date('2026-05-02T00:00:00Z') }), now)).toBe(false);
    expect(isActiveKey(row({ expiresAt: now }), now)).toBe(false);
    expect(isActiveKey(row({ expiresAt: new Date('2026-06-02T00:00:00Z') }), now)).toBe(true);
  });

  it('is refused as unknown, expired or revoked (a revoked key that also expired says revoked)', () => {
    expect(refusalOf(null)).toBe('unknown');
    expect(refusalOf({ revoked: false, expired: true })).toBe('expired');
    expect(refusalOf({ revoked: true, expired: true })).toBe('revoked');
    // a valid-looking key refused anyway: its maker lost their standing
    expect(refusalOf({ revoked: false, expired: false })).toBe('revoked');
  });
});
