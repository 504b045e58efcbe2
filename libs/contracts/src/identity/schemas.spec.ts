import { describe, expect, it } from '@jest/globals';
import { ChangePasswordRequest, LoginRequest, PhoneSchema, ProfileUpdateRequest, RegisterRequest } from './schemas.js';

describe('identity schemas', () => {
  const base = { name: 'Lena', email: ' Lena@Example.COM ', password: 'secret1', role: 'learner' };

  it('normalises the e-mail and accepts the four self-registration roles', () => {
    for (const role of ['learner', 'instructor', 'mentor', 'institution']) {
      const r = RegisterRequest.parse({ ...base, role });
      expect(r.email).toBe('lena@example.com');
    }
  });

  it('never lets admin self-register, with a message a person can read', () => {
    const r = RegisterRequest.safeParse({ ...base, role: 'admin' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Role must be one of learner, instructor, mentor, institution');
  });

  it('requires a 6-character password at registration and for a new password', () => {
    expect(RegisterRequest.safeParse({ ...base, password: '12345' }).success).toBe(false);
    const c = ChangePasswordRequest.safeParse({ current_password: 'x', new_password: '12345' });
    expect(c.error?.issues[0]?.message).toBe('New password must be at least 6 characters long!');
  });

  it('accepts international phone numbers, stripping spaces and dashes, and refuses others', () => {
    expect(PhoneSchema.parse('+251 911-234 567')).toBe('+251911234567');
    expect(PhoneSchema.safeParse('0911234567').success).toBe(false);
    expect(PhoneSchema.safeParse('+12').success).toBe(false);
  });

  it('lets a login omit the authenticator code but checks it when given', () => {
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'x', totp_code: '12' }).success).toBe(false);
  });

  it('refuses an empty profile update', () => {
    expect(ProfileUpdateRequest.safeParse({}).success).toBe(false);
    expect(ProfileUpdateRequest.safeParse({ name: 'New' }).success).toBe(true);
  });
});
