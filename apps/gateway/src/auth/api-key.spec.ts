import { describe, expect, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { ALL_ROUTES, catalogRoutes, institutionRoutes, type Caller } from '@lp/contracts';
import { CallerSigner, CallerVerifier, generateCallerKeys } from '@lp/bus';
import { apiKeyDescription, apiKeyOperation, keyPermissionsOf, presentedApiKey } from './api-key.js';

const req = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as FastifyRequest;

describe('institution API keys at the gateway', () => {
  it('takes a key from X-API-Key, or from a bearer token that starts with lpk_, and leaves JWTs alone', () => {
    expect(presentedApiKey(req({ 'x-api-key': ' lpk_abc ' }))).toBe('lpk_abc');
    expect(presentedApiKey(req({ authorization: 'Bearer lpk_abc' }))).toBe('lpk_abc');
    expect(presentedApiKey(req({ authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.x.y' }))).toBeNull();
    expect(presentedApiKey(req({ 'x-api-key': 'lpk_header', authorization: 'Bearer lpk_bearer' }))).toBe('lpk_header');
    expect(presentedApiKey(req({}))).toBeNull();
  });

  it('knows which routes take keys and with which permission', () => {
    expect(keyPermissionsOf(catalogRoutes.institutionCourses)).toEqual(['courses.read']);
    expect(keyPermissionsOf(institutionRoutes.listMembers)).toEqual(['students.read', 'faculty.read']);
    expect(keyPermissionsOf(institutionRoutes.get)).toEqual([]);
    expect(keyPermissionsOf(institutionRoutes.createApiKey)).toEqual([]);
    // keys never reach a route outside the institution's own data
    expect(
      ALL_ROUTES.filter((r) => keyPermissionsOf(r).length)
        .map((r) => r.subject)
        .sort(),
    ).toEqual(['catalog.institution.courses', 'institution.institution.analytics', 'institution.member.enroll', 'institution.member.list']);
  });

  it('documents the scheme on those routes and lists the mapping', () => {
    expect(apiKeyOperation(catalogRoutes.institutionCourses)).toEqual({
      security: [{ bearer: [] }, { apiKey: [] }],
      'x-api-key-permissions': ['courses.read'],
    });
    expect(apiKeyOperation(institutionRoutes.get)).toEqual({});
    expect(apiKeyDescription(ALL_ROUTES)).toContain('- `POST /api/institutions/{id}/enrollments`: `enrollments.create`');
  });

  it("carries the key in the signed caller, so services see the key's limits", () => {
    const keys = generateCallerKeys();
    const caller: Caller = {
      userId: 'u1',
      role: 'institution',
      sessionId: 'api-key:k1',
      institutionId: 'i1',
      apiKey: { id: 'k1', institutionId: 'i1', permissions: ['courses.read'] },
    };
    const seen = new CallerVerifier(keys.publicKey).verify(new CallerSigner(keys.privateKey).sign(caller));
    expect(seen).toEqual(caller);
    const person = new CallerVerifier(keys.publicKey).verify(
      new CallerSigner(keys.privateKey).sign({ ...caller, apiKey: undefined, sessionId: 's' }),
    );
    expect(person?.apiKey).toBeUndefined();
  });
});
