import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Institution } from '@lp/contracts';
import { enterSystemScope } from '../../../institution/src/common/tenancy.js';
import { startStack, uniqueEmail, type Stack } from './harness.js';

/**
 * Institution API keys through the gateway with every service running: a key made in the
 * dashboard calls the routes its permissions open, with X-API-Key or as a bearer token, and
 * nothing else (403 where it lacks the permission or the route takes no keys, 401 once
 * revoked or unknown); each key has its own per-minute limit (429 with Retry-After); every
 * call is counted; /api/docs names the scheme and the routes.
 */
type ErrorBody = { detail: string; code: string; errors: Array<{ path: string; message: string }> };
type Auth = { token: string; user: { id: string; email: string } };
type Key = { id: string; api_key: string; key_prefix: string; total_calls: number; is_active: boolean };

let stack: Stack;
let owner: Auth;
let rival: Auth;
let mine: Institution;
let theirs: Institution;

const register = async (tag: string): Promise<Auth> => {
  const res = await stack.api<Auth>('POST', '/auth/register', {
    body: { name: `Keys ${tag}`, email: uniqueEmail(tag), password: 'secret-pass-1', role: 'institution' },
  });
  expect(res.status).toBe(201);
  return res.body;
};
const onboard = async (who: Auth, name: string): Promise<Institution> => {
  const res = await stack.api<Institution>('POST', '/institutions/onboard', {
    token: who.token,
    body: { name, subdomain: `k-${randomUUID().slice(0, 10)}`, contact_email: 'office@keys.test' },
  });
  expect(res.status).toBe(201);
  return res.body;
};
/** in institution's own database: tiers are bought through billing, which this test does not exercise */
const system = (sql: string, args: unknown[]) =>
  stack.institution.ds.transaction(async (tx) => {
    await enterSystemScope(tx);
    return tx.query(sql, args);
  });
