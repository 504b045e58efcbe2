/**
 * Institution's routes: one declaration each; the gateway, the service, the SPA client and
 * OpenAPI derive from it.
 *
 * Every /institutions/{id}/... route is answered only for an institution the caller
 * administers, directly or through an ancestor (ROUTES.md: tenant isolation); another
 * tenant's id answers 404 'Institution not found', as an unknown id does, so a caller learns
 * nothing about other tenants. A readonly member reads; a change answers 403.
 *
 * Besides ROUTES.md: GET /institutions/{id}/members/bulk and .../bulk/{jobId} (the bulk
 * job's progress and per-row errors), GET /institutions/{id}/portal-access (the Portal
 * Access tab's grants, which the spec shows as sample data), POST /institutions/{id}/enrollments
 * (enroll a member: what an API key with enrollments.create does), GET /portals/by-subdomain
 * (a {subdomain} host's branding before sign-in) and DELETE /institutions/{id}/subsidiaries/{subId}
 * is not offered: the spec has no delete of a subsidiary.
 *
 * Also besides ROUTES.md (issue 24, item 3, membership by consent): GET /institutions/{id}/invitations,
 * DELETE /institutions/{id}/invitations/{invitationId} (the admin's side), and the invitee's
 * GET /institution-invitations, POST /institution-invitations/{invitationId}/accept and /decline,
 * GET /institution-memberships and DELETE /institution-memberships/{institutionId} (leave).
 */
import { defineRoute } from '../common/route.js';
import { defineInternal } from '../common/bus-access.js';
import { MessageResponse } from '../common/ids.js';
import * as s from './schemas.js';

const service = 'institution' as const;
const INSTITUTION = ['institution'] as const;
const ADMIN = ['admin'] as const;
const WRITE = { limit: 120, windowSeconds: 60, per: 'user' } as const;

