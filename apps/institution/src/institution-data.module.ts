import { Global, Module } from '@nestjs/common';
import { Tenancy } from './common/tenancy.js';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { BulkRepository } from './modules/bulk/bulk.repository.js';
import { CoursesRepository } from './modules/courses/courses.repository.js';
import { HierarchyRepository } from './modules/hierarchy/hierarchy.repository.js';
import { InstitutionsRepository } from './modules/institutions/institutions.repository.js';
import { InvitationDelivery } from './modules/invitations/invitation-delivery.js';
import { InvitationsRepository } from './modules/invitations/invitations.repository.js';
import { MemberEvents } from './modules/members/member-events.js';
import { MembersRepository } from './modules/members/members.repository.js';
import { PlansRepository } from './modules/plans/plans.repository.js';
import { TierLimits } from './modules/tiers/tier-limits.js';
import { TiersRepository } from './modules/tiers/tiers.repository.js';

const repositories = [
  InstitutionsRepository,
  MembersRepository,
  InvitationsRepository,
  HierarchyRepository,
  PlansRepository,
  TiersRepository,
  ApiKeysRepository,
  BulkRepository,
  CoursesRepository,
];

/** What several areas share on top of the repositories: member events, invitations' delivery, the tier's limits. */
const shared = [MemberEvents, InvitationDelivery, TierLimits];

/**
 * Institution's data layer, shared by its areas (an onboarding writes an institution and its
 * first member, a verification delivers held invitations, a CSV batch adds members within the
 * tier), and Tenancy, through which every transaction of the service runs (row-level security).
 */
@Global()
@Module({ providers: [...repositories, ...shared, Tenancy], exports: [...repositories, ...shared, Tenancy] })
export class InstitutionDataModule {}
