import { Initial1795717045129 } from './migrations/1795717045129-initial.js';
import { ApiKeys1795717865246 } from './migrations/1795717865246-api-keys.js';
import { PlansTiers1795718149761 } from './migrations/1795718149761-plans-tiers.js';
import { ReadModelsBulk1795718239046 } from './migrations/1795718239046-read-models-bulk.js';
import { CourseAssignments1795718280450 } from './migrations/1795718280450-course-assignments.js';
import { Invitations1795777932047 } from './migrations/1795777932047-invitations.js';
import { institutionEntities } from './entities/index.js';

/**
 * Institution's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- institution <Name>` appends to this list), and the
 * service test fails when the two differ. Row-level security (policies, FORCE) is added by
 * hand in the migrations: see common/tenancy.ts.
 */
export const entities = institutionEntities;
export const migrations = [
  Initial1795717045129,
  ApiKeys1795717865246,
  PlansTiers1795718149761,
  ReadModelsBulk1795718239046,
  CourseAssignments1795718280450,
  Invitations1795777932047,
];
