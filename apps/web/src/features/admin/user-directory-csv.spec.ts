import { describe, expect, it } from '@jest/globals';
import { userDirectoryCsv, userDirectoryFileName } from './user-directory-csv';

describe('the user directory export', () => {
  it('writes one row per user, a name that begins like a formula opening as text', () => {
    const csv = userDirectoryCsv([
      {
        id: 'u1',
        name: 'Meron Tesfaye',
        email: 'meron@example.test',
        phone: null,
        role: 'learner',
        status: 'active',
        created_at: '2026-11-01T08:00:00.000Z',
      },
      {
        id: 'u2',
        name: '=HYPERLINK("http://evil.example","Click")',
        email: 'x@example.test',
        phone: '+251911000000',
        role: 'learner',
        status: 'active',
        created_at: '2026-11-02T08:00:00.000Z',
      },
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,name,email,phone,role,status,created_at');
    expect(lines[1]).toBe('u1,Meron Tesfaye,meron@example.test,,learner,active,2026-11-01T08:00:00.000Z');
    expect(lines[2]).toBe(
      `u2,"'=HYPERLINK(""http://evil.example"",""Click"")",x@example.test,"'+251911000000",learner,active,2026-11-02T08:00:00.000Z`,
    );
  });

  it("names the file with the day's date", () => {
    expect(userDirectoryFileName(new Date('2026-11-27T10:00:00Z'))).toBe('learnhub-users-2026-11-27.csv');
  });
});
