import { describe, expect, it } from '@jest/globals';
import { RESET_PASSWORD_PATH, resetPasswordFormSchema, resetTokenOf } from './password-reset';

describe('the reset link', () => {
  it('reads the token of /reset-password?token=...', () => {
    expect(RESET_PASSWORD_PATH).toBe('/reset-password');
    expect(resetTokenOf('?token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(resetTokenOf(new URLSearchParams({ token: ' x ' }))).toBe('x');
  });

  it('has no token when the link lost it', () => {
    expect(resetTokenOf('')).toBeNull();
    expect(resetTokenOf('?token=')).toBeNull();
    expect(resetTokenOf('?other=1')).toBeNull();
  });
});

describe('the new-password form', () => {
  const schema = resetPasswordFormSchema('Passwords do not match');
  const issues = (v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts a password that registration accepts, repeated', () => {
    expect(issues({ password: 'secret-pass-1', confirm_password: 'secret-pass-1' })).toEqual([]);
  });

  it("applies registration's rules and wants the same password twice", () => {
    expect(issues({ password: '12345', confirm_password: '12345' })).toEqual([
      { path: 'password', message: 'Password must be at least 6 characters long' },
    ]);
    expect(issues({ password: 'secret-pass-1', confirm_password: 'secret-pass-2' })).toEqual([
      { path: 'confirm_password', message: 'Passwords do not match' },
    ]);
  });
});
