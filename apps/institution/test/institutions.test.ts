import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { institutionRoutes } from '@lp/contracts';
import { expectAppError } from '@lp/testing';
import { startHarness, type Harness, type U } from './support/institution-harness.js';

/**
 * Institutions themselves on the real service: onboarding and the platform-wide subdomain
 * list, the caller's own institution, details and white-label settings, the admin's
 * verification, {subdomain} portals; and tenancy: another tenant's id answers exactly what an
 * unknown id answers, a readonly admin reads but changes nothing, and the database itself
 * shows nothing to a transaction that has not said who it is (row-level security).
 */
let h: Harness;
let founder: U;
let stranger: U;
let platformAdmin: U;

beforeAll(async () => {
  h = await startHarness();
  [founder, stranger, platformAdmin] = [
    await h.user('institution', 'Founder'),
    await h.user('institution', 'Stranger'),
    await h.user('admin'),
  ];
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const onboard = (who: U, name: string, subdomain: string) =>
  h.call(institutionRoutes.onboard, { body: { name, subdomain, contact_email: 'office@example.org', country: 'Ethiopia' } }, who);

describe('onboarding', () => {
  it('registers a pending institution whose founder is its admin, the subdomain lowercased and stripped', async () => {
    const made = await onboard(founder, 'Addis Academy', ' Addis_Academy! ');
    expect(made).toMatchObject({
      name: 'Addis Academy',
      subdomain: 'addisacademy',
      verification_status: 'pending',
      verified_at: null,
      hierarchy_level: 0,
      organizational_level: 1,
      level_type: 'corporation',
      hierarchy_path: 'Addis Academy',
      subscription_tier_name: 'free',
      max_subsidiaries: 50,
      my_access: { access_level: 'admin', via_institution_id: made.id, can_edit: true },
    });
    const me = await h.call(institutionRoutes.me, {}, founder);
    expect(me.id).toBe(made.id);
    const outbox = (await h.system((tx) => tx.query(`SELECT name FROM outbox ORDER BY seq`))) as { name: string }[];
    expect(outbox.map((r) => r.name)).toEqual(expect.arrayContaining(['institution.created', 'institution.member.added']));
  });

  it('refuses a taken subdomain with the holder named, and check-subdomain says the same', async () => {
    await expectAppError(onboard(stranger, 'Copycat', 'addisacademy'), 409, 'SUBDOMAIN_TAKEN');
    expect(await h.call(institutionRoutes.checkSubdomain, { query: { subdomain: 'AddisAcademy' } }, stranger)).toEqual({
      subdomain: 'addisacademy',
      available: false,
      taken_by: 'Addis Academy',
      reason: null,
    });
    expect(await h.call(institutionRoutes.checkSubdomain, { query: { subdomain: 'free-name' } }, stranger)).toMatchObject({
      available: true,
      taken_by: null,
    });
    expect(await h.call(institutionRoutes.checkSubdomain, { query: { subdomain: 'ab' } }, stranger)).toMatchObject({
      available: false,
      reason: expect.stringContaining('at least 3'),
    });
  });

  it('answers NO_INSTITUTION to someone who administers none', async () => {
    await expectAppError(h.call(institutionRoutes.me, {}, stranger), 404, 'NO_INSTITUTION');
  });
});

describe('details, white-label and verification', () => {
  it('saves details and branding, and the logo on its own', async () => {
    const inst = await h.institution(founder, { name: 'Branded' });
    const saved = await h.call(
      institutionRoutes.update,
      {
        params: { id: inst.id },
        body: { name: 'Branded School', primary_color: '#112233', secondary_color: '#445566', custom_text: 'Learn with us' },
      },
      founder,
    );
    expect(saved).toMatchObject({
      name: 'Branded School',
      primary_color: '#112233',
      secondary_color: '#445566',
      custom_text: 'Learn with us',
    });
    const logo = await h.call(
      institutionRoutes.logo,
      { params: { id: inst.id }, query: { logo_url: 'https://cdn.example.org/logo.png' } },
      founder,
    );
    expect(logo.logo_url).toBe('https://cdn.example.org/logo.png');
    // the public face of its host, and a subsidiary inheriting what it does not set
    const child = await h.institution(null, { parent: inst, name: 'Branch' });
    expect(await h.call(institutionRoutes.portalBySubdomain, { query: { subdomain: child.subdomain } }, null)).toEqual({
      institution_id: child.id,
      name: 'Branch',
      subdomain: child.subdomain,
      logo_url: 'https://cdn.example.org/logo.png',
      primary_color: '#112233',
      secondary_color: '#445566',
      custom_text: 'Learn with us',
    });
  });

  it('lets the platform admin verify a pending institution once, with notes and a date', async () => {
    const pending = await onboard(stranger, 'Pending College', 'pending-college');
    await expectAppError(
      h.call(institutionRoutes.portalBySubdomain, { query: { subdomain: 'pending-college' } }, null),
      404,
      'PORTAL_NOT_FOUND',
    );
    const list = await h.call(institutionRoutes.adminInstitutions, { query: { status: 'pending' } }, platformAdmin);
    expect(list.institutions.map((i) => i.id)).toContain(pending.id);
    const verified = await h.call(
      institutionRoutes.verify,
      { params: { id: pending.id }, body: { status: 'verified', notes: 'Papers checked' } },
      platformAdmin,
    );
    expect(verified).toMatchObject({
      verification_status: 'verified',
      verification_notes: 'Papers checked',
      verified_at: expect.any(String),
    });
    // the event names whoever onboarded it: they are the one told of the outcome
    const events = (await h.system((tx) =>
      tx.query(`SELECT payload FROM outbox WHERE name = 'institution.verified' AND payload->>'institution_id' = $1`, [pending.id]),
    )) as Array<{ payload: Record<string, unknown> }>;
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ verification_status: 'verified', notes: 'Papers checked', created_by: stranger.id }),
    ]);
    await expectAppError(
      h.call(institutionRoutes.verify, { params: { id: pending.id }, body: { status: 'rejected' } }, platformAdmin),
      422,
      'NOT_PENDING',
    );
  });
});

