import { describe, expect, it } from '@jest/globals';
import { AppError, zodIssuesToFieldErrors } from './errors.js';
import { fillPath } from './route.js';
import { ALL_ROUTES } from '../registry.js';

describe('route declarations', () => {
  it('gives every route a unique subject and a unique method + path', () => {
    const subjects = ALL_ROUTES.map((r) => r.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    const keys = ALL_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names subjects after the owning service and declares path parameters in the params schema', () => {
    for (const r of ALL_ROUTES) {
      expect(r.subject.startsWith(`${r.service}.`)).toBe(true);
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = r.params ? Object.keys(r.params.shape) : [];
      expect(declared.sort()).toEqual(names.sort());
    }
  });

  it('fills path parameters, encoding them', () => {
    expect(fillPath('/admin/users/{id}', { id: 'a b' })).toBe('/admin/users/a%20b');
    expect(() => fillPath('/admin/users/{id}', {})).toThrow('missing path parameter id');
  });
});

describe('errors', () => {
  it('keeps status, code, detail and field errors', () => {
    const e = AppError.conflict('EMAIL_TAKEN', 'Taken', [{ path: 'email', message: 'Taken' }]);
    expect(e.status).toBe(409);
    expect(e.toBody()).toEqual({ detail: 'Taken', code: 'EMAIL_TAKEN', errors: [{ path: 'email', message: 'Taken' }] });
  });

  it('turns zod issue paths into dotted field paths with an optional prefix', () => {
    expect(zodIssuesToFieldErrors([{ path: ['a', 0, 'b'], message: 'm' }])).toEqual([{ path: 'a.0.b', message: 'm' }]);
    expect(zodIssuesToFieldErrors([{ path: ['id'], message: 'm' }], 'params')).toEqual([{ path: 'params.id', message: 'm' }]);
  });
});
