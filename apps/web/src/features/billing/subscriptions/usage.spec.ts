import { describe, expect, it } from '@jest/globals';
import { shownLimits, usagePercent, usageRows } from './usage';

const unlimited = { max_students: null, max_faculty: null, max_courses: null, max_sessions_per_month: null };

describe('usage', () => {
  it('caps the bars at 100% and has no bar for unlimited', () => {
    expect(usagePercent(5, 10)).toBe(50);
    expect(usagePercent(15, 10)).toBe(100);
    expect(usagePercent(0, 3)).toBe(0);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(7, null)).toBeNull();
  });

  it("lists a type's own limits, and any other a plan sets", () => {
    expect(shownLimits('instructor', unlimited)).toEqual(['max_courses', 'max_students']);
    expect(shownLimits('mentor', unlimited)).toEqual(['max_sessions_per_month']);
    expect(shownLimits('mentor', { ...unlimited, max_students: 20 })).toEqual(['max_students', 'max_sessions_per_month']);
    expect(shownLimits('institution', unlimited)).toEqual(['max_courses', 'max_students', 'max_faculty']);
  });

  it('pairs each usage figure with its limit', () => {
    const rows = usageRows(
      'instructor',
      { courses: 3, students: 250, faculty: 0, sessions_this_month: 0 },
      { ...unlimited, max_courses: 5, max_students: 200 },
    );
    expect(rows).toEqual([
      { usage: 'courses', limitKey: 'max_courses', used: 3, limit: 5, percent: 60 },
      { usage: 'students', limitKey: 'max_students', used: 250, limit: 200, percent: 100 },
    ]);
  });
});
