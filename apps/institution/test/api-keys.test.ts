import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { institutionInternal, institutionRoutes, type Caller } from '@lp/contracts';
import { callInternal, expectAppError } from '@lp/testing';
import { memberTypesFor } from '../src/modules/api-keys/key-scope.js';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Institution API keys on the real service: the key is shown once and only its hash is kept;
 * lists never show it; revoking is for good; the gateway's authenticate counts every call of
 * a valid key and refuses unknown, revoked and expired ones, and keys whose maker is no
 * longer an admin; another tenant's keys and institutions answer 404; the free tier makes no keys.
 */
let h: Harness;
let admin: U;
let other: U;
let inst: Made;
let otherInst: Made;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PAID = 'professional';
const setTier = (made: Made, tier: string) =>
  h.system((tx) => tx.query(`UPDATE institutions SET tier_name = $2 WHERE id = $1`, [made.id, tier]));
const create = (who: U, made: Made, body: Record<string, unknown> = {}) =>
  h.call(
    institutionRoutes.createApiKey,
    { params: { id: made.id }, body: { key_name: 'LMS sync', permissions: ['courses.read'], ...body } as never },
    who,
  );
const list = (who: U, made: Made) => h.call(institutionRoutes.listApiKeys, { params: { id: made.id } }, who);
const authenticate = (key: string) => callInternal(h.client, institutionInternal.authenticateApiKey, { api_key: key });

