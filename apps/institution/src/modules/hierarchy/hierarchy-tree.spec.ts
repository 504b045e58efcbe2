import { describe, expect, it } from '@jest/globals';
import { levelsSpanned, moveShifts, toTree, type SubtreeRow } from './hierarchy-tree.js';
import { CASCADE_DEFAULTS, cascadeSettingsOf } from './cascade-settings.js';
import { splitPeople } from './subsidiary-view.js';

const node = (id: string, parent: string | null, level: number, name = id): SubtreeRow => ({
  id,
  parent_id: parent,
  path_ids: [],
  name,
  subdomain: id,
  level_type: level === 0 ? 'corporation' : 'branch',
  level_name: null,
  organizational_level: level + 1,
  hierarchy_level: level,
  verification_status: 'verified',
  total_students: '2' as unknown as number,
  total_faculty: 1,
  total_courses: 0,
});

describe('the tree', () => {
  const rows = [node('top', null, 0), node('a', 'top', 1), node('b', 'top', 1), node('a1', 'a', 2)];

  it('nests the rows from the root, in the order they come, counts as numbers', () => {
    const tree = toTree(rows, 'top')!;
    expect(tree.children.map((c) => c.id)).toEqual(['a', 'b']);
    expect(tree.children[0]!.children.map((c) => c.id)).toEqual(['a1']);
    expect(tree.total_students).toBe(2);
  });

  it('starts at any institution of the rows, leaving out what is above it', () => {
    const sub = toTree(rows.slice(1), 'a')!;
    expect(sub.id).toBe('a');
    expect(sub.children.map((c) => c.id)).toEqual(['a1']);
  });

  it('is nothing when the root is not among the rows', () => {
    expect(toTree(rows, 'elsewhere')).toBeNull();
  });

  it('spans the levels between its shallowest and deepest rows', () => {
    expect(levelsSpanned(rows)).toBe(3);
    expect(levelsSpanned([node('x', null, 4)])).toBe(1);
  });
});

describe('a move', () => {
  it('shifts levels and depths by the new place', () => {
    // a level-3 institution at depth 3 moves under a level-1 top (depth 1) as level 2
    expect(moveShifts({ organizationalLevel: 3, pathIds: ['t', 'm', 's'] }, { pathIds: ['t'] }, 2)).toEqual({
      levelShift: -1,
      depthShift: -1,
    });
    expect(moveShifts({ organizationalLevel: 2, pathIds: ['t', 's'] }, { pathIds: ['t', 'm'] }, 3)).toEqual({
      levelShift: 1,
      depthShift: 1,
    });
  });
});

describe('cascade settings', () => {
  it('fill what is not stored, or not a boolean, with the defaults', () => {
    expect(cascadeSettingsOf({ cascadeSettings: { users: true, branding: 'yes' }, cascadeAppliedAt: null })).toEqual({
      cascade_settings: { ...CASCADE_DEFAULTS, users: true },
      last_applied_at: null,
    });
  });

  it('say when they were last applied', () => {
    const at = new Date('2026-04-01T08:00:00Z');
    expect(cascadeSettingsOf({ cascadeSettings: {}, cascadeAppliedAt: at }).last_applied_at).toBe('2026-04-01T08:00:00.000Z');
    expect(cascadeSettingsOf(null).cascade_settings).toEqual(CASCADE_DEFAULTS);
  });
});

describe("a subsidiary's people", () => {
  it('are listed as students and faculty apart, without their member type', () => {
    const person = (member_id: string, member_type: 'student' | 'faculty') => ({
      member_id,
      user_id: `u-${member_id}`,
      name: member_id,
      email: null,
      institution_id: 'i1',
      member_type,
    });
    const { students, faculty } = splitPeople([person('s1', 'student'), person('f1', 'faculty'), person('s2', 'student')]);
    expect(students.map((s) => s.member_id)).toEqual(['s1', 's2']);
    expect(faculty).toEqual([{ member_id: 'f1', user_id: 'u-f1', name: 'f1', email: null, institution_id: 'i1' }]);
  });
});
