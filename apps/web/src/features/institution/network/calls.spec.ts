import { installFakeGateway, type FakeGateway } from '../../../api/fake-gateway.testing';
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  billingRoutes,
  CreateApiKeyRequest,
  GrantSubsidiaryAccessRequest,
  identityRoutes,
  institutionRoutes,
  SubleasingPlanRequest,
  SubsidiaryRequest,
  type AnyRoute,
} from '@lp/contracts';
import { fieldErrorsOf } from '../../../api/field-errors';
import { isStale } from '../../../api/route-key';
import { apiKeyBody, apiKeyFormDefaults, planBody, planFormOf, subdomainToCheck, subsidiaryBody, subsidiaryFormOf } from './logic';

/**
 * What the five tabs send, through the real client against a faked gateway: fetch records each
 * request and answers as the institution (or identity) service would.
 */

const ID = '00000000-0000-4000-8000-000000000001';
const SUB = '00000000-0000-4000-8000-000000000002';

let callRoute: (route: AnyRoute, args?: Record<string, unknown>) => Promise<unknown>;
let routeQuery: typeof import('../../../api/route-hooks').routeQuery;

let gateway: FakeGateway;
beforeAll(async () => {
  gateway = installFakeGateway(() => ({ status: 200, body: {} }));
  ({ routeQuery } = await import('../../../api/route-hooks'));
  ({ callRoute } = (await import('../../../api/client')) as unknown as { callRoute: typeof callRoute });
});

beforeEach(() => {
  gateway.answer = () => ({ status: 200, body: {} });
});

const institution = { id: ID, organizational_level: 1 };

describe('subsidiaries', () => {
  it('asks about a subdomain only from 3 characters, and never about the edited one', async () => {
    expect(subdomainToCheck('bo', null)).toBeNull();
    expect(subdomainToCheck('bole', 'bole')).toBeNull();
    expect(subdomainToCheck('bole', null)).toBe('bole');
    const held = routeQuery(
      institutionRoutes.checkSubdomain,
      { query: { subdomain: 'bo' } },
      { enabled: subdomainToCheck('bo', null) !== null },
    );
    expect(held.enabled).toBe(false);
    gateway.answer = () => ({ status: 200, body: { subdomain: 'bole', available: false, taken_by: 'Bole Campus', reason: null } });
    const reply = await callRoute(institutionRoutes.checkSubdomain, { query: { subdomain: 'bole' } });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'GET', url: '/api/institutions/check-subdomain?subdomain=bole' });
    expect(reply).toMatchObject({ available: false, taken_by: 'Bole Campus' });
  });

  it('creates a subsidiary under the chosen parent, and puts a 400 answer on the form', async () => {
    const values = {
      ...subsidiaryFormOf(null, institution),
      name: ' Bole Branch ',
      subdomain: 'bole',
      level_type: 'branch' as const,
      contact_email: '',
    };
    gateway.answer = () => ({ status: 201, body: {} });
    await callRoute(institutionRoutes.createSubsidiary, { params: { id: ID }, body: SubsidiaryRequest.parse(subsidiaryBody(values)) });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'POST', url: `/api/institutions/${ID}/subsidiaries` });
    expect(gateway.sent.at(-1)!.body).toMatchObject({
      name: 'Bole Branch',
      subdomain: 'bole',
      organizational_level: 2,
      level_type: 'branch',
      parent_institution_id: ID,
      contact_email: null,
      inherit_branding: true,
    });

    gateway.answer = () => ({
      status: 400,
      body: { code: 'VALIDATION_FAILED', detail: 'Validation failed', errors: [{ path: 'subdomain', message: 'Subdomain is taken' }] },
    });
    const error = await callRoute(institutionRoutes.createSubsidiary, { params: { id: ID }, body: {} }).catch((e: unknown) => e);
    expect(fieldErrorsOf(error, ['name', 'subdomain'] as const).byField).toEqual({ subdomain: 'Subdomain is taken' });
  });

  it('edits a subsidiary, assigns and unassigns its resources, and applies the cascade', async () => {
    await callRoute(institutionRoutes.updateSubsidiary, { params: { id: ID, subId: SUB }, body: { name: 'Renamed' } });
    expect(gateway.sent.at(-1)).toEqual({ method: 'PUT', url: `/api/institutions/${ID}/subsidiaries/${SUB}`, body: { name: 'Renamed' } });

    await callRoute(institutionRoutes.subsidiaryResources, { params: { id: ID, subId: SUB } });
    expect(gateway.sent.at(-1)!.url).toBe(`/api/institutions/${ID}/subsidiaries/${SUB}/resources`);
    await callRoute(institutionRoutes.unassignedResources, { params: { id: ID } });
    expect(gateway.sent.at(-1)!.url).toBe(`/api/institutions/${ID}/unassigned-resources`);

    const course = '00000000-0000-4000-8000-000000000301';
    await callRoute(institutionRoutes.assignResources, {
      params: { id: ID },
      body: { resource_type: 'course', resource_ids: [course], subsidiary_id: SUB, action: 'unassign' },
    });
    expect(gateway.sent.at(-1)).toEqual({
      method: 'POST',
      url: `/api/institutions/${ID}/assign-resources`,
      body: { resource_type: 'course', resource_ids: [course], subsidiary_id: SUB, action: 'unassign' },
    });

    await callRoute(institutionRoutes.updateCascadeSettings, { params: { id: ID }, body: { pricing: true } });
    expect(gateway.sent.at(-1)).toEqual({ method: 'PUT', url: `/api/institutions/${ID}/cascade-settings`, body: { pricing: true } });
    gateway.answer = () => ({ status: 200, body: { message: 'Applied to 3 institutions', institutions: 3, copied: {} } });
    const applied = await callRoute(institutionRoutes.applyCascade, { params: { id: ID } });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'POST', url: `/api/institutions/${ID}/apply-cascade` });
    expect(applied).toMatchObject({ message: 'Applied to 3 institutions' });
  });

  it('reads the chart and the path of the institution', async () => {
    await callRoute(institutionRoutes.orgChart, { params: { id: ID } });
    expect(gateway.sent.at(-1)!.url).toBe(`/api/institutions/${ID}/organizational-chart`);
    await callRoute(institutionRoutes.hierarchyPath, { params: { id: ID } });
    expect(gateway.sent.at(-1)!.url).toBe(`/api/institutions/${ID}/hierarchy-path`);
  });
});

