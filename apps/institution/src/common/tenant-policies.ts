/**
 * Row-level security, the second wall behind the service's own checks (common/tenancy.ts is
 * the first). Migrations apply these statements; every tenant table gets one.
 *
 * What a transaction may see is set by Tenancy, for that transaction only (set_config local):
 * - `app.roots`: the institutions whose admin the caller is; an institution row is visible
 *   when its path_ids holds one of them (its subtree);
 * - `app.visible`: the ids of those visible institutions; a tenant row is visible when its
 *   institution_id is one of them;
 * - `app.user_id`: the caller; a member row of the caller's own is always visible (that is
 *   how Tenancy learns the roots);
 * - `app.email`: the caller's account e-mail (lower case), set only by Tenancy.forInvitee: an
 *   invitation addressed to it is visible (and may be answered) without any admin membership;
 * - `app.bypass = on`: only set by Tenancy.asSystem (event consumers, the worker's jobs, the
 *   platform admin's routes): every row.
 * Nothing set: nothing visible. FORCE makes the table owner obey the policies as well.
 */
export const TENANCY_FUNCTIONS_UP: readonly string[] = [
  `CREATE OR REPLACE FUNCTION app_user() RETURNS uuid LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$`,
  `CREATE OR REPLACE FUNCTION app_roots() RETURNS uuid[] LANGUAGE sql STABLE AS $$ SELECT coalesce(nullif(current_setting('app.roots', true), ''), '{}')::uuid[] $$`,
  `CREATE OR REPLACE FUNCTION app_visible() RETURNS uuid[] LANGUAGE sql STABLE AS $$ SELECT coalesce(nullif(current_setting('app.visible', true), ''), '{}')::uuid[] $$`,
  `CREATE OR REPLACE FUNCTION app_bypass() RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT coalesce(current_setting('app.bypass', true), '') = 'on' $$`,
];
export const TENANCY_FUNCTIONS_DOWN: readonly string[] = [
  'DROP FUNCTION IF EXISTS app_bypass()',
  'DROP FUNCTION IF EXISTS app_visible()',
  'DROP FUNCTION IF EXISTS app_roots()',
  'DROP FUNCTION IF EXISTS app_user()',
];

/**
 * The policy of a table whose rows belong to one institution (`institution_id`); `ownColumn`
 * also shows the caller their own rows (members: their own memberships).
 */
export function tenantTableUp(table: string, ownColumn?: string): string[] {
  const own = ownColumn ? ` OR "${ownColumn}" = app_user()` : '';
  return [
    `ALTER TABLE "${table}" ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE "${table}" FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY "${table}_tenant" ON "${table}" USING (app_bypass() OR "institution_id" = ANY (app_visible())${own}) WITH CHECK (app_bypass() OR "institution_id" = ANY (app_visible()))`,
  ];
}
export function tenantTableDown(table: string): string[] {
  return [
    `DROP POLICY IF EXISTS "${table}_tenant" ON "${table}"`,
    `ALTER TABLE "${table}" NO FORCE ROW LEVEL SECURITY`,
    `ALTER TABLE "${table}" DISABLE ROW LEVEL SECURITY`,
  ];
}

/** The institutions table itself: a row is visible inside the subtree of a root (and to the system). */
export const INSTITUTIONS_POLICY_UP: readonly string[] = [
  'ALTER TABLE "institutions" ENABLE ROW LEVEL SECURITY',
  'ALTER TABLE "institutions" FORCE ROW LEVEL SECURITY',
  'CREATE POLICY "institutions_tenant" ON "institutions" USING (app_bypass() OR "path_ids" && app_roots()) WITH CHECK (app_bypass() OR "path_ids" && app_roots())',
];
export const INSTITUTIONS_POLICY_DOWN: readonly string[] = [
  'DROP POLICY IF EXISTS "institutions_tenant" ON "institutions"',
  'ALTER TABLE "institutions" NO FORCE ROW LEVEL SECURITY',
  'ALTER TABLE "institutions" DISABLE ROW LEVEL SECURITY',
];

/**
 * Invitations: the tenant rule, plus the invitee's own rows by e-mail (their /profile). Writing
 * as the invitee is limited to rows addressed to them too (accepting, declining).
 */
export const INVITATIONS_POLICY_UP: readonly string[] = [
  `CREATE OR REPLACE FUNCTION app_email() RETURNS text LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.email', true), '') $$`,
  'ALTER TABLE "invitations" ENABLE ROW LEVEL SECURITY',
  'ALTER TABLE "invitations" FORCE ROW LEVEL SECURITY',
  `CREATE POLICY "invitations_tenant" ON "invitations"
     USING (app_bypass() OR "institution_id" = ANY (app_visible()) OR "email" = app_email())
     WITH CHECK (app_bypass() OR "institution_id" = ANY (app_visible()) OR "email" = app_email())`,
];
export const INVITATIONS_POLICY_DOWN: readonly string[] = [
  'DROP POLICY IF EXISTS "invitations_tenant" ON "invitations"',
  'ALTER TABLE "invitations" NO FORCE ROW LEVEL SECURITY',
  'ALTER TABLE "invitations" DISABLE ROW LEVEL SECURITY',
  'DROP FUNCTION IF EXISTS app_email()',
];
