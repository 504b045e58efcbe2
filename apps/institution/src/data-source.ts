import { Initial1795717045129 } from './migrations/1795717045129-initial.js';
import { ApiKeys1795717865246 } from './migrations/1795717865246-api-keys.js';
import { PlansTiers1795718149761 } from './migrations/1795718149761-plans-tiers.js';
import { ReadModelsBulk1795718239046 } from './migrations/1795718239046-read-models-bulk.js';
import { CourseAssignments1795718280450 } from './migrations/1795718280450-course-assignments.js';
import { Invitations1795777932047 } from './migrations/1795777932047-invitations.js';
import { ReadModelUserEntity } from '@lp/service-kit';
import { InstitutionEntity } from './entities/institution.entity.js';
import { MemberEntity } from './entities/member.entity.js';
import { SubdomainEntity } from './entities/subdomain.entity.js';
import { CourseEntity } from './entities/course.entity.js';
import { EnrollmentEntity } from './entities/enrollment.entity.js';
import { BulkImportEntity } from './entities/bulk-import.entity.js';
import { ApiKeyEntity } from './entities/api-key.entity.js';
import { SubleasingPlanEntity } from './entities/subleasing-plan.entity.js';
import { TierEntity } from './entities/tier.entity.js';
import { TierUpgradeEntity } from './entities/tier-upgrade.entity.js';
import { CourseAssignmentEntity } from './entities/course-assignment.entity.js';
import { InvitationEntity } from './entities/invitation.entity.js';

/**
 * Institution's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- institution <Name>` appends to this list), and the
 * service test fails when the two differ. Row-level security (policies, FORCE) is added by
 * hand in the migrations: see common/tenancy.ts.
 */
export const entities = [
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
export const migrations = [
  Initial1795717045129,
  ApiKeys1795717865246,
  PlansTiers1795718149761,
  ReadModelsBulk1795718239046,
  CourseAssignments1795718280450,
  Invitations1795777932047,
];
