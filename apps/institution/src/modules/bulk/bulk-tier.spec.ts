import { describe, expect, it } from '@jest/globals';
import type { TierUsage } from '../tiers/tier-limits.js';
import { limitsPeople, tierRefusalsOf, type Candidate } from './bulk-tier.js';
import { toImport } from './bulk-view.js';
import type { BulkImportEntity } from '../../entities/bulk-import.entity.js';

const usage = (students: number, maxStudents: number | null, faculty = 0, maxFaculty: number | null = null): TierUsage => ({
  tier_name: 'basic',
  display_name: 'Basic',
  current_usage: { students, faculty, courses: 0, storage_gb: 0, api_calls_this_month: 0, subsidiaries: 0 },
  limits: { students: maxStudents, faculty: maxFaculty, courses: null, storage_gb: null, api_calls_monthly: null, subsidiaries: null },
  usage_percentage: {},
});
const student = (row: number, user_id: string): Candidate => ({ row, user_id, member_type: 'student' });

describe("a batch's rows the tier has no room for", () => {
  it('are the ones past the room left, in file order, with the tier in its own words', () => {
    const refused = tierRefusalsOf([student(1, 'a'), student(2, 'b'), student(3, 'c')], [], usage(8, 10));
    expect([...refused.keys()]).toEqual([3]);
    expect(refused.get(3)).toBe('Your Basic tier allows up to 10 students. Upgrade to add more.');
  });

  it('leave out people who take no new place: members here, or of that type elsewhere in the subtree, or twice in the file', () => {
    const known = [
      { user_id: 'here', member_type: 'faculty', here: true },
      { user_id: 'elsewhere', member_type: 'student', here: false },
    ];
    const rows = [student(1, 'here'), student(2, 'elsewhere'), student(3, 'new'), student(4, 'new'), student(5, 'other')];
    // one place left: 'new' takes it once, 'other' finds none
    expect([...tierRefusalsOf(rows, known, usage(9, 10)).keys()]).toEqual([5]);
  });

  it('are none when people are unlimited', () => {
    expect(tierRefusalsOf([student(1, 'a')], [], usage(1000, null)).size).toBe(0);
    expect(limitsPeople({ max_students: null, max_faculty: null })).toBe(false);
    expect(limitsPeople({ max_students: null, max_faculty: 3 })).toBe(true);
  });
});

describe('an import as the API shows it', () => {
  it('is named by its job id, its times in ISO, unfinished as null', () => {
    const v = toImport({
      id: 'b1',
      institutionId: 'i1',
      courseId: null,
      createdBy: 'u1',
      status: 'running',
      storageKey: 'imports/i1/b1.csv',
      fileRows: null,
      processed: 5,
      successful: 4,
      failed: 1,
      unchanged: 0,
      errors: [{ row: 3, email: 'x', error: 'Invalid e-mail' }],
      batchesCounted: 1,
      createdAt: new Date('2026-05-01T00:00:00Z'),
      startedAt: null,
      finishedAt: null,
    } as BulkImportEntity);
    expect(v).toEqual({
      job_id: 'b1',
      status: 'running',
      file_rows: null,
      processed: 5,
      successful: 4,
      failed: 1,
      unchanged: 0,
      errors: [{ row: 3, email: 'x', error: 'Invalid e-mail' }],
      course_id: null,
      created_at: '2026-05-01T00:00:00.000Z',
      finished_at: null,
    });
  });
});
