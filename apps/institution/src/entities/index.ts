export * from './institution.entity.js';
export * from './member.entity.js';
export * from './subdomain.entity.js';
export * from './api-key.entity.js';
export * from './subleasing-plan.entity.js';
export * from './tier.entity.js';
export * from './tier-upgrade.entity.js';
export * from './course.entity.js';
export * from './enrollment.entity.js';
export * from './bulk-import.entity.js';
export * from './course-assignment.entity.js';
export * from './invitation.entity.js';

import { ReadModelUserEntity } from '@lp/service-kit';
import { InstitutionEntity } from './institution.entity.js';
import { MemberEntity } from './member.entity.js';
import { SubdomainEntity } from './subdomain.entity.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { SubleasingPlanEntity } from './subleasing-plan.entity.js';
import { TierEntity } from './tier.entity.js';
import { TierUpgradeEntity } from './tier-upgrade.entity.js';
import { CourseEntity } from './course.entity.js';
import { EnrollmentEntity } from './enrollment.entity.js';
import { BulkImportEntity } from './bulk-import.entity.js';
import { CourseAssignmentEntity } from './course-assignment.entity.js';
import { InvitationEntity } from './invitation.entity.js';

/** Every table of institution's database, listed once (data-source.ts and the app module take it from here). */
export const institutionEntities = [
  InstitutionEntity,
  MemberEntity,
  SubdomainEntity,
  ReadModelUserEntity,
  ApiKeyEntity,
  SubleasingPlanEntity,
  TierEntity,
  TierUpgradeEntity,
  CourseEntity,
  EnrollmentEntity,
  BulkImportEntity,
  CourseAssignmentEntity,
  InvitationEntity,
];
