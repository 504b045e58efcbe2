import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { institutionRoutes, type HierarchyNode } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Subsidiaries and the tree on the real service: a parent one organizational level up, at most
 * 20 levels, the top institution's limit of subsidiaries held under concurrency, the tier's
 * limit; a parent's admin sees the subtree, a branch's admin only their branch (the rest is
 * 404, as an unknown id); a readonly admin changes nothing; courses, students and faculty are
 * assigned to and unassigned from subsidiaries.
 */
let h: Harness;
let owner: U;
let top: Made;

const made = (s: { id: string; name: string; subdomain: string | null }, pathIds: string[]): Made => ({
  id: s.id,
  name: s.name,
  subdomain: s.subdomain ?? '',
  pathIds,
});
const sub = (name: string, level: number, extra: Record<string, unknown> = {}) => ({
  name,
  subdomain: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`,
  organizational_level: level,
  level_type: 'branch',
  ...extra,
});
const create = (who: U, inst: Made, body: Record<string, unknown>) =>
  h.call(institutionRoutes.createSubsidiary, { params: { id: inst.id }, body: body as never }, who);
const pathOf = async (id: string): Promise<string[]> =>
  ((await h.system((tx) => tx.query(`SELECT path_ids FROM institutions WHERE id = $1`, [id]))) as { path_ids: string[] }[])[0]!.path_ids;
const names = (n: HierarchyNode): unknown => ({ name: n.name, children: n.children.map(names) });
const course = async (inst: Made, title: string): Promise<string> => {
  const id = randomUUID();
  await h.system((tx) =>
    tx.query(
      `INSERT INTO courses (id, institution_id, title, category, price, is_published, enrollment_count, created_at, updated_at) VALUES ($1, $2, $3, 'Programming', 0, true, 4, now(), now())`,
      [id, inst.id, title],
    ),
  );
  return id;
};
const outbox = (name: string, field: string, value: string) =>
  h.system((tx) => tx.query(`SELECT payload FROM outbox WHERE name = $1 AND payload->>$2 = $3`, [name, field, value])) as Promise<
    { payload: Record<string, unknown> }[]
  >;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user('institution', 'Tree Owner');
  top = await h.institution(owner, { name: 'Acme Group' });
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('creating subsidiaries', () => {
  it('adds a level 2 under the route institution: path, depth, verified with its verified parent, created event', async () => {
    const s = await create(
      owner,
      top,
      sub('North Campus', 2, { subdomain: '  North-Campus_X!  ', level_name: 'Campus', contact_email: '' }),
    );
    expect(s).toMatchObject({
      name: 'North Campus',
      subdomain: 'north-campusx',
      parent_institution_id: top.id,
      hierarchy_level: 1,
      organizational_level: 2,
      level_type: 'branch',
      level_name: 'Campus',
      verification_status: 'verified',
      inherit_branding: true,
      contact_email: null,
      hierarchy_path: 'Acme Group > North Campus',
      total_students: 0,
      total_courses: 0,
      my_access: { access_level: 'admin', via_institution_id: top.id, can_edit: true },
    });
    expect(await pathOf(s.id)).toEqual([top.id, s.id]);
    const [event] = await outbox('institution.created', 'institution_id', s.id);
    expect(event!.payload).toMatchObject({
      path_ids: [top.id, s.id],
      parent_institution_id: top.id,
      created_by: owner.id,
      verification_status: 'verified',
    });
    const taken = await h.call(institutionRoutes.checkSubdomain, { query: { subdomain: 'north-campusx' } }, owner);
    expect(taken).toMatchObject({ available: false, taken_by: 'North Campus' });
  });

  it('needs a parent exactly one organizational level up', async () => {
    await expectAppError(create(owner, top, sub('Skip', 3)), 422, 'PARENT_LEVEL_MISMATCH');
    await expectAppError(create(owner, top, sub('Another Top', 1)), 422, 'PARENT_LEVEL_MISMATCH');
    const l2 = await create(owner, top, sub('Cluster East', 2, { level_type: 'cluster' }));
    await expectAppError(create(owner, top, sub('Too Low', 2, { parent_institution_id: l2.id })), 422, 'PARENT_LEVEL_MISMATCH');
    const l3 = await create(owner, top, sub('East Branch', 3, { parent_institution_id: l2.id }));
    expect(l3).toMatchObject({
      parent_institution_id: l2.id,
      hierarchy_level: 2,
      organizational_level: 3,
      hierarchy_path: 'Acme Group > Cluster East > East Branch',
    });
    expect(await pathOf(l3.id)).toEqual([top.id, l2.id, l3.id]);
  });

  it('refuses a parent outside the route subtree as not found (another tenant, or above the route)', async () => {
    const stranger = await h.user('institution');
    const theirs = await h.institution(stranger, { name: 'Stranger Org' });
    await expectAppError(create(owner, top, sub('Hijack', 2, { parent_institution_id: theirs.id })), 404, 'PARENT_NOT_FOUND');
    await expectAppError(create(owner, top, sub('Nowhere', 2, { parent_institution_id: randomUUID() })), 404, 'PARENT_NOT_FOUND');
    const l2 = await create(owner, top, sub('Mid', 2));
    // the route is the level 2: its parent (the top) is outside that subtree
    await expectAppError(
      create(owner, made(l2, [top.id, l2.id]), sub('Sideways', 2, { parent_institution_id: top.id })),
      404,
      'PARENT_NOT_FOUND',
    );
    await expectAppError(create(stranger, top, sub('Outsider', 2)), 404, 'INSTITUTION_NOT_FOUND');
  });

  it('keeps a subsidiary of a pending tree pending', async () => {
    const founder = await h.user('institution');
    const pending = await h.institution(founder, { status: 'pending' });
    await expect(create(founder, pending, sub('Waiting Branch', 2))).resolves.toMatchObject({
      verification_status: 'pending',
      verified_at: null,
    });
  });

  it('answers a taken subdomain with 409 and the holder, creating nothing', async () => {
    const first = await create(owner, top, sub('Holder', 2));
    const err = await expectAppError(create(owner, top, sub('Copycat', 2, { subdomain: first.subdomain })), 409, 'SUBDOMAIN_TAKEN');
    expect(err.errors).toEqual([{ path: 'subdomain', message: 'Taken by Holder' }]);
    expect(await h.system((tx) => tx.query(`SELECT 1 FROM institutions WHERE name = 'Copycat'`))).toEqual([]);
    await expectAppError(create(owner, top, sub('Short', 2, { subdomain: 'a!' })), 400, 'VALIDATION_FAILED');
  });

  it('goes at most 20 levels deep', async () => {
    const founder = await h.user('institution');
    let parent = await h.institution(founder, { name: 'Deep Root' });
    for (let level = 2; level <= 20; level++) {
      const s = await create(founder, parent, sub(`Level ${level}`, level));
      parent = made(s, [...parent.pathIds, s.id]);
    }
    expect(parent.pathIds).toHaveLength(20);
    await expectAppError(create(founder, parent, sub('Level 21', 20)), 422, 'LEVEL_TOO_DEEP');
    await expectAppError(create(founder, parent, sub('Level 21', 21)), 400, 'VALIDATION_FAILED');
  }, 60_000);

  it('holds the top institution limit under concurrent creates, counting the whole tree', async () => {
    const founder = await h.user('institution');
    const small = await h.institution(founder, { name: 'Small Group' });
    await h.system((tx) => tx.query(`UPDATE institutions SET max_subsidiaries = 3 WHERE id = $1`, [small.id]));
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => create(founder, small, sub(`Race ${i}`, 2))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as { code: string }).code);
    expect(refused).toEqual(['SUBSIDIARY_LIMIT', 'SUBSIDIARY_LIMIT', 'SUBSIDIARY_LIMIT']);
    const [count] = (await h.system((tx) => tx.query(`SELECT count(*)::int AS n FROM institutions WHERE parent_id = $1`, [small.id]))) as {
      n: number;
    }[];
    expect(count!.n).toBe(3);
  });

  it("counts a branch admin's creates against the top's limit, which the branch admin cannot see", async () => {
    const founder = await h.user('institution');
    const branchAdmin = await h.user('institution');
    const group = await h.institution(founder, { name: 'Limited Group' });
    await h.system((tx) => tx.query(`UPDATE institutions SET max_subsidiaries = 2 WHERE id = $1`, [group.id]));
    const branch = await h.institution(branchAdmin, { parent: group, name: 'Limited Branch' });
    await expect(create(branchAdmin, branch, sub('Dept One', 3, { level_type: 'department' }))).resolves.toMatchObject({
      hierarchy_path: 'Limited Branch > Dept One',
    });
    await expectAppError(create(branchAdmin, branch, sub('Dept Two', 3)), 422, 'SUBSIDIARY_LIMIT');
  });

  it("applies the tier's limit (null: unlimited)", async () => {
    const tier = `tiny-${randomUUID().slice(0, 6)}`;
    await h.system((tx) =>
      tx.query(
        `INSERT INTO tiers (id, tier_name, display_name, price_monthly_minor, price_yearly_minor, max_subsidiaries) VALUES (gen_random_uuid(), $1, 'Tiny', 0, 0, 1)`,
        [tier],
      ),
    );
    const founder = await h.user('institution');
    const tiny = await h.institution(founder, { name: 'Tiny Org' });
    await h.system((tx) => tx.query(`UPDATE institutions SET tier_name = $2 WHERE id = $1`, [tiny.id, tier]));
    await expect(create(founder, tiny, sub('Only One', 2))).resolves.toMatchObject({ subscription_tier_name: tier });
    await expectAppError(create(founder, tiny, sub('Second', 2)), 422, 'TIER_LIMIT');
    await h.system((tx) => tx.query(`UPDATE tiers SET max_subsidiaries = NULL WHERE tier_name = $1`, [tier]));
    await expect(create(founder, tiny, sub('Second', 2))).resolves.toMatchObject({ organizational_level: 2 });
  });
});

describe('one tree, three admins', () => {
  let group: Made;
  let a: Made;
  let b: Made;
  let a1: Made;
  let groupAdmin: U;
  let aAdmin: U;
  let bAdmin: U;
  let viewer: U;

  beforeAll(async () => {
    [groupAdmin, aAdmin, bAdmin, viewer] = [
      await h.user('institution', 'Group Admin'),
      await h.user('institution'),
      await h.user('institution'),
      await h.user('institution'),
    ];
    group = await h.institution(groupAdmin, { name: 'Zeta Group' });
    const sa = await create(groupAdmin, group, sub('Alpha', 2));
    const sb = await create(groupAdmin, group, sub('Beta', 2));
    a = made(sa, [group.id, sa.id]);
    b = made(sb, [group.id, sb.id]);
    const sa1 = await create(groupAdmin, a, sub('Alpha One', 3, { level_type: 'department' }));
    a1 = made(sa1, [...a.pathIds, sa1.id]);
    await h.member(a, aAdmin, 'admin', 'admin');
    await h.member(b, bAdmin, 'admin', 'admin');
    await h.member(group, viewer, 'admin', 'readonly');
    for (const [inst, type] of [
      [a, 'student'],
      [a, 'student'],
      [a, 'faculty'],
      [a1, 'student'],
    ] as const)
      await h.member(inst, await h.user(), type);
    await course(a1, 'Alpha Course');
  }, 60_000);

  it('shows the parent admin the whole subtree, with set-based counts', async () => {
    const list = await h.call(institutionRoutes.listSubsidiaries, { params: { id: group.id } }, groupAdmin);
    expect(list.subsidiaries.map((s) => s.name)).toEqual(['Alpha', 'Beta', 'Alpha One']);
    const tree = await h.call(institutionRoutes.hierarchy, { params: { id: group.id } }, groupAdmin);
    expect(names(tree.hierarchy)).toEqual({
      name: 'Zeta Group',
      children: [
        { name: 'Alpha', children: [{ name: 'Alpha One', children: [] }] },
        { name: 'Beta', children: [] },
      ],
    });
    const alpha = tree.hierarchy.children[0]!;
    expect(alpha).toMatchObject({ total_students: 2, total_faculty: 1, total_courses: 0, organizational_level: 2, hierarchy_level: 1 });
    expect(alpha.children[0]).toMatchObject({ total_students: 1, total_faculty: 0, total_courses: 1, level_type: 'department' });
    const chart = await h.call(institutionRoutes.orgChart, { params: { id: a1.id } }, groupAdmin);
    expect(chart).toMatchObject({ total_levels: 3, total_organizations: 4, current_institution_id: a1.id });
    expect(chart.org_chart.id).toBe(group.id);
    const path = await h.call(institutionRoutes.hierarchyPath, { params: { id: a1.id } }, groupAdmin);
    expect(path.hierarchy_path.map((p) => [p.name, p.organizational_level, p.is_current])).toEqual([
      ['Zeta Group', 1, false],
      ['Alpha', 2, false],
      ['Alpha One', 3, true],
    ]);
  });

  it('shows a branch admin their branch only: the path and chart start at the branch, the parent is 404', async () => {
    const path = await h.call(institutionRoutes.hierarchyPath, { params: { id: a1.id } }, aAdmin);
    expect(path.hierarchy_path.map((p) => p.name)).toEqual(['Alpha', 'Alpha One']);
    const chart = await h.call(institutionRoutes.orgChart, { params: { id: a.id } }, aAdmin);
    expect(chart).toMatchObject({ total_levels: 2, total_organizations: 2, current_institution_id: a.id });
    expect(names(chart.org_chart)).toEqual({ name: 'Alpha', children: [{ name: 'Alpha One', children: [] }] });
    expect(JSON.stringify(chart)).not.toContain('Zeta Group');
    const own = await h.call(institutionRoutes.listSubsidiaries, { params: { id: a.id } }, aAdmin);
    expect(own.subsidiaries.map((s) => [s.name, s.hierarchy_path])).toEqual([['Alpha One', 'Alpha > Alpha One']]);
    for (const route of [
      institutionRoutes.hierarchy,
      institutionRoutes.hierarchyPath,
      institutionRoutes.orgChart,
      institutionRoutes.listSubsidiaries,
      institutionRoutes.cascadeSettings,
    ])
      await expectAppError(h.call(route, { params: { id: group.id } }, aAdmin), 404, 'INSTITUTION_NOT_FOUND');
  });

  it("keeps sibling branches apart: the other sibling's ids are 404 everywhere", async () => {
    for (const route of [institutionRoutes.hierarchy, institutionRoutes.hierarchyPath, institutionRoutes.unassignedResources])
      await expectAppError(h.call(route, { params: { id: a.id } }, bAdmin), 404, 'INSTITUTION_NOT_FOUND');
    await expectAppError(
      h.call(institutionRoutes.subsidiaryResources, { params: { id: b.id, subId: a1.id } }, bAdmin),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    await expectAppError(
      h.call(institutionRoutes.updateSubsidiary, { params: { id: b.id, subId: a.id }, body: { name: 'Taken Over' } }, bAdmin),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    await expectAppError(create(bAdmin, b, sub('Into Alpha', 3, { parent_institution_id: a.id })), 404, 'PARENT_NOT_FOUND');
    await expectAppError(
      h.call(
        institutionRoutes.assignResources,
        { params: { id: b.id }, body: { resource_type: 'course', resource_ids: [randomUUID()], subsidiary_id: a1.id, action: 'assign' } },
        bAdmin,
      ),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    const theirs = await h.call(institutionRoutes.hierarchy, { params: { id: b.id } }, bAdmin);
    expect(JSON.stringify(theirs)).not.toContain('Alpha');
  });

  it('lets a readonly admin read everything and change nothing (403 READONLY_ACCESS)', async () => {
    await expect(h.call(institutionRoutes.hierarchy, { params: { id: group.id } }, viewer)).resolves.toBeTruthy();
    await expect(h.call(institutionRoutes.subsidiaryResources, { params: { id: group.id, subId: a.id } }, viewer)).resolves.toBeTruthy();
    // started one at a time: a refusal must not be left unawaited while another is checked
    const writes = [
      () => create(viewer, group, sub('Nope', 2)),
      () => h.call(institutionRoutes.updateSubsidiary, { params: { id: group.id, subId: a.id }, body: { name: 'Nope' } }, viewer),
      () =>
        h.call(
          institutionRoutes.assignResources,
          {
            params: { id: group.id },
            body: { resource_type: 'course', resource_ids: [randomUUID()], subsidiary_id: a.id, action: 'assign' },
          },
          viewer,
        ),
      () => h.call(institutionRoutes.updateCascadeSettings, { params: { id: group.id }, body: { users: true } }, viewer),
      () => h.call(institutionRoutes.applyCascade, { params: { id: group.id } }, viewer),
    ];
    for (const w of writes) await expectAppError(w(), 403, 'READONLY_ACCESS');
  });

  it('edits a subsidiary and moves it with its subtree; the route institution itself is not a subsidiary', async () => {
    const c = await create(groupAdmin, group, sub('Gamma', 2, { inherit_branding: false }));
    const c1 = await create(groupAdmin, group, sub('Gamma One', 3, { parent_institution_id: c.id }));
    const renamed = await h.call(
      institutionRoutes.updateSubsidiary,
      { params: { id: group.id, subId: c.id }, body: { name: 'Gamma Campus', level_name: 'Campus' } },
      groupAdmin,
    );
    // inherit_branding left out of an edit stays as it was
    expect(renamed).toMatchObject({ name: 'Gamma Campus', level_name: 'Campus', inherit_branding: false, organizational_level: 2 });
    // under Beta: Gamma becomes level 3, Gamma One level 4
    const moved = await h.call(
      institutionRoutes.updateSubsidiary,
      { params: { id: group.id, subId: c.id }, body: { parent_institution_id: b.id, organizational_level: 3 } },
      groupAdmin,
    );
    expect(moved).toMatchObject({
      parent_institution_id: b.id,
      hierarchy_level: 2,
      organizational_level: 3,
      hierarchy_path: 'Zeta Group > Beta > Gamma Campus',
    });
    expect(await pathOf(c1.id)).toEqual([group.id, b.id, c.id, c1.id]);
    const [row] = (await h.system((tx) =>
      tx.query(`SELECT hierarchy_level, organizational_level FROM institutions WHERE id = $1`, [c1.id]),
    )) as Record<string, number>[];
    expect(row).toEqual({ hierarchy_level: 3, organizational_level: 4 });
    const events = await outbox('institution.updated', 'institution_id', c1.id);
    expect(events.at(-1)!.payload.path_ids).toEqual([group.id, b.id, c.id, c1.id]);
    await expectAppError(
      h.call(
        institutionRoutes.updateSubsidiary,
        { params: { id: group.id, subId: c.id }, body: { parent_institution_id: c1.id, organizational_level: 5 } },
        groupAdmin,
      ),
      422,
      'PARENT_LEVEL_MISMATCH',
    );
    await expectAppError(
      h.call(institutionRoutes.updateSubsidiary, { params: { id: group.id, subId: c.id }, body: { organizational_level: 2 } }, groupAdmin),
      422,
      'PARENT_LEVEL_MISMATCH',
    );
    await expectAppError(
      h.call(institutionRoutes.updateSubsidiary, { params: { id: group.id, subId: c.id }, body: { subdomain: a.subdomain } }, groupAdmin),
      409,
      'SUBDOMAIN_TAKEN',
    );
    await expectAppError(
      h.call(institutionRoutes.updateSubsidiary, { params: { id: group.id, subId: group.id }, body: { name: 'Self' } }, groupAdmin),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    // the branch admin of Beta now reaches the moved subtree
    const bTree = await h.call(institutionRoutes.hierarchy, { params: { id: b.id } }, bAdmin);
    expect(names(bTree.hierarchy)).toEqual({
      name: 'Beta',
      children: [{ name: 'Gamma Campus', children: [{ name: 'Gamma One', children: [] }] }],
    });
    const sd = await h.call(
      institutionRoutes.updateSubsidiary,
      { params: { id: b.id, subId: c1.id }, body: { subdomain: 'Gamma-One-New' } },
      bAdmin,
    );
    expect(sd.subdomain).toBe('gamma-one-new');
    expect(await h.call(institutionRoutes.checkSubdomain, { query: { subdomain: 'gamma-one-new' } }, bAdmin)).toMatchObject({
      available: false,
      taken_by: 'Gamma One',
    });
  });
});

describe('assigning resources', () => {
  let group: Made;
  let a: Made;
  let a1: Made;
  let b: Made;
  let admin: U;
  let courses: string[];
  let student: U;
  let studentMember: string;
  let facultyMember: string;
  const assign = (body: Record<string, unknown>, id = group.id, who = admin) =>
    h.call(institutionRoutes.assignResources, { params: { id }, body: body as never }, who);
  const unassigned = (id = group.id) => h.call(institutionRoutes.unassignedResources, { params: { id } }, admin);

  beforeAll(async () => {
    admin = await h.user('institution');
    group = await h.institution(admin, { name: 'Assign Group' });
    a = await h.institution(null, { parent: group, name: 'Assign A' });
    b = await h.institution(null, { parent: group, name: 'Assign B' });
    a1 = await h.institution(null, { parent: a, name: 'Assign A1' });
    courses = [await course(group, 'Algebra'), await course(group, 'Biology'), await course(group, 'Chemistry')];
    student = await h.user('learner', 'Sara Student');
    studentMember = await h.member(group, student, 'student');
    facultyMember = await h.member(group, await h.user('instructor', 'Fikru Faculty'), 'faculty');
  }, 60_000);

  it('assigns courses to a subsidiary, idempotently, and unassigns them', async () => {
    expect((await unassigned()).courses.map((c) => c.title)).toEqual(['Algebra', 'Biology', 'Chemistry']);
    await expect(assign({ resource_type: 'course', resource_ids: courses.slice(0, 2), subsidiary_id: a.id })).resolves.toEqual({
      message: '2 courses assigned',
      affected: 2,
    });
    await expect(assign({ resource_type: 'course', resource_ids: courses.slice(0, 2), subsidiary_id: a.id })).resolves.toMatchObject({
      affected: 0,
    });
    const res = await h.call(institutionRoutes.subsidiaryResources, { params: { id: group.id, subId: a.id } }, admin);
    expect(res.courses).toEqual([
      { id: courses[0], title: 'Algebra', institution_id: a.id, enrollment_count: 4 },
      { id: courses[1], title: 'Biology', institution_id: a.id, enrollment_count: 4 },
    ]);
    expect((await unassigned()).courses.map((c) => c.title)).toEqual(['Chemistry']);
    // A's admin passes an assigned course further down; it is assigned below A, so not A's unassigned
    expect((await unassigned(a.id)).courses.map((c) => c.title)).toEqual(['Algebra', 'Biology']);
    await expect(assign({ resource_type: 'course', resource_ids: [courses[0]], subsidiary_id: a1.id }, a.id)).resolves.toMatchObject({
      affected: 1,
    });
    expect((await unassigned(a.id)).courses.map((c) => c.title)).toEqual(['Biology']);
    await expect(assign({ resource_type: 'course', resource_ids: [courses[1]], subsidiary_id: a.id, action: 'unassign' })).resolves.toEqual(
      { message: '1 course unassigned', affected: 1 },
    );
    await expect(
      assign({ resource_type: 'course', resource_ids: [courses[1]], subsidiary_id: a.id, action: 'unassign' }),
    ).resolves.toMatchObject({ affected: 0 });
    expect((await unassigned()).courses.map((c) => c.title)).toEqual(['Biology', 'Chemistry']);
  });

  it('a branch admin sees a course assigned from above, though its owner is outside the branch', async () => {
    const branchAdmin = await h.user('institution');
    await h.member(a, branchAdmin, 'admin', 'admin');
    const res = await h.call(institutionRoutes.unassignedResources, { params: { id: a.id } }, branchAdmin);
    expect(res.courses).toEqual([]);
    const below = await h.call(institutionRoutes.subsidiaryResources, { params: { id: a.id, subId: a1.id } }, branchAdmin);
    expect(below.courses.map((c) => c.title)).toEqual(['Algebra']);
    await expectAppError(h.call(institutionRoutes.get, { params: { id: group.id } }, branchAdmin), 404, 'INSTITUTION_NOT_FOUND');
  });

  it('assigns students and faculty as members of the subsidiary, with portal events, and unassigns them', async () => {
    expect((await unassigned()).students.map((s) => s.name)).toEqual(['Sara Student']);
    await expect(assign({ resource_type: 'student', resource_ids: [studentMember], subsidiary_id: a1.id })).resolves.toEqual({
      message: '1 student assigned',
      affected: 1,
    });
    await expect(assign({ resource_type: 'student', resource_ids: [studentMember], subsidiary_id: a1.id })).resolves.toMatchObject({
      affected: 0,
    });
    const res = await h.call(institutionRoutes.subsidiaryResources, { params: { id: group.id, subId: a1.id } }, admin);
    expect(res.students).toEqual([
      expect.objectContaining({ user_id: student.id, name: 'Sara Student', email: student.email, institution_id: a1.id }),
    ]);
    const added = await outbox('institution.member.added', 'member_id', res.students[0]!.member_id);
    expect(added[0]!.payload).toMatchObject({
      institution_id: a1.id,
      institution_name: 'Assign A1',
      user_id: student.id,
      member_type: 'student',
      portal_role: 'learner',
      is_suspended: false,
    });
    expect((await unassigned()).students).toEqual([]);
    await expect(assign({ resource_type: 'faculty', resource_ids: [facultyMember], subsidiary_id: b.id })).resolves.toEqual({
      message: '1 faculty member assigned',
      affected: 1,
    });
    expect((await unassigned()).faculty).toEqual([]);
    // the member id is the group's: as a student it is not found
    await expectAppError(
      assign({ resource_type: 'student', resource_ids: [facultyMember], subsidiary_id: b.id }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    await expect(
      assign({ resource_type: 'student', resource_ids: [studentMember], subsidiary_id: a1.id, action: 'unassign' }),
    ).resolves.toEqual({ message: '1 student unassigned', affected: 1 });
    const removed = await outbox('institution.member.removed', 'member_id', res.students[0]!.member_id);
    expect(removed[0]!.payload).toMatchObject({ institution_id: a1.id, user_id: student.id });
    expect((await unassigned()).students.map((s) => s.name)).toEqual(['Sara Student']);
  });

  it('keeps a suspended student suspended in the subsidiary', async () => {
    const held = await h.user('learner', 'Held Student');
    const heldMember = await h.member(group, held, 'student');
    await h.system((tx) => tx.query(`UPDATE members SET is_suspended = true WHERE id = $1`, [heldMember]));
    await expect(assign({ resource_type: 'student', resource_ids: [heldMember], subsidiary_id: b.id })).resolves.toMatchObject({
      affected: 1,
    });
    const rows = (await h.system((tx) =>
      tx.query(`SELECT is_suspended FROM members WHERE institution_id = $1 AND user_id = $2`, [b.id, held.id]),
    )) as { is_suspended: boolean }[];
    expect(rows).toEqual([{ is_suspended: true }]);
  });

  it('refuses what is not the institution resource, and a subsidiary outside its subtree', async () => {
    const stranger = await h.user('institution');
    const theirs = await h.institution(stranger);
    const foreign = await course(theirs, 'Foreign Course');
    await expectAppError(assign({ resource_type: 'course', resource_ids: [foreign], subsidiary_id: a.id }), 404, 'RESOURCE_NOT_FOUND');
    await expectAppError(
      assign({ resource_type: 'course', resource_ids: [courses[2], randomUUID()], subsidiary_id: a.id }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      assign({ resource_type: 'course', resource_ids: [courses[2]], subsidiary_id: group.id }),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    await expectAppError(
      assign({ resource_type: 'course', resource_ids: [courses[2]], subsidiary_id: theirs.id }),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    await expectAppError(
      assign({ resource_type: 'course', resource_ids: [courses[2]], subsidiary_id: a.id }, b.id),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    expect((await unassigned()).courses.map((c) => c.title)).toContain('Chemistry');
  });
});
