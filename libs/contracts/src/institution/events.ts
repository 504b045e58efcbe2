import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { AccessLevelSchema, LevelTypeSchema, MemberTypeSchema, PortalRoleSchema, VerificationStatusSchema } from './schemas.js';

const service = 'institution' as const;

const institutionFields = {
  v: z.literal(1),
  institution_id: z.string(),
  name: z.string(),
  subdomain: z.string().nullable(),
  parent_institution_id: z.string().nullable(),
  /** ids from the top institution down to this one (itself last) */
  path_ids: z.array(z.string()),
  level_type: LevelTypeSchema,
  verification_status: VerificationStatusSchema,
};

/** Institution's events: tenants, their members (the portals identity keeps) and their tier. */
export const institutionEvents = {
  created: defineEvent({
    name: 'institution.created',
    service,
    summary: 'An institution was onboarded, or a subsidiary added under one',
    schema: z.object({ ...institutionFields, created_by: z.string(), created_at: z.string() }),
  }),
  updated: defineEvent({
    name: 'institution.updated',
    service,
    summary: "An institution's name, subdomain or place in the hierarchy changed (portals show the new name)",
    schema: z.object({ ...institutionFields, updated_at: z.string() }),
  }),
  verified: defineEvent({
    name: 'institution.verified',
    service,
    summary: 'An admin verified or rejected a pending institution',
    schema: z.object({
      ...institutionFields,
      notes: z.string().nullable(),
      verified_by: z.string(),
      verified_at: z.string(),
      /** the account that onboarded it, told of the outcome (absent from older events) */
      created_by: z.string().optional(),
    }),
  }),
  memberAdded: defineEvent({
    name: 'institution.member.added',
    service,
    summary:
      "A person became a member of an institution, or a member's role, access level or suspension changed: their portal as it is now",
    schema: z.object({
      v: z.literal(1),
      member_id: z.string(),
      institution_id: z.string(),
      institution_name: z.string(),
      subdomain: z.string().nullable(),
      user_id: z.string(),
      member_type: MemberTypeSchema,
      portal_role: PortalRoleSchema,
      access_level: AccessLevelSchema,
      permissions: z.array(z.string()),
      is_suspended: z.boolean(),
      changed_at: z.string(),
    }),
  }),
  memberRemoved: defineEvent({
    name: 'institution.member.removed',
    service,
    summary: 'A member was removed from an institution: the portal is gone',
    schema: z.object({ v: z.literal(1), member_id: z.string(), institution_id: z.string(), user_id: z.string(), removed_at: z.string() }),
  }),
  invitationSent: defineEvent({
    name: 'institution.invitation.sent',
    service,
    summary:
      'An invitation reached its invitee: at once for a verified institution, else in the verification transaction (held ones). Identity e-mails it (a link to /profile) and, with create_account when no account has the e-mail, makes the account and sends its "Set a password" link',
    schema: z.object({
      v: z.literal(1),
      invitation_id: z.string(),
      institution_id: z.string(),
      institution_name: z.string(),
      /** lower case */
      email: z.string(),
      name: z.string().nullable(),
      member_type: MemberTypeSchema,
      create_account: z.boolean(),
      invited_by_name: z.string().nullable(),
      expires_at: z.string(),
      /** 1 for the first delivery, +1 for each re-invitation: one e-mail per sending */
      sending: z.number().int().min(1),
    }),
  }),
  tierChanged: defineEvent({
    name: 'institution.tier.changed',
    service,
    summary: "An institution's subscription tier changed after its payment completed",
    schema: z.object({
      v: z.literal(1),
      institution_id: z.string(),
      from_tier: z.string(),
      to_tier: z.string(),
      billing_cycle: z.enum(['monthly', 'yearly']),
      payment_id: z.string().nullable(),
      amount_minor: z.number().int(),
      currency: z.string(),
      changed_at: z.string(),
    }),
  }),
} as const;
