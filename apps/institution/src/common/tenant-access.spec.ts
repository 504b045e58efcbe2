import { describe, expect, it } from '@jest/globals';
import { accessRefusal, accessTop, nearestRoot, type AdminRoot } from './tenant-access.js';

const TOP = 'a0000000-0000-4000-8000-000000000001';
const MID = 'a0000000-0000-4000-8000-000000000002';
const LEAF = 'a0000000-0000-4000-8000-000000000003';
const path = [TOP, MID, LEAF];
const root = (institutionId: string, accessLevel: AdminRoot['accessLevel'] = 'admin'): AdminRoot => ({ institutionId, accessLevel });

describe('the admin membership that decides access', () => {
  it('is the nearest one on the way up, the institution itself first', () => {
    expect(nearestRoot(path, [root(TOP, 'admin'), root(MID, 'readonly')])).toEqual(root(MID, 'readonly'));
    expect(nearestRoot(path, [root(TOP), root(LEAF, 'standard')])).toEqual(root(LEAF, 'standard'));
  });

  it('is none for memberships off the path', () => {
    expect(nearestRoot(path, [root('a0000000-0000-4000-8000-000000000009')])).toBeUndefined();
    expect(nearestRoot(path, [])).toBeUndefined();
  });
});

describe('where the caller sees from', () => {
  it('is the administered ancestor for a person', () => {
    expect(accessTop(path, [root(TOP)], null)).toEqual({ via: root(TOP), top: TOP });
  });

  it('narrows to an API key institution lower down, with the access level of the membership', () => {
    expect(accessTop(path, [root(TOP, 'standard')], MID)).toEqual({ via: root(TOP, 'standard'), top: MID });
  });

  it('refuses an institution outside the API key institution subtree, even one its maker administers', () => {
    expect(accessTop([TOP], [root(TOP)], MID)).toBeNull();
  });

  it('keeps the membership when the key institution lies above it', () => {
    expect(accessTop(path, [root(MID)], TOP)).toEqual({ via: root(MID), top: MID });
  });

  it('is nothing without an administered institution on the path', () => {
    expect(accessTop(path, [], null)).toBeNull();
  });
});

describe('what an access level may do', () => {
  it('reads at every level', () => {
    for (const level of ['admin', 'standard', 'readonly'] as const) expect(accessRefusal(level, 'read')).toBeNull();
  });

  it('writes unless read-only', () => {
    expect(accessRefusal('readonly', 'write')).toBe('readonly');
    expect(accessRefusal('standard', 'write')).toBeNull();
  });

  it('administers (keys, plans, billing) at the admin level only', () => {
    expect(accessRefusal('standard', 'admin')).toBe('adminRequired');
    expect(accessRefusal('readonly', 'admin')).toBe('readonly');
    expect(accessRefusal('admin', 'admin')).toBeNull();
  });
});