export const institutionRoutes = {
  // ---------------------------------------------------------------- the institution
  me: defineRoute({
    subject: 'institution.institution.me', service, method: 'GET', path: '/institutions/me', guard: 'any',
    summary: "The institution of the caller's current portal, else the first one the caller administers; 404 'No institution' when none",
    response: s.InstitutionSchema,
  }),
  onboard: defineRoute({
    subject: 'institution.institution.onboard', service, method: 'POST', path: '/institutions/onboard', guard: 'any',
    summary: 'Registers an institution (pending verification by an admin); the caller becomes its admin',
    body: s.OnboardRequest, response: s.InstitutionSchema, successStatus: 201, rateLimit: { limit: 10, windowSeconds: 3600, per: 'user' },
  }),
  checkSubdomain: defineRoute({
    subject: 'institution.institution.check-subdomain', service, method: 'GET', path: '/institutions/check-subdomain', guard: 'any',
    summary: 'Whether a subdomain (lowercased, letters, digits and hyphens) is free; taken_by names the institution holding it',
    query: s.CheckSubdomainQuery, response: s.CheckSubdomainResponse,
  }),
  get: defineRoute({
    subject: 'institution.institution.get', service, method: 'GET', path: '/institutions/{id}', guard: INSTITUTION,
    summary: 'One institution of the caller (or of its subtree)', params: s.InstitutionIdParams, response: s.InstitutionSchema,
  }),
  update: defineRoute({
    subject: 'institution.institution.update', service, method: 'PUT', path: '/institutions/{id}', guard: INSTITUTION,
    summary: 'Details and white-label settings (logo URL, colours, custom text)', params: s.InstitutionIdParams,
    body: s.InstitutionUpdateRequest, response: s.InstitutionSchema, rateLimit: WRITE,
  }),
  logo: defineRoute({
    subject: 'institution.institution.logo', service, method: 'POST', path: '/institutions/{id}/logo', guard: INSTITUTION,
    summary: 'Sets the logo URL', params: s.InstitutionIdParams, query: s.LogoQuery, response: s.InstitutionSchema, rateLimit: WRITE,
  }),
  dashboard: defineRoute({
    subject: 'institution.institution.dashboard', service, method: 'GET', path: '/institutions/{id}/dashboard', guard: INSTITUTION,
    summary: 'The Overview figures: students, faculty, enrollments, completion rate, students active in the last 30 days',
    params: s.InstitutionIdParams, response: s.DashboardStatsSchema,
  }),
  analytics: defineRoute({
    subject: 'institution.institution.analytics', service, method: 'GET', path: '/institutions/{id}/analytics', guard: INSTITUTION,
    apiKey: 'analytics.read',
    summary: "Members, enrollments and revenue of the institution's courses, with a monthly trend",
    params: s.InstitutionIdParams, query: s.InstitutionAnalyticsQuery, response: s.InstitutionAnalyticsSchema,
  }),
  usage: defineRoute({
    subject: 'institution.institution.usage', service, method: 'GET', path: '/institutions/{id}/usage', guard: INSTITUTION,
    summary: "The tier's limits and what is used of them (percentages capped at 100)", params: s.InstitutionIdParams, response: s.UsageSchema,
  }),

  // ---------------------------------------------------------------- members
  listMembers: defineRoute({
    subject: 'institution.member.list', service, method: 'GET', path: '/institutions/{id}/members', guard: INSTITUTION,
    apiKey: ['students.read', 'faculty.read'],
    summary: 'Students, faculty and admins of the institution (up to 1000 at a time)',
    params: s.InstitutionIdParams, query: s.MembersQuery, response: s.MembersResponse,
  }),
  addMember: defineRoute({
    subject: 'institution.member.add', service, method: 'POST', path: '/institutions/{id}/members', guard: INSTITUTION,
    summary:
      'Invites a student or faculty member by e-mail (never a membership: the invitee accepts from /profile). Answers the same 202 whatever the e-mail; with create_account an account is made (with a "Set a password" e-mail) when none has it. An institution pending verification holds its invitations: nothing is sent and no account is made until it is verified',
    params: s.InstitutionIdParams, body: s.AddMemberRequest, response: s.MemberInvitedResponse, successStatus: 202, rateLimit: WRITE,
  }),
  listInvitations: defineRoute({
    subject: 'institution.invitation.list', service, method: 'GET', path: '/institutions/{id}/invitations', guard: INSTITUTION,
    summary: 'Invitations of the institution, open ones first (held, pending), then the latest answered ones',
    params: s.InstitutionIdParams, response: s.InstitutionInvitationsResponse,
  }),
  revokeInvitation: defineRoute({
    subject: 'institution.invitation.revoke', service, method: 'DELETE', path: '/institutions/{id}/invitations/{invitationId}', guard: INSTITUTION,
    summary: 'Withdraws an open (held or pending) invitation', params: s.InstitutionInvitationParams, response: MessageResponse, rateLimit: WRITE,
  }),
  updateMember: defineRoute({
    subject: 'institution.member.update', service, method: 'PUT', path: '/institutions/{id}/members/{memberId}', guard: INSTITUTION,
    summary: "A member's notes", params: s.MemberParams, body: s.UpdateMemberRequest, response: s.MemberSchema, rateLimit: WRITE,
  }),
  memberStatus: defineRoute({
    subject: 'institution.member.status', service, method: 'PUT', path: '/institutions/{id}/members/{memberId}/status', guard: INSTITUTION,
    summary: 'Suspends or reactivates a member (a suspended member cannot enter the portal)',
    params: s.MemberParams, body: s.MemberStatusRequest, response: s.MemberSchema, rateLimit: WRITE,
  }),
  removeMember: defineRoute({
    subject: 'institution.member.remove', service, method: 'DELETE', path: '/institutions/{id}/members/{memberId}', guard: INSTITUTION,
    summary: 'Removes a member for good (the account stays)', params: s.MemberParams, response: MessageResponse, rateLimit: WRITE,
  }),
  bulkEnroll: defineRoute({
    subject: 'institution.member.bulk', service, method: 'POST', path: '/institutions/{id}/members/bulk', guard: INSTITUTION,
    summary:
      'Queues a CSV import (email, name, role student/faculty) with an optional course to enroll into; answers the job at once. The file comes either as a multipart `file` (up to BULK_IMPORT_FILE_MAX_BYTES, 50 MB, with `course_id` as a form field) or base64 as `csv_data` in a JSON body (up to the 1 MiB body limit), never both',
    params: s.InstitutionIdParams, body: s.BulkEnrollRequest, bodyKind: 'form', response: s.BulkImportSchema, successStatus: 202,
    rateLimit: { limit: 20, windowSeconds: 3600, per: 'user' },
  }),
  bulkImports: defineRoute({
    subject: 'institution.member.bulk-list', service, method: 'GET', path: '/institutions/{id}/members/bulk', guard: INSTITUTION,
    summary: 'The latest imports, newest first', params: s.InstitutionIdParams, response: s.BulkImportsResponse,
  }),
  bulkImport: defineRoute({
    subject: 'institution.member.bulk-get', service, method: 'GET', path: '/institutions/{id}/members/bulk/{jobId}', guard: INSTITUTION,
    summary: "One import's progress, counts and per-row errors", params: s.BulkJobParams, response: s.BulkImportSchema,
  }),
  enrollMember: defineRoute({
    subject: 'institution.member.enroll', service, method: 'POST', path: '/institutions/{id}/enrollments', guard: INSTITUTION,
    apiKey: 'enrollments.create',
    summary: "Enrolls a member in one of the institution's courses", params: s.InstitutionIdParams,
    body: s.EnrollMemberRequest, response: s.EnrollMemberResponse, successStatus: 201, rateLimit: WRITE,
  }),
  portalAccess: defineRoute({
    subject: 'institution.member.portal-access', service, method: 'GET', path: '/institutions/{id}/portal-access', guard: INSTITUTION,
    summary: 'People granted access to the portal (POST /auth/grant-subsidiary-access), with role and access level',
    params: s.InstitutionIdParams, response: s.PortalGrantsResponse,
  }),

  // ---------------------------------------------------------------- the invitee's side (/profile)
  myInvitations: defineRoute({
    subject: 'institution.invitation.mine', service, method: 'GET', path: '/institution-invitations', guard: 'any',
    summary: "The caller's delivered, unexpired invitations (addressed to their account's e-mail)",
    response: s.MyInvitationsResponse,
  }),
  acceptInvitation: defineRoute({
    subject: 'institution.invitation.accept', service, method: 'POST', path: '/institution-invitations/{invitationId}/accept', guard: 'any',
    summary: "Accepts an invitation addressed to the caller's own e-mail: the caller becomes a member (404 for anyone else's)",
    params: s.MyInvitationParams, response: s.MyMembershipSchema, rateLimit: WRITE,
  }),
  declineInvitation: defineRoute({
    subject: 'institution.invitation.decline', service, method: 'POST', path: '/institution-invitations/{invitationId}/decline', guard: 'any',
    summary: "Declines an invitation addressed to the caller's own e-mail", params: s.MyInvitationParams, response: MessageResponse, rateLimit: WRITE,
  }),
  myMemberships: defineRoute({
    subject: 'institution.membership.mine', service, method: 'GET', path: '/institution-memberships', guard: 'any',
    summary: "The institutions the caller is a member of", response: s.MyMembershipsResponse,
  }),
  leaveInstitution: defineRoute({
    subject: 'institution.membership.leave', service, method: 'DELETE', path: '/institution-memberships/{institutionId}', guard: 'any',
    summary: "Leaves an institution (its portal and that portal's sessions end); its last admin cannot leave",
    params: s.MyMembershipParams, response: MessageResponse, rateLimit: WRITE,
  }),

  // ---------------------------------------------------------------- sub-leasing plans
  listPlans: defineRoute({
    subject: 'institution.plan.list', service, method: 'GET', path: '/institutions/{id}/subleasing-plans', guard: INSTITUTION,
    summary: 'Sub-leasing plans', params: s.InstitutionIdParams, response: s.SubleasingPlansResponse,
  }),
  createPlan: defineRoute({
    subject: 'institution.plan.create', service, method: 'POST', path: '/institutions/{id}/subleasing-plans', guard: INSTITUTION,
    summary: 'Creates a plan (defaults: ETB, month, student, active, not featured)', params: s.InstitutionIdParams,
    body: s.SubleasingPlanRequest, response: s.SubleasingPlanSchema, successStatus: 201, rateLimit: WRITE,
  }),
  updatePlan: defineRoute({
    subject: 'institution.plan.update', service, method: 'PUT', path: '/institutions/{id}/subleasing-plans/{planId}', guard: INSTITUTION,
    summary: 'Replaces a plan', params: s.PlanParams, body: s.SubleasingPlanRequest, response: s.SubleasingPlanSchema, rateLimit: WRITE,
  }),
  deletePlan: defineRoute({
    subject: 'institution.plan.delete', service, method: 'DELETE', path: '/institutions/{id}/subleasing-plans/{planId}', guard: INSTITUTION,
    summary: 'Deletes a plan', params: s.PlanParams, response: MessageResponse, rateLimit: WRITE,
  }),

  // ---------------------------------------------------------------- hierarchy
  listSubsidiaries: defineRoute({
    subject: 'institution.subsidiary.list', service, method: 'GET', path: '/institutions/{id}/subsidiaries', guard: INSTITUTION,
    summary: 'Every institution below this one, level by level', params: s.InstitutionIdParams, response: s.SubsidiariesResponse,
  }),
  createSubsidiary: defineRoute({
    subject: 'institution.subsidiary.create', service, method: 'POST', path: '/institutions/{id}/subsidiaries', guard: INSTITUTION,
    summary: "Adds a subsidiary under this institution or one below it (its parent one organizational level up), within the tier's and the default limit of 50",
    params: s.InstitutionIdParams, body: s.SubsidiaryRequest, response: s.SubsidiarySchema, successStatus: 201, rateLimit: WRITE,
  }),
  updateSubsidiary: defineRoute({
    subject: 'institution.subsidiary.update', service, method: 'PUT', path: '/institutions/{id}/subsidiaries/{subId}', guard: INSTITUTION,
    summary: 'Edits a subsidiary of the subtree', params: s.SubsidiaryParams, body: s.SubsidiaryUpdateRequest, response: s.SubsidiarySchema, rateLimit: WRITE,
  }),
  subsidiaryResources: defineRoute({
    subject: 'institution.subsidiary.resources', service, method: 'GET', path: '/institutions/{id}/subsidiaries/{subId}/resources', guard: INSTITUTION,
    summary: 'Courses, students and faculty assigned to a subsidiary', params: s.SubsidiaryParams, response: s.InstitutionResourcesResponse,
  }),
  hierarchy: defineRoute({
    subject: 'institution.hierarchy.tree', service, method: 'GET', path: '/institutions/{id}/hierarchy', guard: INSTITUTION,
    summary: 'The subtree from this institution down', params: s.InstitutionIdParams, response: s.HierarchyResponse,
  }),
  hierarchyPath: defineRoute({
    subject: 'institution.hierarchy.path', service, method: 'GET', path: '/institutions/{id}/hierarchy-path', guard: INSTITUTION,
    summary: 'The institutions from the top the caller may see down to this one', params: s.InstitutionIdParams, response: s.HierarchyPathResponse,
  }),
  orgChart: defineRoute({
    subject: 'institution.hierarchy.org-chart', service, method: 'GET', path: '/institutions/{id}/organizational-chart', guard: INSTITUTION,
    summary: 'The organizational chart from the top the caller may see', params: s.InstitutionIdParams, response: s.OrgChartResponse,
  }),
  unassignedResources: defineRoute({
    subject: 'institution.hierarchy.unassigned', service, method: 'GET', path: '/institutions/{id}/unassigned-resources', guard: INSTITUTION,
    summary: 'Courses, students and faculty of this institution not assigned to any subsidiary', params: s.InstitutionIdParams, response: s.InstitutionResourcesResponse,
  }),
  assignResources: defineRoute({
    subject: 'institution.hierarchy.assign', service, method: 'POST', path: '/institutions/{id}/assign-resources', guard: INSTITUTION,
    summary: 'Assigns (or unassigns) courses, students or faculty of this institution to a subsidiary of its subtree',
    params: s.InstitutionIdParams, body: s.AssignResourcesRequest, response: s.AssignResourcesResponse, rateLimit: WRITE,
  }),
  cascadeSettings: defineRoute({
    subject: 'institution.cascade.get', service, method: 'GET', path: '/institutions/{id}/cascade-settings', guard: INSTITUTION,
    summary: 'What apply-cascade copies down the subtree', params: s.InstitutionIdParams, response: s.CascadeSettingsResponse,
  }),
  updateCascadeSettings: defineRoute({
    subject: 'institution.cascade.update', service, method: 'PUT', path: '/institutions/{id}/cascade-settings', guard: INSTITUTION,
    summary: 'Chooses what apply-cascade copies: branding, pricing (sub-leasing plans), policies, content (courses), users (members)',
    params: s.InstitutionIdParams, body: s.CascadeSettingsRequest, response: s.CascadeSettingsResponse, rateLimit: WRITE,
  }),
  applyCascade: defineRoute({
    subject: 'institution.cascade.apply', service, method: 'POST', path: '/institutions/{id}/apply-cascade', guard: INSTITUTION,
    summary: 'Copies the chosen settings to every institution of the subtree, in one transaction; applying twice copies nothing new',
    params: s.InstitutionIdParams, response: s.ApplyCascadeResponse, rateLimit: { limit: 10, windowSeconds: 60, per: 'user' },
  }),

  // ---------------------------------------------------------------- tiers
  tiers: defineRoute({
    subject: 'institution.tier.list', service, method: 'GET', path: '/institution-tiers', guard: 'any',
    summary: 'The institution subscription tiers, in display order (prices in ETB)', response: s.TiersResponse,
  }),
  upgrade: defineRoute({
    subject: 'institution.tier.upgrade', service, method: 'POST', path: '/institutions/{id}/upgrade', guard: INSTITUTION,
    summary: "Moves to another tier, paid through billing (wallet at once, a provider by checkout); the tier changes when the payment completes",
    params: s.InstitutionIdParams, body: s.UpgradeRequest, response: s.UpgradeResponse, rateLimit: { limit: 10, windowSeconds: 60, per: 'user' },
  }),
  adminTiers: defineRoute({
    subject: 'institution.tier.admin-list', service, method: 'GET', path: '/admin/institution-tiers', guard: ADMIN,
    summary: 'Every tier, including inactive ones', response: s.TiersResponse,
  }),

  // ---------------------------------------------------------------- API keys
  listApiKeys: defineRoute({
    subject: 'institution.api-key.list', service, method: 'GET', path: '/institutions/{id}/api-keys', guard: INSTITUTION,
    summary: 'Keys with their usage (never the key itself)', params: s.InstitutionIdParams, response: s.ApiKeysResponse,
  }),
  createApiKey: defineRoute({
    subject: 'institution.api-key.create', service, method: 'POST', path: '/institutions/{id}/api-keys', guard: INSTITUTION,
    summary: 'Makes a key: the full value is in this answer only (a hash is kept)', params: s.InstitutionIdParams,
    body: s.CreateApiKeyRequest, response: s.CreatedApiKeySchema, successStatus: 201, rateLimit: WRITE,
  }),
  revokeApiKey: defineRoute({
    subject: 'institution.api-key.revoke', service, method: 'DELETE', path: '/institutions/{id}/api-keys/{keyId}', guard: INSTITUTION,
    summary: 'Revokes a key for good', params: s.ApiKeyParams, response: MessageResponse, rateLimit: WRITE,
  }),

  // ---------------------------------------------------------------- admin
  adminInstitutions: defineRoute({
    subject: 'institution.admin.list', service, method: 'GET', path: '/admin/institutions', guard: ADMIN,
    summary: 'Every institution, pending ones first', query: s.AdminInstitutionsQuery, response: s.AdminInstitutionsResponse,
  }),
  verify: defineRoute({
    subject: 'institution.admin.verify', service, method: 'POST', path: '/admin/institutions/{id}/verify', guard: ADMIN,
    summary: 'Verifies or rejects a pending institution, with notes', params: s.InstitutionIdParams, body: s.VerifyRequest, response: s.InstitutionSchema,
  }),

  // ---------------------------------------------------------------- portals
  portalBySubdomain: defineRoute({
    subject: 'institution.portal.by-subdomain', service, method: 'GET', path: '/portals/by-subdomain', guard: 'public',
    summary: "A verified institution's name and white-label settings for its {subdomain} host (404 for any other)",
    query: s.PortalByHostQuery, response: s.PortalBrandingResponse,
  }),
} as const;

