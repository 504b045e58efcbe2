import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, institutionRoutes, type AnyRoute } from '@lp/contracts';
import { startHarness, type Harness, type Made, type U } from './support/institution-harness.js';

/**
 * Issue 12, item 3: every institution route called by the admin of tenant A with tenant B's
 * ids, and with A's own id but B's inner ids (B's member, plan, subsidiary, key, import,
 * invitation); and the person's own routes (/institution-invitations, /institution-memberships)
 * with B's invitation and institution.
 * A leak is any answer that is not a refusal, or any answer that names something of B's. The
 * count must be 0. A's ancestor C is the one who may see B's subtree: checked last.
 */
let h: Harness;
let adminA: U;
let adminB: U;
let a: Made;
let b: Made;
let bInner: Record<string, string>;
const SECRET = 'Zebra-Secret-Tenant';

beforeAll(async () => {
  h = await startHarness();
  [adminA, adminB] = [await h.user('institution', 'Admin A'), await h.user('institution', 'Admin B')];
  a = await h.institution(adminA, { name: 'Tenant A' });
  b = await h.institution(adminB, { name: `${SECRET} B` });
  // B's own things, made the way B's admin makes them
  const student = await h.user('learner', `${SECRET} Student`);
  const memberId = await h.member(b, student, 'student');
  const sub = await h.call(
    institutionRoutes.createSubsidiary,
    {
      params: { id: b.id },
      body: {
        name: `${SECRET} Branch`,
        subdomain: `zb-${Date.now().toString(36)}`,
        organizational_level: 2,
        level_type: 'branch',
        inherit_branding: true,
      },
    },
    adminB,
  );
  const plan = await h.call(
    institutionRoutes.createPlan,
    {
      params: { id: b.id },
      body: {
        name: `${SECRET} Plan`,
        price: 10,
        currency: 'ETB',
        billing_period: 'month',
        member_type: 'student',
        features: [],
        is_active: true,
        is_featured: false,
      },
    },
    adminB,
  );
  await h.system((tx) =>
    tx.query(
      `UPDATE institutions SET tier_name = (SELECT tier_name FROM tiers WHERE api_access ORDER BY display_order LIMIT 1) WHERE id = $1`,
      [b.id],
    ),
  );
  const key = await h.call(
    institutionRoutes.createApiKey,
    { params: { id: b.id }, body: { key_name: `${SECRET} Key`, permissions: ['courses.read'], rate_limit_per_minute: 60 } },
    adminB,
  );
  const job = await h.call(
    institutionRoutes.bulkEnroll,
    { params: { id: b.id }, body: { csv_data: Buffer.from('email,name\nx@y.test,X').toString('base64'), course_id: null } },
    adminB,
  );
  await h.call(
    institutionRoutes.addMember,
    {
      params: { id: b.id },
      body: { email: 'zebra.invitee@b.test', name: `${SECRET} Invitee`, member_type: 'student', create_account: false },
    },
    adminB,
  );
  const [invitation] = (await h.call(institutionRoutes.listInvitations, { params: { id: b.id } }, adminB)).invitations;
  bInner = { memberId, subId: sub.id, planId: plan.id, keyId: key.id, jobId: job.job_id, invitationId: invitation!.id };
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

/** A body each route accepts, so the refusal is the tenancy's and not the validation's. */
const BODIES: Partial<Record<keyof typeof institutionRoutes, unknown>> = {
  update: { name: 'Hijacked' },
  addMember: { email: 'victim@example.test', member_type: 'student' },
  updateMember: { notes: 'hijacked' },
  memberStatus: { is_suspended: true },
  bulkEnroll: { csv_data: Buffer.from('email,name\na@b.test,A').toString('base64'), course_id: null },
  enrollMember: { member_id: '00000000-0000-4000-8000-000000000001', course_id: '00000000-0000-4000-8000-000000000002' },
  createPlan: { name: 'P', price: 1 },
  updatePlan: { name: 'P', price: 1 },
  createSubsidiary: { name: 'Sub', subdomain: 'sub-hijack', organizational_level: 2, level_type: 'branch' },
  updateSubsidiary: { name: 'Renamed' },
  assignResources: {
    resource_type: 'student',
    resource_ids: ['00000000-0000-4000-8000-000000000003'],
    subsidiary_id: '00000000-0000-4000-8000-000000000004',
    action: 'assign',
  },
  updateCascadeSettings: { branding: true },
  upgrade: { tier_id: '00000000-0000-4000-8000-000000000005', billing_cycle: 'monthly', payment_method: 'wallet' },
  createApiKey: { key_name: 'K', permissions: ['courses.read'] },
};
const QUERIES: Partial<Record<keyof typeof institutionRoutes, unknown>> = {
  logo: { logo_url: 'https://evil.example/logo.png' },
  listMembers: {},
  analytics: {},
};

const tenantRoutes = (Object.entries(institutionRoutes) as [keyof typeof institutionRoutes, AnyRoute][]).filter(([, r]) =>
  r.path.startsWith('/institutions/{id}'),
);

/** Calls one route; answers what would count as a leak, or null for a clean refusal. */
async function probe(name: keyof typeof institutionRoutes, route: AnyRoute, params: Record<string, string>): Promise<string | null> {
  const wanted = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, p]) => [p!, params[p!]!]));
  try {
    const answer = await h.call(route, { params: wanted, body: BODIES[name], query: QUERIES[name] ?? {} } as never, adminA);
    return `${name} ${JSON.stringify(wanted)} answered ${JSON.stringify(answer).slice(0, 200)}`;
  } catch (e) {
    if (!AppError.isAppError(e)) return `${name}: ${String(e)}`;
    if (e.status !== 404 && e.status !== 403) return `${name} ${JSON.stringify(wanted)}: ${e.status} ${e.code} ${e.detail}`;
    if (JSON.stringify({ detail: e.detail, errors: e.errors }).includes(SECRET)) return `${name}: the refusal names B's data: ${e.detail}`;
    return null;
  }
}

