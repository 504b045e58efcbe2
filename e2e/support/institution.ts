import { expect, type APIRequestContext } from '@playwright/test';
import { registerViaApi, type RegisteredAccount } from './accounts.js';
import { demoToken } from './seeded.js';

/** The seeded institutions (apps/institution/src/seed/institution-demo.ts). */
export const DEMO_INSTITUTION = {
  admin: 'institution@learnhub.local',
  name: 'Addis Learning Group',
  pendingOwner: 'pending.institution@learnhub.local',
  pendingName: 'Hawassa Training Center',
  platformAdmin: 'admin@learnhub.local',
} as const;

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface InstitutionRef {
  id: string;
  name: string;
  subdomain: string;
}

/**
 * Waits until the seed has written the institutions: it runs after the stack answers
 * /api/health, institution is its last area and the pending Hawassa Training Center its last row.
 */
export async function waitForInstitutionDemoData(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const login = await request.post('/api/auth/login', { data: { email: DEMO_INSTITUTION.platformAdmin, password: 'Password123!' } });
        if (login.status() !== 200) return false;
        const { token } = (await login.json()) as { token: string };
        const res = await request.get('/api/admin/institutions?status=pending', { headers: auth(token) });
        if (!res.ok()) return false;
        const { institutions } = (await res.json()) as { institutions: { name: string }[] };
        return institutions.some((i) => i.name === DEMO_INSTITUTION.pendingName);
      },
      { timeout: 150_000, intervals: [1000], message: 'the institution demo data is seeded' },
    )
    .toBe(true);
}

/** A subdomain no other test (or earlier run) uses: letters and digits after a tag. */
export function uniqueSubdomain(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh institution account that onboards an institution through POST /api/institutions/onboard (pending). */
export async function onboardViaApi(
  request: APIRequestContext,
  tag: string,
): Promise<{ owner: RegisteredAccount; institution: InstitutionRef }> {
  const owner = await registerViaApi(request, 'institution', tag);
  const subdomain = uniqueSubdomain(tag);
  const name = `E2E ${tag} ${subdomain.slice(-6)}`;
  const res = await request.post('/api/institutions/onboard', {
    headers: auth(owner.token),
    data: { name, subdomain, contact_email: owner.email, country: 'Ethiopia' },
  });
  expect(res.status(), `onboard ${name}: ${await res.text()}`).toBe(201);
  const body = (await res.json()) as InstitutionRef;
  return { owner, institution: { id: body.id, name: body.name, subdomain: body.subdomain } };
}

/** The platform admin verifies (or rejects) an institution through the API. */
export async function verifyViaApi(
  request: APIRequestContext,
  institutionId: string,
  status: 'verified' | 'rejected' = 'verified',
): Promise<void> {
  const admin = await demoToken(request, DEMO_INSTITUTION.platformAdmin);
  const res = await request.post(`/api/admin/institutions/${institutionId}/verify`, { headers: auth(admin), data: { status } });
  expect(res.status(), `verify ${institutionId}: ${await res.text()}`).toBe(200);
}

/** A fresh, verified institution with its own admin account. */
export async function verifiedInstitution(
  request: APIRequestContext,
  tag: string,
): Promise<{ owner: RegisteredAccount; institution: InstitutionRef }> {
  const made = await onboardViaApi(request, tag);
  await verifyViaApi(request, made.institution.id);
  return made;
}