/** Institution's bus subjects for other services (ROUTES.md has no HTTP face for these). */
export const institutionInternal = {
  authenticateApiKey: defineInternal({
    subject: 'institution.api-key.authenticate', request: s.AuthenticateApiKeyRequest, response: s.AuthenticateApiKeyReply, callers: ['gateway'],
  }),
  grantAccess: defineInternal({ subject: 'institution.member.grant', request: s.GrantAccessRequest, response: s.GrantAccessReply, callers: ['identity'] }),
  /** the bulk-enrollment job adds a batch of members (members that exist are left as they are) */
  bulkApplyBatch: defineInternal({ subject: 'institution.bulk.apply-batch', request: s.BulkApplyBatchRequest, response: s.BulkApplyBatchReply, callers: ['worker'] }),
  /** the bulk-enrollment job's progress, counts, per-row errors and end */
  bulkReport: defineInternal({ subject: 'institution.bulk.report', request: s.BulkReportRequest, response: s.BulkReportReply, callers: ['worker'] }),
  /** billing prices a tier upgrade (item_type institution_tier, item_id the upgrade) from the upgrade itself, never from the browser */
  tierPricing: defineInternal({ subject: 'institution.tier.pricing', request: s.TierPricingRequest, response: s.TierPricingResponse, callers: ['billing'] }),
} as const;
