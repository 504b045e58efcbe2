import { describe, expect, it } from '@jest/globals';
import { openToken, signToken } from './signed-token.js';

describe('signed tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';

  it('opens to its parts with the secret it was signed with', () => {
    const token = signToken(['u1', 'answer_posted'], secret);
    expect(openToken(token, secret, 2)).toEqual(['u1', 'answer_posted']);
  });

  it('refuses a changed part, another secret, a wrong part count and a cut signature', () => {
    const token = signToken(['u1', 'answer_posted'], secret);
    expect(openToken(token.replace('u1', 'u2'), secret, 2)).toBeNull();
    expect(openToken(token, `${secret}x`, 2)).toBeNull();
    expect(openToken(token, secret, 3)).toBeNull();
    expect(openToken(token.slice(0, -2), secret, 2)).toBeNull();
    expect(openToken('', secret, 2)).toBeNull();
  });

  it('cannot sign a part holding a dot (it would shift the parts)', () => {
    expect(() => signToken(['a.b', 'c'], secret)).toThrow(/dot/);
  });
});
