import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../api/api-error';
import { fieldErrorsOf } from '../../api/field-errors';
import { availabilityOf, isCheckable, ONBOARD_FIELDS, subdomainPreview } from './onboarding-logic';

describe('institution onboarding', () => {
  it('checks a subdomain only from 3 characters of what will be kept', () => {
    expect(isCheckable('ab')).toBe(false);
    expect(isCheckable('a_b')).toBe(false);
    expect(isCheckable('abc')).toBe(true);
    expect(isCheckable('A-1')).toBe(true);
  });

  it('previews the portal address as {subdomain}.{host}', () => {
    expect(subdomainPreview('Acme Academy!', 'learnhub.example')).toBe('acmeacademy.learnhub.example');
    expect(subdomainPreview('', 'learnhub.example')).toBeNull();
    expect(subdomainPreview('***', 'learnhub.example')).toBeNull();
  });

  it('says available, taken by whom, or why a value is refused', () => {
    expect(availabilityOf({ subdomain: 'acme', available: true, taken_by: null, reason: null })).toEqual({ kind: 'available' });
    expect(availabilityOf({ subdomain: 'acme', available: false, taken_by: 'Acme University', reason: null })).toEqual({
      kind: 'taken',
      by: 'Acme University',
    });
    expect(
      availabilityOf({ subdomain: '-ac', available: false, taken_by: null, reason: 'Subdomain cannot start or end with a hyphen' }),
    ).toEqual({
      kind: 'invalid',
      reason: 'Subdomain cannot start or end with a hyphen',
    });
    // refused without a reason: taken (by an institution the caller may not name)
    expect(availabilityOf({ subdomain: 'acme', available: false, taken_by: null, reason: null })).toEqual({ kind: 'taken', by: null });
  });

  it("puts a 400 answer's field errors on the form's fields", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', [
      { path: 'subdomain', message: 'Subdomain is taken' },
      { path: 'contact_email', message: 'Must be a valid e-mail address' },
      { path: 'plan', message: 'Unknown' },
    ]);
    expect(fieldErrorsOf(error, ONBOARD_FIELDS)).toEqual({
      byField: { subdomain: 'Subdomain is taken', contact_email: 'Must be a valid e-mail address' },
      other: ['Unknown'],
    });
  });
});
