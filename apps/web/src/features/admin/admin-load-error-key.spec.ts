import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../api/api-error';
import { adminLoadErrorKey } from './admin-load-error-key';

describe('admin data load errors', () => {
  it('403 is "Admin access denied", 401 "Login required", else the detail, else the fallback', () => {
    expect(adminLoadErrorKey(new ApiError(403, 'FORBIDDEN', 'Forbidden'))).toBe('denied');
    expect(adminLoadErrorKey(new ApiError(401, 'UNAUTHENTICATED', null))).toBe('login');
    expect(adminLoadErrorKey(new ApiError(500, 'HTTP_500', 'The database is down'))).toBe('detail');
    expect(adminLoadErrorKey(new ApiError(502, 'HTTP_502', null))).toBe('fallback');
    expect(adminLoadErrorKey(new Error('boom'))).toBe('fallback');
  });
});
