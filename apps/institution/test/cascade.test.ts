import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { institutionRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Cascade on the real service: the settings (defaults, a partial PUT merges), and apply-cascade
 * copying branding (to the descendants that inherit it), sub-leasing plans (linked by
 * cascaded_from), policies, courses and members down the subtree in one transaction; applying
 * again copies nothing; a branch admin cascades over their branch only.
 */
let h: Harness;
let admin: U;
let group: Made;
let a: Made;
let b: Made;
let a1: Made;
let planIds: string[];
let suspended: U;

const settings = (who: U, inst: Made) => h.call(institutionRoutes.cascadeSettings, { params: { id: inst.id } }, who);
const put = (who: U, inst: Made, body: Record<string, boolean>) =>
  h.call(institutionRoutes.updateCascadeSettings, { params: { id: inst.id }, body }, who);
const apply = (who: U, inst: Made) => h.call(institutionRoutes.applyCascade, { params: { id: inst.id } }, who);
const q = <T>(sql: string, params: unknown[] = []) => h.system((tx) => tx.query(sql, params)) as Promise<T[]>;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('institution', 'Cascade Admin');
  group = await h.institution(admin, { name: 'Cascade Group' });
  a = await h.institution(null, { parent: group, name: 'Cascade A' });
  b = await h.institution(null, { parent: group, name: 'Cascade B' });
  a1 = await h.institution(null, { parent: a, name: 'Cascade A1' });
  await q(`UPDATE institutions SET inherit_branding = false, primary_color = '#000000' WHERE id = $1`, [b.id]);
  await q(
    `UPDATE institutions SET logo_url = 'https://cdn.test/logo.png', primary_color = '#1e40af', secondary_color = '#06b6d4', custom_text = 'Learn with us', policies = '{"self_enroll": true}' WHERE id = $1`,
    [group.id],
  );
  planIds = [randomUUID(), randomUUID()];
  for (const [i, id] of planIds.entries())
    await q(
      `INSERT INTO subleasing_plans (id, institution_id, name, price_minor, currency, features) VALUES ($1, $2, $3, $4, 'USD', '["Courses"]')`,
      [id, group.id, `Plan ${i}`, 1000 * (i + 1)],
    );
  await q(
    `INSERT INTO courses (id, institution_id, title, category, price, is_published, enrollment_count, created_at, updated_at) VALUES ($1, $2, 'Group Course', 'Programming', 0, true, 0, now(), now())`,
    [randomUUID(), group.id],
  );
  await h.member(group, await h.user('learner'), 'student');
  await h.member(group, await h.user('instructor'), 'faculty');
  suspended = await h.user('learner');
  const s = await h.member(group, suspended, 'student');
  await q(`UPDATE members SET is_suspended = true WHERE id = $1`, [s]);
  // already a member of A: not made again
  const both = await h.user('learner');
  await h.member(group, both, 'student');
  await h.member(a, both, 'student');
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('cascade settings', () => {
  it('starts with branding and policies, merges a partial change, and tells when it was last applied', async () => {
    await expect(settings(admin, group)).resolves.toEqual({
      cascade_settings: { branding: true, pricing: false, policies: true, content: false, users: false },
      last_applied_at: null,
    });
    await expect(put(admin, group, { pricing: true, content: true })).resolves.toMatchObject({
      cascade_settings: { branding: true, pricing: true, policies: true, content: true, users: false },
    });
    await expect(put(admin, group, { users: true })).resolves.toMatchObject({
      cascade_settings: { pricing: true, content: true, users: true },
    });
  });
});

describe('apply-cascade', () => {
  it('copies every chosen kind to the whole subtree, in one go', async () => {
    const before = Date.now();
    const res = await apply(admin, group);
    // branding: A and A1 inherit (B does not); plans 2 x 3; policies 3; the course 3; members: 3 people x 3 minus the one already in A
    expect(res).toEqual({
      message: 'Cascade settings applied to 3 institutions',
      institutions: 3,
      copied: { branding: 2, plans: 6, policies: 3, courses: 3, members: 8 },
    });
    const branding = await q<{ id: string; logo_url: string | null; primary_color: string | null; custom_text: string | null }>(
      `SELECT id, logo_url, primary_color, custom_text FROM institutions WHERE id = ANY ($1::uuid[])`,
      [[a.id, b.id, a1.id]],
    );
    expect(branding.find((r) => r.id === a1.id)).toMatchObject({
      logo_url: 'https://cdn.test/logo.png',
      primary_color: '#1e40af',
      custom_text: 'Learn with us',
    });
    expect(branding.find((r) => r.id === b.id)).toMatchObject({ logo_url: null, primary_color: '#000000' });
    const plans = await q<{ institution_id: string; name: string; price_minor: number; currency: string; cascaded_from: string }>(
      `SELECT institution_id, name, price_minor, currency, cascaded_from FROM subleasing_plans WHERE institution_id = ANY ($1::uuid[]) ORDER BY name`,
      [[a.id, b.id, a1.id]],
    );
    expect(plans).toHaveLength(6);
    expect(plans.filter((p) => p.institution_id === b.id)).toEqual([
      { institution_id: b.id, name: 'Plan 0', price_minor: 1000, currency: 'USD', cascaded_from: planIds[0] },
      { institution_id: b.id, name: 'Plan 1', price_minor: 2000, currency: 'USD', cascaded_from: planIds[1] },
    ]);
    const policies = await q<{ policies: unknown }>(`SELECT policies FROM institutions WHERE id = $1`, [a1.id]);
    expect(policies[0]!.policies).toEqual({ self_enroll: true });
    const res1 = await h.call(institutionRoutes.subsidiaryResources, { params: { id: group.id, subId: a1.id } }, admin);
    expect(res1.courses.map((c) => c.title)).toEqual(['Group Course']);
    expect(res1.students).toHaveLength(2);
    expect(res1.faculty).toHaveLength(1);
    expect(res1.students.map((s) => s.user_id)).not.toContain(suspended.id);
    const events = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE name = 'institution.member.added' AND payload->>'institution_id' = ANY ($1::text[])`,
      [[a.id, b.id, a1.id]],
    );
    expect(events[0]!.n).toBe(8);
    const s = await settings(admin, group);
    expect(Date.parse(s.last_applied_at!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('copies nothing the second time, and only what changed after that', async () => {
    await expect(apply(admin, group)).resolves.toMatchObject({
      institutions: 3,
      copied: { branding: 0, plans: 0, policies: 0, courses: 0, members: 0 },
    });
    await q(`UPDATE subleasing_plans SET price_minor = 1500 WHERE id = $1`, [planIds[0]]);
    await q(`UPDATE subleasing_plans SET name = 'Local name' WHERE institution_id = $1 AND cascaded_from = $2`, [a.id, planIds[1]]);
    await expect(apply(admin, group)).resolves.toMatchObject({ copied: { branding: 0, plans: 4, policies: 0, courses: 0, members: 0 } });
    const copies = await q<{ n: number }>(`SELECT count(*)::int AS n FROM subleasing_plans WHERE cascaded_from = ANY ($1::uuid[])`, [
      planIds,
    ]);
    expect(copies[0]!.n).toBe(6);
  });

  it('copies only the kinds switched on', async () => {
    await put(admin, group, { branding: false, pricing: false, policies: false, content: false, users: false });
    await q(`UPDATE institutions SET custom_text = 'Changed', policies = '{"self_enroll": false}' WHERE id = $1`, [group.id]);
    await expect(apply(admin, group)).resolves.toMatchObject({ copied: { branding: 0, plans: 0, policies: 0, courses: 0, members: 0 } });
    await put(admin, group, { branding: true });
    await expect(apply(admin, group)).resolves.toMatchObject({ copied: { branding: 2, plans: 0, policies: 0, courses: 0, members: 0 } });
  });

  it("lets a branch admin cascade over the branch only, and refuses readonly and other tenants' admins", async () => {
    const branchAdmin = await h.user('institution');
    await h.member(a, branchAdmin, 'admin', 'standard');
    await q(`UPDATE institutions SET custom_text = 'Branch text' WHERE id = $1`, [a.id]);
    await expect(apply(branchAdmin, a)).resolves.toMatchObject({ institutions: 1, copied: { branding: 1 } });
    const rows = await q<{ id: string; custom_text: string }>(`SELECT id, custom_text FROM institutions WHERE id = ANY ($1::uuid[])`, [
      [group.id, a1.id],
    ]);
    expect(rows.find((r) => r.id === a1.id)!.custom_text).toBe('Branch text');
    expect(rows.find((r) => r.id === group.id)!.custom_text).toBe('Changed');
    await expectAppError(apply(branchAdmin, group), 404, 'INSTITUTION_NOT_FOUND');
    const viewer = await h.user('institution');
    await h.member(group, viewer, 'admin', 'readonly');
    await expect(settings(viewer, group)).resolves.toBeTruthy();
    await expectAppError(apply(viewer, group), 403, 'READONLY_ACCESS');
    await expectAppError(put(viewer, group, { users: true }), 403, 'READONLY_ACCESS');
    const stranger = await h.user('institution');
    await h.institution(stranger);
    await expectAppError(apply(stranger, group), 404, 'INSTITUTION_NOT_FOUND');
    await expectAppError(settings(stranger, group), 404, 'INSTITUTION_NOT_FOUND');
  });
});