const makeKey = async (who: Auth, inst: Institution, permissions: string[], extra: Record<string, unknown> = {}): Promise<Key> => {
  const res = await stack.api<Key>('POST', `/institutions/${inst.id}/api-keys`, {
    token: who.token,
    body: { key_name: 'Integration', permissions, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
};
const withKey = (key: string) => ({ headers: { 'x-api-key': key } });

beforeAll(async () => {
  stack = await startStack();
  [owner, rival] = [await register('owner'), await register('rival')];
  [mine, theirs] = [await onboard(owner, 'Keyed Campus'), await onboard(rival, 'Rival Campus')];
  for (const inst of [mine, theirs]) await system(`UPDATE institutions SET tier_name = 'professional' WHERE id = $1`, [inst.id]);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('/api with an institution API key', () => {
  it('lists the institution courses with X-API-Key and with Authorization: Bearer, and counts each call', async () => {
    const key = await makeKey(owner, mine, ['courses.read']);
    expect(key.api_key).toMatch(/^lpk_/);
    const viaHeader = await stack.api('GET', '/institution/courses', withKey(key.api_key));
    expect(viaHeader.status).toBe(200);
    expect(Array.isArray(viaHeader.body)).toBe(true);
    const viaBearer = await stack.api('GET', '/institution/courses', { token: key.api_key });
    expect(viaBearer.status).toBe(200);
    // the owner's own sign-in still works beside it
    expect((await stack.api('GET', '/institution/courses', { token: owner.token })).status).toBe(200);

    const listed = await stack.api<{ api_keys: Key[] }>('GET', `/institutions/${mine.id}/api-keys`, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.api_keys.find((k) => k.id === key.id)).toMatchObject({ total_calls: 2, is_active: true });
    expect(JSON.stringify(listed.body)).not.toContain(key.api_key);
  });

  it('refuses a route whose permission the key lacks, and a route that takes no keys', async () => {
    const key = await makeKey(owner, mine, ['courses.read']);
    const lacking = await stack.api<ErrorBody>('GET', `/institutions/${mine.id}/analytics`, withKey(key.api_key));
    expect([lacking.status, lacking.body.code]).toEqual([403, 'API_KEY_FORBIDDEN']);
    expect(lacking.body.detail).toContain('analytics.read');
    for (const path of [`/institutions/${mine.id}`, `/institutions/${mine.id}/api-keys`]) {
      const refused = await stack.api<ErrorBody>('GET', path, withKey(key.api_key));
      expect([refused.status, refused.body.code]).toEqual([403, 'API_KEY_NOT_ACCEPTED']);
    }
    const making = await stack.api<ErrorBody>('POST', `/institutions/${mine.id}/api-keys`, {
      token: key.api_key,
      body: { key_name: 'Self', permissions: ['courses.read'] },
    });
    expect([making.status, making.body.code]).toEqual([403, 'API_KEY_NOT_ACCEPTED']);
  });

  it('lists only the member types the key may read, and nothing of another institution', async () => {
    const studentId = randomUUID();
    const facultyId = randomUUID();
    for (const [id, type] of [
      [studentId, 'student'],
      [facultyId, 'faculty'],
    ] as const) {
      const userId = randomUUID();
      const role = type === 'student' ? 'learner' : 'instructor';
      await system(`INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, $4)`, [
        userId,
        `Keys ${type}`,
        `${userId.slice(0, 8)}@keys.test`,
        role,
      ]);
      await system(`INSERT INTO members (id, institution_id, user_id, member_type, portal_role) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        mine.id,
        userId,
        type,
        role,
      ]);
    }
    const key = await makeKey(owner, mine, ['students.read']);
    const seen = await stack.api<{ members: Array<{ id: string; member_type: string }> }>(
      'GET',
      `/institutions/${mine.id}/members`,
      withKey(key.api_key),
    );
    expect(seen.status).toBe(200);
    expect(seen.body.members.map((m) => m.member_type)).toEqual(['student']);
    const other = await stack.api<ErrorBody>('GET', `/institutions/${theirs.id}/members`, withKey(key.api_key));
    expect([other.status, other.body.code]).toEqual([404, 'INSTITUTION_NOT_FOUND']);
  });

  it('answers 401 to a revoked key and to an unknown one', async () => {
    const key = await makeKey(owner, mine, ['courses.read']);
    expect((await stack.api('GET', '/institution/courses', withKey(key.api_key))).status).toBe(200);
    const revoked = await stack.api('DELETE', `/institutions/${mine.id}/api-keys/${key.id}`, { token: owner.token });
    expect(revoked.status).toBe(200);
    const after = await stack.api<ErrorBody>('GET', '/institution/courses', withKey(key.api_key));
    expect([after.status, after.body.code]).toEqual([401, 'API_KEY_REVOKED']);
    const bearer = await stack.api<ErrorBody>('GET', '/institution/courses', { token: key.api_key });
    expect([bearer.status, bearer.body.code]).toEqual([401, 'API_KEY_REVOKED']);
    const again = await stack.api<ErrorBody>('DELETE', `/institutions/${mine.id}/api-keys/${key.id}`, { token: owner.token });
    expect([again.status, again.body.code]).toEqual([409, 'API_KEY_REVOKED']);
    const unknown = await stack.api<ErrorBody>('GET', '/institution/courses', { token: `lpk_${'Q'.repeat(40)}` });
    expect([unknown.status, unknown.body.code]).toEqual([401, 'API_KEY_INVALID']);
  });

  it('holds each key to its own limit per minute: the third call of a 2/min key is 429 with Retry-After', async () => {
    const key = await makeKey(owner, mine, ['courses.read'], { rate_limit_per_minute: 2 });
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await stack.api('GET', '/institution/courses', withKey(key.api_key))).status);
    expect(statuses).toEqual([200, 200]);
    const third = await stack.api<ErrorBody>('GET', '/institution/courses', withKey(key.api_key));
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ detail: expect.stringContaining('2 calls a minute'), code: 'RATE_LIMITED', errors: [] });
    const retry = Number(third.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // another key of the same institution has its own window
    const fresh = await makeKey(owner, mine, ['courses.read'], { rate_limit_per_minute: 2 });
    expect((await stack.api('GET', '/institution/courses', withKey(fresh.api_key))).status).toBe(200);
    const listed = await stack.api<{ api_keys: Key[] }>('GET', `/institutions/${mine.id}/api-keys`, { token: owner.token });
    expect(listed.body.api_keys.find((k) => k.id === key.id)?.total_calls).toBe(3);
  });

  it('refuses keys to an institution whose tier has no API access', async () => {
    const founder = await register('free');
    const free = await onboard(founder, 'Free Campus');
    const res = await stack.api<ErrorBody>('POST', `/institutions/${free.id}/api-keys`, {
      token: founder.token,
      body: { key_name: 'Nope', permissions: ['courses.read'] },
    });
    expect([res.status, res.body.code]).toEqual([403, 'API_ACCESS_NOT_IN_TIER']);
  });

  it('is documented in /api/docs: the scheme, the routes that take keys and the permission each needs', async () => {
    const doc = await stack.api<{
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<string, Record<string, { security?: unknown[]; 'x-api-key-permissions'?: string[] }>>;
    }>('GET', '/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const courses = doc.body.paths['/api/institution/courses']!.get!;
    expect(courses.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(courses['x-api-key-permissions']).toEqual(['courses.read']);
    expect(doc.body.paths['/api/institutions/{id}']!.get!.security).toBeUndefined();
    expect(doc.body.info.description).toContain('`GET /api/institutions/{id}/members`: `students.read` or `faculty.read`');
  });
});
