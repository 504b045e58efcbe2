import { assessmentEntities } from './entities/index.js';
import { Initial1764288000000 } from './migrations/1764288000000-initial.js';
import { UsersReadModel1764500000000 } from './migrations/1764500000000-users-read-model.js';
import { AssignmentDueNotice1796186585931 } from './migrations/1796186585931-assignment-due-notice.js';

/**
 * Assessment's tables: the entities are their one description, new migrations are generated
 * from them (`npm run migration:generate -- assessment <Name>` appends to this list), and the
 * service test fails when the migrated database and the entities differ.
 */
export const entities = assessmentEntities;
export const migrations = [Initial1764288000000, UsersReadModel1764500000000, AssignmentDueNotice1796186585931];
