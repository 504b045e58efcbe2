import { describe, expect, it } from '@jest/globals';
import { identityRoutes } from '@lp/contracts';
import { validateRequest } from './validate.js';
import { toFastifyPath } from './route-registrar.js';

describe('request validation', () => {
  it('lists every problem of the body at once', () => {
    try {
      validateRequest(identityRoutes.register, { params: {}, query: {}, body: {} });
      throw new Error('should have failed');
    } catch (e) {
      expect((e as { status: number }).status).toBe(400);
      expect((e as { errors: { path: string }[] }).errors.map((x) => x.path).sort()).toEqual(['email', 'name', 'password', 'role']);
    }
  });

  it('reports a malformed path id under params', () => {
    expect(() => validateRequest(identityRoutes.adminDeleteUser, { params: { id: 'nope' }, query: {}, body: undefined })).toThrow(
      'The id in the path is not valid',
    );
  });

  it('applies defaults and coercion to the query and drops unknown parameters', () => {
    const r = validateRequest(identityRoutes.adminListUsers, { params: {}, query: { limit: '5', token: 'abc' }, body: undefined });
    expect(r.query).toEqual({ limit: 5, offset: 0 });
  });

  it('refuses a NUL character in any text, naming the field, before any service sees it', () => {
    try {
      validateRequest(identityRoutes.adminListUsers, { params: {}, query: { search: 'a\u0000b' }, body: undefined });
      throw new Error('should have failed');
    } catch (e) {
      expect((e as { status: number }).status).toBe(400);
      expect((e as { errors: unknown[] }).errors).toContainEqual({ path: 'query.search', message: 'Text may not contain NUL characters' });
    }
    expect(() =>
      validateRequest(identityRoutes.register, {
        params: {},
        query: {},
        body: { name: 'Ann', email: 'a@b.co', password: 'secret-pass-1', role: 'learner', extra: { deep: ['\u0000'] } },
      }),
    ).toThrow();
  });

  it('maps declared paths to Fastify paths under /api', () => {
    expect(toFastifyPath('/admin/users/{id}')).toBe('/api/admin/users/:id');
  });
});