describe('tenancy', () => {
  it("answers another tenant's id exactly as an unknown one, and a readonly admin reads but changes nothing", async () => {
    const a = await h.institution(founder, { name: 'Tenant A' });
    const b = await h.institution(stranger, { name: 'Tenant B' });
    await expectAppError(h.call(institutionRoutes.get, { params: { id: b.id } }, founder), 404, 'INSTITUTION_NOT_FOUND');
    await expectAppError(
      h.call(institutionRoutes.update, { params: { id: b.id }, body: { name: 'Hijacked' } }, founder),
      404,
      'INSTITUTION_NOT_FOUND',
    );
    await expectAppError(
      h.call(institutionRoutes.get, { params: { id: '00000000-0000-4000-8000-000000000000' } }, founder),
      404,
      'INSTITUTION_NOT_FOUND',
    );

    const reader = await h.user('institution', 'Reader');
    await h.member(a, reader, 'admin', 'readonly');
    expect((await h.call(institutionRoutes.get, { params: { id: a.id } }, reader)).my_access).toMatchObject({
      access_level: 'readonly',
      can_edit: false,
    });
    await expectAppError(
      h.call(institutionRoutes.update, { params: { id: a.id }, body: { name: 'Changed' } }, reader),
      403,
      'READONLY_ACCESS',
    );
  });

  it('shows a parent admin the subtree but a child admin nothing above the child', async () => {
    const top = await h.institution(founder, { name: 'Group' });
    const child = await h.institution(null, { parent: top, name: 'Division' });
    const childAdmin = await h.user('institution', 'Division Admin');
    await h.member(child, childAdmin, 'admin', 'admin');
    expect((await h.call(institutionRoutes.get, { params: { id: child.id } }, founder)).hierarchy_path).toBe('Group > Division');
    const seenByChild = await h.call(institutionRoutes.get, { params: { id: child.id } }, childAdmin);
    // the path names only what the child's admin may see
    expect(seenByChild.hierarchy_path).toBe('Division');
    expect(seenByChild.my_access).toMatchObject({ via_institution_id: child.id });
    await expectAppError(h.call(institutionRoutes.get, { params: { id: top.id } }, childAdmin), 404, 'INSTITUTION_NOT_FOUND');
  });

  it('shows nothing to a transaction that has not said whose it is (row-level security, FORCE)', async () => {
    await h.institution(founder, { name: 'Hidden' });
    const bare = (await h.svc.ds.transaction((tx) =>
      tx.query(`SELECT (SELECT count(*) FROM institutions) AS i, (SELECT count(*) FROM members) AS m`),
    )) as { i: number; m: number }[];
    expect(bare[0]).toEqual({ i: 0, m: 0 });
    const all = (await h.system((tx) => tx.query(`SELECT count(*) AS n FROM institutions`))) as { n: number }[];
    expect(Number(all[0]!.n)).toBeGreaterThan(0);
    // the service works as a role that owns nothing (it migrated as the owner): not a superuser, not BYPASSRLS
    const [role] = (await h.svc.ds.query(
      `SELECT current_user AS name, rolsuper, rolbypassrls, (SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owned
         FROM pg_roles WHERE rolname = current_user`,
    )) as { name: string; rolsuper: boolean; rolbypassrls: boolean; owned: number }[];
    expect(role).toEqual({ name: 'lp_institution_app', rolsuper: false, rolbypassrls: false, owned: 0 });
    await expect(h.svc.ds.query(`ALTER TABLE institutions DISABLE ROW LEVEL SECURITY`)).rejects.toThrow(/must be owner/);
    // and a write outside the caller's tenants is refused by the database itself
    await expect(
      h.svc.ds.transaction((tx) =>
        tx.query(
          `INSERT INTO institutions (id, path_ids, name, subdomain, created_by)
           VALUES ('11111111-1111-4111-8111-111111111111', ARRAY['11111111-1111-4111-8111-111111111111'::uuid], 'Sneaky', 'sneaky', gen_random_uuid())`,
        ),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