beforeAll(async () => {
  h = await startHarness();
  [admin, other] = [await h.user('institution', 'Key Admin'), await h.user('institution', 'Other Admin')];
  inst = await h.institution(admin, { name: 'Keyed Academy' });
  otherInst = await h.institution(other, { name: 'Other Academy' });
  await setTier(inst, PAID);
  await setTier(otherInst, PAID);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('making and listing keys', () => {
  it('shows the whole key once, keeps only its hash, and lists it without the key', async () => {
    const made = await create(admin, inst, { permissions: ['courses.read', 'students.read'], expires_in_days: 30 });
    expect(made.api_key).toMatch(/^lpk_[A-Za-z0-9]{40}$/);
    expect(made).toMatchObject({
      key_name: 'LMS sync',
      key_prefix: made.api_key.slice(0, 12),
      permissions: ['courses.read', 'students.read'],
      rate_limit_per_minute: 60,
      total_calls: 0,
      last_used_at: null,
      is_active: true,
    });
    const days = (Date.parse(made.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const [stored] = (await h.system((tx) => tx.query(`SELECT * FROM api_keys WHERE id = $1`, [made.id]))) as Record<string, unknown>[];
    expect(stored!.key_hash).toBe(sha256(made.api_key));
    expect(JSON.stringify(stored)).not.toContain(made.api_key);

    const listed = await list(admin, inst);
    const mine = listed.api_keys.find((k) => k.id === made.id)!;
    expect(mine).toEqual({ ...made, api_key: undefined });
    expect(JSON.stringify(listed)).not.toContain(made.api_key);
    expect(Object.keys(mine)).not.toContain('api_key');
  });

  it('makes a different key every time, never expiring without expiry days', async () => {
    const [a, b] = [await create(admin, inst, { rate_limit_per_minute: 5 }), await create(admin, inst)];
    expect(a.api_key).not.toBe(b.api_key);
    expect(a).toMatchObject({ expires_at: null, rate_limit_per_minute: 5 });
  });

  it('refuses a tier without API access (free), and lets a subsidiary of a paid institution make keys', async () => {
    const founder = await h.user('institution');
    const free = await h.institution(founder, { name: 'Free School' });
    await expectAppError(create(founder, free), 403, 'API_ACCESS_NOT_IN_TIER');
    const child = await h.institution(admin, { parent: inst, name: 'Keyed Branch' });
    await expect(create(admin, child)).resolves.toMatchObject({ is_active: true });
  });

  it('lets a readonly admin see the keys but make none; a standard admin makes none either', async () => {
    const reader = await h.user('institution');
    const standard = await h.user('institution');
    await h.member(inst, reader, 'admin', 'readonly');
    await h.member(inst, standard, 'admin', 'standard');
    expect((await list(reader, inst)).api_keys.length).toBeGreaterThan(0);
    await expectAppError(create(reader, inst), 403, 'READONLY_ACCESS');
    await expectAppError(create(standard, inst), 403, 'ADMIN_ACCESS_REQUIRED');
  });

  it("answers another tenant's institution as an unknown one", async () => {
    await expectAppError(list(other, inst), 404, 'INSTITUTION_NOT_FOUND');
    await expectAppError(create(other, inst), 404, 'INSTITUTION_NOT_FOUND');
  });
});

describe('revoking', () => {
  it('revokes for good: the key stops working, a second revoke answers 409', async () => {
    const made = await create(admin, inst);
    expect(await h.call(institutionRoutes.revokeApiKey, { params: { id: inst.id, keyId: made.id } }, admin)).toEqual({
      message: 'API key revoked',
    });
    expect((await list(admin, inst)).api_keys.find((k) => k.id === made.id)).toMatchObject({ is_active: false });
    expect(await authenticate(made.api_key)).toEqual({ valid: false, reason: 'revoked' });
    await expectAppError(
      h.call(institutionRoutes.revokeApiKey, { params: { id: inst.id, keyId: made.id } }, admin),
      409,
      'API_KEY_REVOKED',
    );
  });

  it("answers 404 for another tenant's key id and leaves that key alone", async () => {
    const theirs = await create(other, otherInst);
    await expectAppError(
      h.call(institutionRoutes.revokeApiKey, { params: { id: inst.id, keyId: theirs.id } }, admin),
      404,
      'API_KEY_NOT_FOUND',
    );
    await expectAppError(
      h.call(institutionRoutes.revokeApiKey, { params: { id: otherInst.id, keyId: theirs.id } }, admin),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    expect((await list(other, otherInst)).api_keys.find((k) => k.id === theirs.id)).toMatchObject({ is_active: true });
    expect((await list(admin, inst)).api_keys.map((k) => k.id)).not.toContain(theirs.id);
  });
});

describe('authenticate (the gateway asking)', () => {
  it('answers who the key is and counts each call with its time', async () => {
    const made = await create(admin, inst, { permissions: ['analytics.read'], rate_limit_per_minute: 7 });
    const first = await authenticate(made.api_key);
    expect(first).toEqual({
      valid: true,
      key_id: made.id,
      institution_id: inst.id,
      owner_user_id: admin.id,
      permissions: ['analytics.read'],
      rate_limit_per_minute: 7,
    });
    await authenticate(made.api_key);
    await authenticate(made.api_key);
    const listed = (await list(admin, inst)).api_keys.find((k) => k.id === made.id)!;
    expect(listed.total_calls).toBe(3);
    expect(Date.now() - Date.parse(listed.last_used_at!)).toBeLessThan(60_000);
  });

  it('refuses an unknown key, an expired one and one whose maker is no longer an admin', async () => {
    expect(await authenticate('lpk_' + 'x'.repeat(40))).toEqual({ valid: false, reason: 'unknown' });

    const expiring = await create(admin, inst, { expires_in_days: 1 });
    await h.system((tx) => tx.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]));
    expect(await authenticate(expiring.api_key)).toEqual({ valid: false, reason: 'expired' });
    expect((await list(admin, inst)).api_keys.find((k) => k.id === expiring.id)).toMatchObject({ is_active: false, total_calls: 0 });

    const maker = await h.user('institution');
    await h.member(inst, maker, 'admin', 'admin');
    const made = await create(maker, inst);
    expect(await authenticate(made.api_key)).toMatchObject({ valid: true });
    await h.system((tx) =>
      tx.query(`UPDATE members SET is_suspended = true WHERE institution_id = $1 AND user_id = $2`, [inst.id, maker.id]),
    );
    expect(await authenticate(made.api_key)).toEqual({ valid: false, reason: 'revoked' });
    await h.system((tx) =>
      tx.query(`UPDATE members SET is_suspended = false, access_level = 'readonly' WHERE institution_id = $1 AND user_id = $2`, [
        inst.id,
        maker.id,
      ]),
    );
    expect(await authenticate(made.api_key)).toEqual({ valid: false, reason: 'revoked' });
    await h.system((tx) =>
      tx.query(`UPDATE members SET access_level = 'admin' WHERE institution_id = $1 AND user_id = $2`, [inst.id, maker.id]),
    );
    expect(await authenticate(made.api_key)).toMatchObject({ valid: true });
  });
});

describe('what a key caller sees', () => {
  const keyCaller = (made: Made, permissions: string[]): Caller => ({
    userId: admin.id,
    role: 'institution',
    sessionId: 'api-key:test',
    institutionId: made.id,
    apiKey: { id: 'test', institutionId: made.id, permissions },
  });

  it('lists only the member types its permissions name, never admins', async () => {
    expect(memberTypesFor(keyCaller(inst, ['students.read']))).toEqual(['student']);
    expect(memberTypesFor(keyCaller(inst, ['faculty.read', 'students.read']))).toEqual(['student', 'faculty']);
    expect(memberTypesFor(keyCaller(inst, ['faculty.read']), 'student')).toEqual([]);
    expect(memberTypesFor(admin.caller)).toEqual(['student', 'faculty', 'admin']);
    expect(memberTypesFor(admin.caller, 'faculty')).toEqual(['faculty']);

    const scoped = await h.institution(admin, { name: 'Scoped' });
    await h.member(scoped, await h.user('learner'), 'student');
    await h.member(scoped, await h.user('instructor'), 'faculty');
    const asKey = { ...admin, caller: keyCaller(scoped, ['students.read']) };
    const seen = await h.call(institutionRoutes.listMembers, { params: { id: scoped.id }, query: {} as never }, asKey);
    expect(seen.members.map((m) => m.member_type)).toEqual(['student']);
  });

  it("is bound to its institution's subtree, even where its maker administers more", async () => {
    const asKey = { ...admin, caller: keyCaller(inst, ['students.read']) };
    const elsewhere = await h.institution(admin, { name: 'Also Administered' });
    await expectAppError(
      h.call(institutionRoutes.listMembers, { params: { id: elsewhere.id }, query: {} as never }, asKey),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    await expectAppError(
      h.call(institutionRoutes.listMembers, { params: { id: otherInst.id }, query: {} as never }, asKey),
      404,
      'INSTITUTION_NOT_FOUND',
    );
  });
});
