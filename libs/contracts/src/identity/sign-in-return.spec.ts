import { describe, expect, it } from '@jest/globals';
import { readSessionHash, readSignInError, sessionHash, signInErrorHash, signInRoleOf } from './sign-in-return.js';

describe('the hash an external sign-in returns with (written by the gateway, read by the SPA)', () => {
  it('carries the session id and the role both ways, ids with URL-special characters included', () => {
    const hash = sessionHash('a+b/c=d_e-f', 'mentor');
    expect(readSessionHash(hash)).toEqual({ session_id: 'a+b/c=d_e-f', role: 'mentor' });
    expect(readSignInError(hash)).toBeNull();
  });

  it('drops a role that is not a self-registration role, and reads no session without an id', () => {
    expect(readSessionHash('#session_id=s1&role=admin')).toEqual({ session_id: 's1' });
    expect(readSessionHash('#role=learner')).toBeNull();
  });

  it('says why a sign-in did not pass', () => {
    expect(readSignInError(signInErrorHash('unavailable'))).toBe('unavailable');
    expect(readSessionHash(signInErrorHash('google'))).toBeNull();
  });

  it('starts a sign-in as a learner unless a self-registration role is asked for', () => {
    expect([signInRoleOf('instructor'), signInRoleOf('admin'), signInRoleOf(undefined), signInRoleOf(['mentor'])]).toEqual([
      'instructor',
      'learner',
      'learner',
      'learner',
    ]);
  });
});