describe('sub-leasing plans', () => {
  it('creates with the defaults and without blank features, and deletes at the plan', async () => {
    const body = SubleasingPlanRequest.parse(
      planBody({ ...planFormOf(null), name: 'Semester pass', price: '99.99', features: ['Library', ' '] }),
    );
    await callRoute(institutionRoutes.createPlan, { params: { id: ID }, body });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'POST', url: `/api/institutions/${ID}/subleasing-plans` });
    expect(gateway.sent.at(-1)!.body).toMatchObject({
      name: 'Semester pass',
      price: 99.99,
      currency: 'ETB',
      billing_period: 'month',
      member_type: 'student',
      features: ['Library'],
      is_active: true,
      is_featured: false,
    });
    const plan = '00000000-0000-4000-8000-000000000401';
    await callRoute(institutionRoutes.deletePlan, { params: { id: ID, planId: plan } });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/institutions/${ID}/subleasing-plans/${plan}` });
  });
});

describe('API keys', () => {
  it('creates a key with its permissions and answers the full key once', async () => {
    const body = CreateApiKeyRequest.parse(
      apiKeyBody({
        ...apiKeyFormDefaults(),
        key_name: 'LMS sync',
        permissions: ['courses.read', 'enrollments.create'],
        expires_in_days: '30',
      }),
    );
    gateway.answer = () => ({ status: 201, body: { id: SUB, key_name: 'LMS sync', key_prefix: 'lp_live_ab', api_key: 'lp_live_abcdef' } });
    const created = await callRoute(institutionRoutes.createApiKey, { params: { id: ID }, body });
    expect(gateway.sent.at(-1)).toEqual({
      method: 'POST',
      url: `/api/institutions/${ID}/api-keys`,
      body: { key_name: 'LMS sync', permissions: ['courses.read', 'enrollments.create'], rate_limit_per_minute: 60, expires_in_days: 30 },
    });
    expect(created).toMatchObject({ api_key: 'lp_live_abcdef' });
    await callRoute(institutionRoutes.revokeApiKey, { params: { id: ID, keyId: SUB } });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/institutions/${ID}/api-keys/${SUB}` });
  });
});

describe('portal access', () => {
  it('lists the real grants and grants through identity', async () => {
    await callRoute(institutionRoutes.portalAccess, { params: { id: ID } });
    expect(gateway.sent.at(-1)).toMatchObject({ method: 'GET', url: `/api/institutions/${ID}/portal-access` });
    const body = GrantSubsidiaryAccessRequest.parse({
      institution_id: SUB,
      user_email: 'dean@addis.et',
      role: 'institution',
      access_level: 'admin',
      permissions: [],
    });
    await callRoute(identityRoutes.grantSubsidiaryAccess, { body });
    expect(gateway.sent.at(-1)).toEqual({
      method: 'POST',
      url: '/api/auth/grant-subsidiary-access',
      body: { institution_id: SUB, user_email: 'dean@addis.et', role: 'institution', access_level: 'admin', permissions: [] },
    });
  });
});

describe('billing and plan', () => {
  it('upgrades with cycle and method, and a pending answer carries the checkout', async () => {
    gateway.answer = () => ({
      status: 200,
      body: {
        status: 'pending',
        payment_id: SUB,
        checkout_url: '/checkout/demo/x',
        tier_name: 'enterprise',
        amount_minor: 100,
        currency: 'ETB',
        message: 'Pay',
      },
    });
    const reply = await callRoute(institutionRoutes.upgrade, {
      params: { id: ID },
      body: { tier_id: SUB, billing_cycle: 'yearly', payment_method: 'chapa' },
    });
    expect(gateway.sent.at(-1)).toEqual({
      method: 'POST',
      url: `/api/institutions/${ID}/upgrade`,
      body: { tier_id: SUB, billing_cycle: 'yearly', payment_method: 'chapa' },
    });
    expect(reply).toMatchObject({ status: 'pending', checkout_url: '/checkout/demo/x' });
    await callRoute(institutionRoutes.tiers);
    expect(gateway.sent.at(-1)!.url).toBe('/api/institution-tiers');
    await callRoute(institutionRoutes.usage, { params: { id: ID } });
    expect(gateway.sent.at(-1)!.url).toBe(`/api/institutions/${ID}/usage`);
  });

  it('refreshes the institution, its usage and the wallet after an upgrade', () => {
    const stale = ['institution.', 'billing.'] as const;
    expect(isStale([institutionRoutes.me.subject], stale)).toBe(true);
    expect(isStale([institutionRoutes.usage.subject, { params: { id: ID } }], stale)).toBe(true);
    expect(isStale([billingRoutes.walletBalance.subject], stale)).toBe(true);
    expect(isStale(['catalog.course.list'], stale)).toBe(false);
  });
});