describe('cross-tenant calls', () => {
  it(`every route with B's ids, and with A's id and B's inner ids: 0 leaks (${tenantRoutes.length} routes)`, async () => {
    expect(tenantRoutes.length).toBeGreaterThanOrEqual(38);
    const leaks: string[] = [];
    for (const [name, route] of tenantRoutes) {
      const withB = await probe(name, route, { id: b.id, ...bInner });
      if (withB) leaks.push(withB);
      if (/\{(memberId|subId|planId|keyId|jobId|invitationId)\}/.test(route.path)) {
        const inner = await probe(name, route, { id: a.id, ...bInner });
        if (inner) leaks.push(inner);
      }
    }
    // nothing of B's changed either
    const [row] = (await h.system((tx) =>
      tx.query(
        `SELECT name, (SELECT count(*) FROM members WHERE institution_id = $1) AS members,
                (SELECT array_agg(status) FROM invitations WHERE institution_id = $1) AS invitations FROM institutions WHERE id = $1`,
        [b.id],
      ),
    )) as { name: string; members: number; invitations: string[] }[];
    expect(leaks).toEqual([]);
    expect(row).toEqual({ name: `${SECRET} B`, members: 2, invitations: ['pending'] });
  });

  it("the person's own routes with B's invitation and institution: 0 leaks", async () => {
    const ownRoutes = (Object.entries(institutionRoutes) as [keyof typeof institutionRoutes, AnyRoute][]).filter(([, r]) =>
      /^\/institution-(invitations|memberships)/.test(r.path),
    );
    expect(ownRoutes.map(([n]) => n).sort()).toEqual([
      'acceptInvitation',
      'declineInvitation',
      'leaveInstitution',
      'myInvitations',
      'myMemberships',
    ]);
    const leaks: string[] = [];
    for (const [name, route] of ownRoutes) {
      if (route.method === 'GET') {
        const answer = JSON.stringify(await h.call(route, {} as never, adminA));
        if (answer.includes(SECRET) || answer.includes(b.id)) leaks.push(`${name} answered ${answer.slice(0, 200)}`);
        continue;
      }
      const leak = await probe(name, route, { invitationId: bInner.invitationId!, institutionId: b.id });
      if (leak) leaks.push(leak);
    }
    expect(leaks).toEqual([]);
    const [row] = (await h.system((tx) =>
      tx.query(`SELECT array_agg(status) AS s FROM invitations WHERE institution_id = $1`, [b.id]),
    )) as { s: string[] }[];
    expect(row!.s).toEqual(['pending']);
  });

  it("lets B's ancestor see B's subtree, and only that", async () => {
    const parentAdmin = await h.user('institution', 'Parent Admin');
    const parent = await h.institution(parentAdmin, { name: 'Parent' });
    const child = await h.institution(null, { parent, name: 'Child' });
    expect((await h.call(institutionRoutes.listMembers, { params: { id: child.id }, query: {} }, parentAdmin)).total).toBe(0);
    await expect(h.call(institutionRoutes.listMembers, { params: { id: b.id }, query: {} }, parentAdmin)).rejects.toMatchObject({
      status: 404,
    });
  });
});
