import { describe, expect, it } from '@jest/globals';
import { isInstitutionAdmin } from './portal-access.util.js';

describe('isInstitutionAdmin', () => {
  it('holds for institution-role members and members with admin access only', () => {
    expect(isInstitutionAdmin({ role: 'institution', accessLevel: 'standard' })).toBe(true);
    expect(isInstitutionAdmin({ role: 'instructor', accessLevel: 'admin' })).toBe(true);
    expect(isInstitutionAdmin({ role: 'instructor', accessLevel: 'standard' })).toBe(false);
    expect(isInstitutionAdmin({ role: 'learner', accessLevel: 'readonly' })).toBe(false);
    expect(isInstitutionAdmin(null)).toBe(false);
  });
});
